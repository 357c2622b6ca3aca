import type { APIRequestContext } from '@playwright/test';
import { E2E_SANDBOX_PORT } from './playwright.config.js';
import { sandboxTotpCode } from '../server/src/sandbox/sandbox-accounts.js';

/** The sandbox exchange's current TOTP code, as `npm run sandbox:totp` prints it. */
export function sandboxTotp(): string {
  return sandboxTotpCode(Date.now());
}

/**
 * Skips the market's time by `seconds` (the console runs with TEST_CLOCK=on, playwright.config.ts): the sandbox
 * streams the seconds skipped at once, so the candle they cross closes now and the engine acts on it, where a
 * story would otherwise wait up to a real minute. Time moves for every story on the console, as it would.
 */
export async function skipMarketTime(request: APIRequestContext, seconds: number): Promise<void> {
  const res = await request.post(`http://127.0.0.1:${E2E_SANDBOX_PORT}/control/clock`, {
    data: { advance_seconds: seconds },
  });
  if (res.status() !== 200) throw new Error(`The sandbox clock did not move: ${res.status()} ${await res.text()}`);
}

/**
 * Multiplies the sandbox index's implied volatility by `factor` from the next second on (1 puts it back): a
 * market that jumps, as a panic would, for every strategy on the sandbox.
 */
export async function shockSandboxVolatility(request: APIRequestContext, factor: number): Promise<void> {
  const res = await request.post(`http://127.0.0.1:${E2E_SANDBOX_PORT}/control/faults`, {
    data: { volatility_shock: { root: 'SANDBOX', factor } },
  });
  if (res.status() !== 200) throw new Error(`The sandbox did not take the shock: ${res.status()} ${await res.text()}`);
}
