/** `npm run sandbox`: runs the sandbox exchange on its own (SANDBOX_PORT, default 7400; SANDBOX_SEED). */
import path from 'node:path';
import { parseSandboxEnv, sandboxBanner } from './cli-support.js';
import { KITE_REAL_RATE_LIMITS } from './rate-limits.js';
import { createSandboxExchange } from './sandbox-exchange.js';

const env = parseSandboxEnv(process.env);
const exchange = await createSandboxExchange({
  seed: env.SANDBOX_SEED,
  port: env.SANDBOX_PORT,
  host: env.SANDBOX_HOST,
  ...(env.SANDBOX_REAL_LIMITS === '1' ? { rateLimits: KITE_REAL_RATE_LIMITS } : {}),
  ...(env.SANDBOX_STATE_FILE ? { stateFile: path.resolve(env.SANDBOX_STATE_FILE) } : {}),
  enforceIp: env.SANDBOX_ENFORCE_IP === '1',
});
console.log(sandboxBanner(exchange, env.SANDBOX_SEED));

const stop = (): void => {
  exchange.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
