/**
 * The sandbox exchange's documented, public credentials (docs/SANDBOX.md). They guard nothing real:
 * they exist so the product's login, checksum and TOTP code paths run against the sandbox exactly as
 * against Zerodha.
 */
import { generateSync, verifySync } from 'otplib';

/** The console's Kite Connect app, open to every sandbox user: its api_key… */
export const SANDBOX_KITE_API_KEY = 'sandbox_api_key';
/** …and its api_secret (for the session checksum). */
export const SANDBOX_KITE_API_SECRET = 'sandbox_api_secret';

/** The admin's market-data login (the account whose access token feeds live data). */
export const SANDBOX_ADMIN_USER_ID = 'SB0001';
/** The admin login's password. */
export const SANDBOX_ADMIN_PASSWORD = 'sandbox-admin';

/** Any other Kite-style user id (two letters, four digits) logs in with this password (users' broker logins). */
export const SANDBOX_USER_PASSWORD = 'sandbox-user';
/** What a Kite user id looks like (two capitals, four digits). */
export const SANDBOX_USER_ID_PATTERN = /^[A-Z]{2}\d{4}$/;

/** Base32 TOTP secret shared by every sandbox account (30 s step, 6 digits, SHA-1; ±1 step accepted). */
export const SANDBOX_TOTP_SECRET = 'KRSXG5CTMFXGIYTPPAQSAVDPORYA';

/** A Kite Connect app's credentials. */
export interface SandboxKiteApp {
  apiKey: string;
  apiSecret: string;
}

/**
 * Every Kite-style user id also owns a personal Kite Connect app, which logs in that user only (as at Kite):
 * api_key `sbx<id>key` and api_secret `sbx<id>secret`, the id in lower case (`AB1234`: `sbxab1234key`,
 * `sbxab1234secret`). Null for an id that is not Kite-style.
 */
export function sandboxPersonalApp(userId: string): SandboxKiteApp | null {
  if (!SANDBOX_USER_ID_PATTERN.test(userId)) return null;
  const id = userId.toLowerCase();
  return { apiKey: `sbx${id}key`, apiSecret: `sbx${id}secret` };
}

/** The user a personal app's api_key belongs to, or null when it names no personal app. */
export function sandboxPersonalAppOwner(apiKey: string): string | null {
  const m = /^sbx([a-z]{2}\d{4})key$/.exec(apiKey);
  return m ? (m[1] as string).toUpperCase() : null;
}

/** The password a sandbox user id must use, or null when the id is not Kite-style. */
export function sandboxPasswordFor(userId: string): string | null {
  if (userId === SANDBOX_ADMIN_USER_ID) return SANDBOX_ADMIN_PASSWORD;
  return SANDBOX_USER_ID_PATTERN.test(userId) ? SANDBOX_USER_PASSWORD : null;
}

/** The sandbox TOTP code at `nowMs` (what `npm run sandbox:totp` prints). */
export function sandboxTotpCode(nowMs: number): string {
  // otplib counts time in seconds (RFC 6238's T), not milliseconds.
  return generateSync({ secret: SANDBOX_TOTP_SECRET, epoch: Math.floor(nowMs / 1000) });
}

/** Checks a TOTP code at `nowMs`, accepting the previous and next 30 s step for clock drift. */
export function isValidSandboxTotp(code: string, nowMs: number): boolean {
  // A tolerance of one step (30 s) either side reaches exactly the neighbouring steps.
  const epoch = Math.floor(nowMs / 1000);
  try {
    return verifySync({ secret: SANDBOX_TOTP_SECRET, token: code, epoch, epochTolerance: TOTP_STEP_SECONDS }).valid;
  } catch {
    // otplib refuses a token that is not 6 digits rather than answering false; to a login it is a wrong code.
    return false;
  }
}

const TOTP_STEP_SECONDS = 30;

/**
 * The cash every sandbox Kite account opens with: ₹1,00,00,000 (one crore), an F&O trader's account large
 * enough that an order the exchange takes (up to NIFTY's freeze quantity, 27 lots) is not refused for funds
 * unless it means to be, yet small enough that margin is real: a short NIFTY lot blocks about ₹1.5 lakh.
 */
export const DEFAULT_FUNDS_PAISE = 1_00_00_000_00;
