import { describe, expect, it } from 'vitest';
import { testEventText } from './test-event';

describe('testEventText', () => {
  it("keeps the admin's words and says live updates arrive", () => {
    expect(testEventText('Test event from the admin console')).toBe(
      'Test event from the admin console: live updates reach this screen.',
    );
    expect(testEventText('Hello there!  ')).toBe('Hello there: live updates reach this screen.');
    expect(testEventText('  ')).toBe('Test event: live updates reach this screen.');
  });
});
