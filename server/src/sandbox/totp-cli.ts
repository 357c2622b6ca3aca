/** `npm run sandbox:totp`: prints the sandbox's current TOTP code (for the Kite login's 2FA step). */
import { sandboxTotpCode } from './sandbox-accounts.js';

console.log(sandboxTotpCode(Date.now()));
