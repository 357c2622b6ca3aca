import { sandboxTotpCode } from '../server/src/sandbox/sandbox-accounts.js';

/** The sandbox exchange's current TOTP code, as `npm run sandbox:totp` prints it. */
export function sandboxTotp(): string {
  return sandboxTotpCode(Date.now());
}
