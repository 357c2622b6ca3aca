import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Paths that must never reach a log line, whatever object they sit in. */
const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'broker_token',
  '*.broker_token',
  'appCode',
  '*.appCode',
  'appcode',
  '*.appcode',
  'req.headers.authorization',
  'accessToken',
  '*.accessToken',
  // A broker account's own Kite Connect app (issue 12): its key and secret, plain or as the body fields.
  'api_key',
  '*.api_key',
  'api_secret',
  '*.api_secret',
  'apiKey',
  '*.apiKey',
  'apiSecret',
  '*.apiSecret',
];

/**
 * The console's logger, writing JSON lines to `destination` (log-destination.ts for stdout: a closed stdout
 * drops lines instead of holding the process).
 */
export function createLogger(level: string, destination: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, destination);
}
