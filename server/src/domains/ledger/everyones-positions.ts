import { api } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { eventLoopTurns } from '../../platform/event-loop-turns.js';
import { SerialisedReply } from '../../platform/serialised-reply.js';
import { createSharedReplies } from '../../platform/shared-reply.js';
import type { LedgerRepository } from './ledger.repository.js';
import type { PositionsService } from './positions.service.js';

/**
 * Making and writing the reply is cut into turns of the event loop this long (`eventLoopTurns`): requests arriving
 * meanwhile (other admins, handed the reply it replaces, and every other screen) wait at most about one turn
 * rather than the whole making (~250 ms of CPU over 10,000 strategies). Longer turns make it sooner but hold
 * requests longer; measured with `node bench/positions.bench.mjs pages`.
 */
const TURN_MS = 20;

/**
 * How long a reply is handed out as it is. Quotes are kept a second (market-data); a reply is made again once
 * half a second old because the making, in turns, now takes a few hundred milliseconds while the reply it
 * replaces is handed out: its figures, as the admin sees them, stay as fresh as when the making held every
 * request up instead (reply age measured under the bench's load: median ~0.8 s either way).
 */
const KEEP_MS = 500;

type Reply = SerialisedReply<typeof api.positions.listAll>;

/**
 * Everyone's positions (GET /positions/admin/all), made once for every admin asking at about the same time:
 * the reply is the same whoever of them asks, and over 10,000 strategies making it (~150 ms) and checking and
 * writing its JSON (~10 MB, ~120 ms) per request held each admin screen's poll far past its target (issue 32
 * item 7). It is made again once `KEEP_MS` old, or at once when a fill, leg or strategy was added or edited
 * (the fingerprint is read on every request). Only the route's admin check stands before it.
 */
export function createEveryonesPositions(deps: { repo: LedgerRepository; positions: PositionsService; clock: Clock }) {
  const shared = createSharedReplies<Reply>({ clock: deps.clock, keepMs: KEEP_MS });
  return async (): Promise<Reply> => {
    const version = await deps.repo.everyoneVersion();
    return shared.get('everyone', version, async () => {
      const data = await deps.positions.listAll(eventLoopTurns(TURN_MS));
      const reply = await SerialisedReply.inTurns(api.positions.listAll, data, 'positions', TURN_MS);
      // Gzipped before it is handed out (off the event loop, ~30 ms for 10 MB): meanwhile admins are handed the
      // reply it replaces, instead of the first ones after it all waiting for the compression.
      await reply.gzipped();
      return reply;
    });
  };
}
