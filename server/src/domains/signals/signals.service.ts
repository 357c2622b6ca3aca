import type { SignalAction, SignalOutcome, SignalRequest, SignalSecret } from '@app/contract';
import { SIGNAL_RATE_PER_MINUTE, SignalRequestSchema } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { AppError, badRequest, notFound, rateLimited, unauthenticated } from '../../platform/errors.js';
import { parseWith } from '../../platform/http.js';
import type { Actor } from '../../platform/ownership.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { LoginFailureStore } from '../auth/login-failures.types.js';
import type { MappingsService } from '../strategies/mappings.service.js';
import type { SignalActs } from './signal-actions.js';
import {
  hashToken,
  interruptedOutcome,
  newSignalCredentials,
  readJsonObject,
  replayRefusal,
  secretMatches,
  sentAtOf,
  SIGNAL_CLAIM_LEASE_MS,
  signatureMatches,
} from './signals.logic.js';
import type { SignalTokenRow, SignalsRepository } from './signals.repository.js';

export interface SignalsServiceDeps {
  repo: SignalsRepository;
  secrets: Pick<SecretBox, 'encrypt' | 'decrypt'>;
  clock: Clock;
  events: Pick<DomainEventBus, 'publish'>;
  mappings: Pick<MappingsService, 'load' | 'get'>;
  act: SignalActs;
  /** Where signals per token are counted, shared by every console (the login limiter's store: Redis or the db). */
  counts: Pick<LoginFailureStore, 'record' | 'since'>;
  ratePerMinute?: number;
  /** How long a repeat waits for the first signal's outcome before answering without it. */
  repeatWaitMs?: number;
  /** How old a claim without an outcome must be before a repeat settles it as cut off (SIGNAL_CLAIM_LEASE_MS). */
  claimLeaseMs?: number;
}

/** One signal as it arrived. */
export interface IncomingSignal {
  token: string;
  raw: Buffer;
  signature: string | undefined;
  ip: string;
}

const UNKNOWN_TOKEN =
  'No strategy has this signal token: copy the webhook address again (rotating the secret changes it)';
const WRONG_SECRET = 'Wrong secret: nothing was done';
const BAD_SIGNATURE = 'The x-signature does not match the body signed with the secret: nothing was done';
const NO_SECRET = 'Send the secret in the body or sign the body (x-signature): nothing was done';
const NOT_JSON = 'The signal must be a JSON object, e.g. {"action":"start","secret":"…"}';
const STILL_ACTING = 'already received: the first signal with this key is still being acted on; nothing done';
const MINUTE_MS = 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Signals (issue 34 item 5): the owner's token and secret, and each signal checked (token, secret or
 * signature, body, replay window, rate, idempotency key) before its action runs as the owner. Every signal,
 * acted on or refused, is put on the audit record with its outcome; a secret never is.
 */
export function createSignalsService(deps: SignalsServiceDeps) {
  const { repo, clock } = deps;
  const ratePerMinute = deps.ratePerMinute ?? SIGNAL_RATE_PER_MINUTE;
  const repeatWaitMs = deps.repeatWaitMs ?? 5000;
  const claimLeaseMs = deps.claimLeaseMs ?? SIGNAL_CLAIM_LEASE_MS;
  /** Per token, when this console last recorded a rate refusal: a flood is on record once a minute, not per call. */
  const lastRateRecord = new Map<number, number>();

  async function record(
    signal: IncomingSignal,
    token: SignalTokenRow | null,
    outcome: string,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await deps.events.publish('audit.action', {
      at: clock.now(),
      actorUserId: null,
      actor: 'signal',
      action: 'signal.received',
      objectType: token ? 'mapping' : null,
      objectId: token?.mappingId ?? null,
      ownerUserId: token?.userId ?? null,
      changes: {},
      detail: { outcome, ...detail },
      ip: signal.ip || null,
    });
  }

  /** Refuses with `err` after putting the refusal on record. */
  async function refuse(
    signal: IncomingSignal,
    token: SignalTokenRow | null,
    err: AppError,
    detail: Record<string, unknown> = {},
  ): Promise<never> {
    await record(signal, token, `refused: ${err.message}`, { status: err.status, ...detail });
    throw err;
  }

  /** The token's strategy, still its owner's; a token whose strategy is gone is dropped. */
  async function tokenOf(signal: IncomingSignal): Promise<SignalTokenRow> {
    const token = await repo.findByHash(hashToken(signal.token));
    const unknown = new AppError(404, 'NOT_FOUND', UNKNOWN_TOKEN);
    if (!token) return refuse(signal, null, unknown);
    try {
      await deps.mappings.load({ userId: token.userId, role: 'user' }, token.mappingId);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      await repo.remove(token.id);
      return refuse(signal, token, unknown);
    }
    return token;
  }

  async function checkRate(signal: IncomingSignal, token: SignalTokenRow): Promise<void> {
    const now = clock.now();
    const recent = await deps.counts.since(`signal:${token.id}`, now - MINUTE_MS);
    if (recent.length < ratePerMinute) return;
    const oldest = Math.min(...recent);
    const err = rateLimited(
      `Too many signals: at most ${ratePerMinute} a minute for one strategy; nothing was done`,
      Math.max(1, Math.ceil((oldest + MINUTE_MS - now) / 1000)),
    );
    const last = lastRateRecord.get(token.id);
    if (last !== undefined && now - last < MINUTE_MS) throw err;
    lastRateRecord.set(token.id, now);
    return refuse(signal, token, err);
  }

  /** Counts a signal against its token's rate: every one that is not a repeat of a stored key. */
  const charge = (token: SignalTokenRow) => deps.counts.record(`signal:${token.id}`, clock.now());

  /** The body, authenticated by the secret it carries or by the signature of the whole of it. */
  async function authenticated(signal: IncomingSignal, token: SignalTokenRow) {
    const body = readJsonObject(signal.raw);
    const secret = deps.secrets.decrypt(token.secretSealed);
    if (signal.signature !== undefined) {
      if (!signatureMatches(signal.raw, signal.signature, secret)) {
        return refuse(signal, token, unauthenticated(BAD_SIGNATURE), { signed_by: 'signature' });
      }
    } else if (body === null) {
      return refuse(signal, token, badRequest(NOT_JSON));
    } else if (typeof body.secret !== 'string') {
      return refuse(signal, token, unauthenticated(NO_SECRET));
    } else if (!secretMatches(body.secret, secret)) {
      return refuse(signal, token, unauthenticated(WRONG_SECRET), { signed_by: 'secret' });
    }
    if (body === null) return refuse(signal, token, badRequest(NOT_JSON));
    try {
      return parseWith(SignalRequestSchema, body);
    } catch (err) {
      if (err instanceof AppError) return refuse(signal, token, err);
      throw err;
    }
  }

  /** A repeat's answer: the first signal's outcome, waited for briefly while it is still being acted on. */
  async function firstOutcome(token: SignalTokenRow, action: SignalAction, key: string, stored: string | null) {
    const until = Date.now() + repeatWaitMs;
    let outcome = stored;
    while (outcome === null && Date.now() < until) {
      await sleep(25);
      outcome = await repo.outcomeOf(token.id, action, key);
    }
    return outcome ?? STILL_ACTING;
  }

  /**
   * A key claimed longer ago than the lease and still without an outcome: its first signal was cut off (the
   * console stopped mid-way). Acting again could do twice what was done once, so nothing is done: the key is
   * settled with what is known and the strategy's state now, and every later repeat answers that. The
   * conditional write lets concurrent repeats agree on one answer.
   */
  async function settleInterrupted(token: SignalTokenRow, action: SignalAction, key: string): Promise<string> {
    const now = await deps.mappings.get({ userId: token.userId, role: 'user' }, token.mappingId);
    const outcome = interruptedOutcome(action, { runningStatus: now.running_status, openLegs: now.open_legs.length });
    return repo.settleIfOpen(token.id, action, key, outcome);
  }

  async function run(token: SignalTokenRow, request: SignalRequest): Promise<string> {
    return deps.act(request.action, { userId: token.userId, role: 'user' }, token.mappingId);
  }

  return {
    /**
     * Creates or rotates a strategy's token and secret: its owner only (an admin, too, is told it is not
     * found: a secret acts as the owner). The secret is answered this once.
     */
    async rotate(actor: Actor, mappingId: number): Promise<SignalSecret> {
      const row = await deps.mappings.load(actor, mappingId);
      if (row.userId !== actor.userId) throw notFound('Strategy mapping');
      const { token, secret } = newSignalCredentials();
      await repo.replace({
        mappingId,
        userId: row.userId,
        tokenHash: hashToken(token),
        secretSealed: deps.secrets.encrypt(secret),
        at: clock.now(),
      });
      return { signal_token: token, secret };
    },

    /** One signal: checked, acted on at most once per idempotency key, and put on record. */
    async receive(signal: IncomingSignal): Promise<SignalOutcome> {
      const token = await tokenOf(signal);
      await checkRate(signal, token);
      const request = await authenticated(signal, token).catch(async (err: unknown) => {
        await charge(token);
        throw err;
      });
      const signedBy = signal.signature !== undefined ? 'signature' : 'secret';
      const key = request.idempotency_key;
      const detail = { action: request.action, signed_by: signedBy, ...(key ? { idempotency_key: key } : {}) };
      const tooOld = replayRefusal(sentAtOf(request.timestamp, key), clock.now());
      if (tooOld !== null) {
        await charge(token);
        await record(signal, token, tooOld, { ...detail, is_repeat: false });
        return { outcome: tooOld, is_repeat: false };
      }
      if (key !== undefined) {
        const claim = await repo.claim(token.id, request.action, key, clock.now());
        if (!claim.isClaimed) {
          const isCutOff = claim.outcome === null && clock.now() - claim.claimedAt > claimLeaseMs;
          const outcome = isCutOff
            ? await settleInterrupted(token, request.action, key)
            : await firstOutcome(token, request.action, key, claim.outcome);
          await record(signal, token, outcome, {
            ...detail,
            is_repeat: true,
            ...(isCutOff ? { interrupted: true } : {}),
          });
          return { outcome, is_repeat: true };
        }
      }
      await charge(token);
      let outcome: string;
      try {
        outcome = await run(token, request);
      } catch (err) {
        outcome = 'failed: the console could not act on it (see the server log); nothing more will be tried';
        if (key !== undefined) await repo.settle(token.id, request.action, key, outcome);
        await record(signal, token, outcome, { ...detail, is_repeat: false });
        throw err;
      }
      if (key !== undefined) await repo.settle(token.id, request.action, key, outcome);
      await record(signal, token, outcome, { ...detail, is_repeat: false });
      return { outcome, is_repeat: false };
    },
  };
}

export type SignalsService = ReturnType<typeof createSignalsService>;
