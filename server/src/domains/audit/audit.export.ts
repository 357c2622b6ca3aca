import { api, IST_OFFSET_MS, type AuditExportQuery } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { csvLine, inertText } from '../../platform/csv.js';
import { mountCsv } from '../../platform/csv-route.js';
import type { Authenticate } from '../../platform/http.js';
import { iso } from '../../platform/time.js';
import type { AuditRepository, AuditRow } from './audit.repository.js';

/** The header row: an entry's fields as `GET /audit` names them, then the chain's two hashes. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'time',
  'actor',
  'actor_user_id',
  'action',
  'object_type',
  'object_id',
  'owner',
  'owner_user_id',
  'changes',
  'detail',
  'ip',
  'prev_hash',
  'hash',
];

const BATCH = 1000;
const DAY_MS = 86_400_000;

/** The instant an IST day (`YYYY-MM-DD`, validated by the contract) begins. */
const istDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;

/** The window's instants: `from`'s IST midnight up to the midnight after `to` (both days whole); open ends null. */
export function auditWindow(query: AuditExportQuery): { fromAt: number | null; toAt: number | null } {
  return {
    fromAt: query.from === undefined ? null : istDayStart(query.from),
    toAt: query.to === undefined ? null : istDayStart(query.to) + DAY_MS,
  };
}

/**
 * One entry as CSV fields: every field the chain hashes (db/audit-chain.ts) plus the owner's name. Text a person
 * typed or an address is made inert against formula injection (a leading `'` before `=`, `+`, `-`, `@`: remove
 * it to recompute a hash); `changes` and `detail` are the stored JSON text, as the chain hashed them.
 */
export function auditCells(row: AuditRow): string[] {
  return [
    String(row.id),
    iso(row.at),
    inertText(row.actor),
    row.actorUserId === null ? '' : String(row.actorUserId),
    inertText(row.action),
    inertText(row.objectType),
    row.objectId === null ? '' : String(row.objectId),
    inertText(row.ownerUsername),
    row.ownerUserId === null ? '' : String(row.ownerUserId),
    inertText(row.changes),
    inertText(row.detail),
    inertText(row.ip),
    row.prevHash ?? '',
    row.hash ?? '',
  ];
}

async function* auditCsv(
  repo: Pick<AuditRepository, 'between'>,
  window: ReturnType<typeof auditWindow>,
  first: AuditRow[],
): AsyncGenerator<string> {
  yield csvLine(AUDIT_CSV_COLUMNS);
  let batch = first;
  while (batch.length > 0) {
    yield batch.map((r) => csvLine(auditCells(r))).join('');
    if (batch.length < BATCH) return;
    batch = await repo.between(window, batch.at(-1)!.id, BATCH);
  }
}

/** GET /api/audit/export.csv (admin): the log over IST days, oldest first, read in batches as it is sent. */
export function registerAuditExport(
  app: FastifyInstance,
  authenticate: Authenticate,
  repo: Pick<AuditRepository, 'between'>,
): void {
  mountCsv(app, authenticate, api.audit.exportCsv, async ({ query }) => {
    const window = auditWindow(query);
    const first = await repo.between(window, 0, BATCH);
    return {
      filename: `audit-${query.from ?? 'start'}-to-${query.to ?? 'now'}.csv`,
      body: auditCsv(repo, window, first),
    };
  });
}
