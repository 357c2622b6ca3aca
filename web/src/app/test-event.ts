/** What a test event says on the chosen user's screen: the admin's words, and that live updates arrive. */
export function testEventText(message: string): string {
  const text = message.trim().replace(/[.!]+$/, '');
  return `${text || 'Test event'}: live updates reach this screen.`;
}
