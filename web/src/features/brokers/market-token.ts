import type { MarketDataToken } from '@app/contract';
import { formatDateTimeIn } from '../../lib/format';

export const marketTokenKey = ['brokers', 'market-data-token'] as const;

const istWhen = (at: string) => formatDateTimeIn(at, 'Asia/Kolkata', { seconds: false });

/** How the brokers tab colours the token's line: fine, or a token to generate. */
export type MarketTokenTone = 'ok' | 'warn';

/**
 * The console's market-data token in an admin's words: when it was generated and until when it is good (Kite
 * ends every token at 06:00 IST), that it expired or Kite refused it, or that there is none yet. On the
 * sandbox the console logs in by itself, and says so instead of asking for a code.
 */
export function marketTokenLine(t: MarketDataToken, now = Date.now()): { text: string; tone: MarketTokenTone } {
  const forWhom = t.user_id ? ` for ${t.user_id}` : '';
  if (t.state === 'valid' && t.generated_at && t.expires_at && Date.parse(t.expires_at) > now) {
    return {
      text: `Market-data token generated ${istWhen(t.generated_at)}${forWhom}, valid until ${istWhen(t.expires_at)}.`,
      tone: 'ok',
    };
  }
  const selfLogin = t.logs_in_by_itself ? ' The sandbox logs in again by itself when market data needs it.' : '';
  if (t.state === 'refused' && t.refused_at) {
    return {
      text: `Kite refused the market-data token${forWhom} at ${istWhen(t.refused_at)}: generate a new one.${selfLogin}`,
      tone: 'warn',
    };
  }
  if (t.expires_at) {
    return {
      text: `The market-data token${forWhom} expired at ${istWhen(t.expires_at)}: generate a new one.${selfLogin}`,
      tone: 'warn',
    };
  }
  if (t.logs_in_by_itself) {
    return { text: 'No market-data token yet: the sandbox logs in by itself when market data needs it.', tone: 'ok' };
  }
  return { text: 'No market-data token yet: generate one with the App Code from your authenticator.', tone: 'warn' };
}
