import { auditHash } from '../../db/audit-chain.js';
import type { AuditRepository } from './audit.repository.js';

/** The first link that does not hold: which entry, and why. */
export interface ChainBreak {
  id: number;
  at: number;
  why: string;
}

export interface ChainReport {
  entries: number;
  lastId: number | null;
  broken: ChainBreak | null;
}

const PAGE = 1000;

/**
 * Walks the audit log in the order written and checks every link (db/audit-chain.ts): each entry's `prev_hash`
 * must be the hash of the entry before it, and its `hash` must be what its own fields give. Stops at the first
 * that does not hold. Removing the newest entries leaves no broken link; docs/DEPLOY.md says how that is caught.
 */
export async function verifyAuditChain(repo: Pick<AuditRepository, 'chainAfter'>): Promise<ChainReport> {
  let entries = 0;
  let before: { id: number; hash: string | null } | null = null;
  for (;;) {
    const rows = await repo.chainAfter(before?.id ?? 0, PAGE);
    for (const row of rows) {
      const expectedPrev = before?.hash ?? null;
      const at = Number(row.at);
      if (row.prevHash !== expectedPrev) {
        const why =
          before === null
            ? 'the first entry names an entry before it: earlier entries were removed'
            : `its prev_hash is not the hash of entry #${before.id} before it: an entry was removed, added or changed between them`;
        return { entries, lastId: before?.id ?? null, broken: { id: row.id, at, why } };
      }
      if (row.hash !== auditHash(row.prevHash, row)) {
        const why = 'its recorded fields do not give its hash: it was changed after it was written';
        return { entries, lastId: before?.id ?? null, broken: { id: row.id, at, why } };
      }
      entries++;
      before = { id: row.id, hash: row.hash };
    }
    if (rows.length < PAGE) return { entries, lastId: before?.id ?? null, broken: null };
  }
}
