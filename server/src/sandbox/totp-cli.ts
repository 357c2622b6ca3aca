/**
 * `npm run sandbox:totp`: prints the sandbox's current TOTP code (for the Kite login's 2FA step) on stdout,
 * and how long it stays current on stderr, so a script reading the code reads only the code.
 */
import { sandboxTotpCode } from './sandbox-accounts.js';

const STEP_SECONDS = 30;
const now = Date.now();
const secondsLeft = STEP_SECONDS - (Math.floor(now / 1000) % STEP_SECONDS);
console.log(sandboxTotpCode(now));
console.error(`current for ${secondsLeft} more s (the sandbox also accepts it for the next 30 s step)`);
