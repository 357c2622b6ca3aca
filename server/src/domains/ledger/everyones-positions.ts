import { api } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { serialiseReply, type SerialisedReply } from '../../platform/serialised-reply.js';
import { createSharedReplies } from '../../platform/shared-reply.js';
import type { LedgerRepository } from './ledger.repository.js';
import type { PositionsService } from './positions.service.js';

/**
 * Quotes are kept a second (market-data), so a reply kept as long shows figures about as fresh as one made anew.
 */
const KEEP_MS = 1000;

type Reply = SerialisedReply<typeof api.positions.listAll>;

/**
 * Everyone's positions (GET /positions/admin/all), made once for every admin asking at about the same time:
 * the reply is the same whoever of them asks, and over 10,000 strategies making it (~200 ms) and checking and
 * writing its JSON (~10 MB, ~190 ms) per request held each admin screen's poll far past its target (issue 32
 * item 7). It is made again once a second old, or at once when a fill, leg or strategy was added or edited
 * (the fingerprint is read on every request). Only the route's admin check stands before it.
 */
export function createEveryonesPositions(deps: { repo: LedgerRepository; positions: PositionsService; clock: Clock }) {
  const shared = createSharedReplies<Reply>({ clock: deps.clock, keepMs: KEEP_MS });
  return async (): Promise<Reply> => {
    const version = await deps.repo.everyoneVersion();
    return shared.get('everyone', version, async () =>
      serialiseReply(api.positions.listAll, await deps.positions.listAll()),
    );
  };
}
