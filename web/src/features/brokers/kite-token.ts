import { MSG } from '@app/contract';

/** SPEC §5: the admin's Kite app code is required once trimmed; null when it may be sent. */
export function appCodeError(appCode: string): string | null {
  return appCode.trim() ? null : MSG.appCodeRequired;
}

/**
 * Kite's login refusals name its wire parameters ("Invalid `user_id` or `password`."); a trader
 * typed a Broker User ID and a password, so those words are what the token panel shows.
 */
export function plainBrokerLoginError(message: string): string {
  if (/invalid\s+`?user_id`?\s+or\s+`?password`?/i.test(message)) return 'Broker User ID or password is incorrect';
  if (/invalid\s+`?user_id`?/i.test(message)) return 'Broker User ID is not known to the broker';
  if (/`?(twofa_value|totp)`?/i.test(message)) return 'App Code is wrong or expired: use the current 6-digit code';
  // Any other backticked parameter name loses its backticks.
  return message.replace(/`([^`]*)`/g, '$1');
}
