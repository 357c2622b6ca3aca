/** Placeholder until its screen is built: the user's broker configurations. */
export function BrokerConfigScreen() {
  return null;
}
