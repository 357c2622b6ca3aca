import { z } from 'zod';
import { defineRoute, IdParamsSchema } from './route.js';

/**
 * Signals (issue 34 item 5): an outside sender (a TradingView alert's webhook, a script) starts, stops,
 * enters, exits or realigns one strategy by its signal token, authenticated by the strategy's signing secret.
 * docs/SIGNALS.md is the trader's guide.
 */
export const SIGNAL_ACTIONS = ['start', 'stop', 'enter', 'exit', 'realign'] as const;
export type SignalAction = (typeof SIGNAL_ACTIONS)[number];

/** A signal older than this (by the time it carries) is refused: a captured alert cannot be sent again later. */
export const SIGNAL_REPLAY_WINDOW_MINUTES = 5;
/** Signals one token may send a minute, refused ones included; a repeat of a stored key does not count. */
export const SIGNAL_RATE_PER_MINUTE = 60;
/** The header that carries the hex HMAC-SHA256 of the raw body, keyed by the secret. */
export const SIGNAL_SIGNATURE_HEADER = 'x-signature';

/** What the strategy's owner copies once: the webhook address's token and the signing secret. */
export const SignalSecretSchema = z.object({
  /** URL-safe; the webhook is `POST /api/signals/{signal_token}`. */
  signal_token: z.string(),
  /** Shown this once; the console keeps it sealed and never shows it again. */
  secret: z.string(),
});
export type SignalSecret = z.infer<typeof SignalSecretSchema>;

/**
 * A signal's JSON (TradingView sends the alert message as typed; unknown fields are ignored). `secret` may
 * be left out when the request is signed (`x-signature`). `timestamp`: when the alert was sent (ISO 8601 or
 * epoch seconds/milliseconds); without one, an `idempotency_key` that reads as an ISO time (TradingView's
 * `{{timenow}}`) is taken as the time.
 */
export const SignalRequestSchema = z.object({
  action: z.enum(SIGNAL_ACTIONS, { error: `Action must be one of ${SIGNAL_ACTIONS.join(', ')}` }),
  secret: z.string({ error: 'Secret must be text' }).max(200, { error: 'Secret is too long' }).optional(),
  idempotency_key: z
    .string({ error: 'Idempotency key must be text' })
    .trim()
    .min(1, { error: 'Idempotency key must not be empty' })
    .max(200, { error: 'Idempotency key must be at most 200 characters' })
    .optional(),
  timestamp: z
    .union([z.string().max(64), z.number().finite()], { error: 'Timestamp must be an ISO time or epoch seconds' })
    .optional(),
});
export type SignalRequest = z.infer<typeof SignalRequestSchema>;

/** What was done, in a trader's words ("started", "already running: nothing done", "refused: …"). */
export const SignalOutcomeSchema = z.object({
  outcome: z.string(),
  /** A repeat of an idempotency key already received: the first signal's outcome, nothing acted again. */
  is_repeat: z.boolean(),
});
export type SignalOutcome = z.infer<typeof SignalOutcomeSchema>;

export const SignalTokenParamsSchema = z.object({
  signal_token: z.string().min(1).max(100, { error: 'Unknown signal token' }),
});

export const signalsRoutes = {
  /** Creates or rotates the strategy's signal token and secret (its owner only); the old pair stops working. */
  rotateSecret: defineRoute({
    method: 'POST',
    path: '/strategies/user-mappings/:id/signal-secret',
    access: 'user',
    ownerScoped: true,
    params: IdParamsSchema,
    data: SignalSecretSchema,
  }),
  /**
   * A signal (no session: the secret or the signature authenticates it). The body is read by the signals
   * service itself, not at the edge, so that a refused body is put on the audit record like any other signal;
   * its shape is SignalRequestSchema.
   */
  send: defineRoute({
    method: 'POST',
    path: '/signals/:signal_token',
    access: 'public',
    params: SignalTokenParamsSchema,
    body: z.unknown(),
    data: SignalOutcomeSchema,
  }),
};
