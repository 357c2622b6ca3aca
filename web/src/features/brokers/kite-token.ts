import { MSG } from '@app/contract';

/** SPEC §5: the admin's Kite app code is required once trimmed; null when it may be sent. */
export function appCodeError(appCode: string): string | null {
  return appCode.trim() ? null : MSG.appCodeRequired;
}
