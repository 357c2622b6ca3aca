import { AUDIT_ACTIONS, AUDIT_MSG } from '@app/contract';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { Pagination } from '../../components/Pagination';
import { actionLabel } from './audit-display';
import { AuditExport } from './AuditExport';
import { AuditTable } from './AuditTable';
import { useAuditPage, type AuditFilters } from './useAuditPage';

const PAGE_SIZE = 25;

/**
 * Admin tab: the audit log (issue 13). Every control action of every user and of the system, newest first,
 * filtered by who did it (the name as recorded: a username, `system`, or a failed sign-in's attempted name)
 * and by action; a date range exported as CSV with each entry's hashes.
 */
export function AuditTab() {
  const [draft, setDraft] = useState<AuditFilters>({ user: '', action: '' });
  const [filters, setFilters] = useState<AuditFilters>(draft);
  const [page, setPage] = useState(0);
  const log = useAuditPage(filters, page, PAGE_SIZE);

  function apply(next: AuditFilters) {
    setFilters(next);
    setPage(0);
  }

  const data = log.data;
  const filtered = filters.user.trim() !== '' || filters.action !== '';
  return (
    <section className="stack">
      <div className="view-header">
        <h2 className="tab-title">Audit Log</h2>
      </div>
      <p className="muted">
        Who did what, when, to which object and from which address. Passwords, tokens and app codes are never recorded.
      </p>
      <form
        className="card form-grid"
        aria-label="Audit filters"
        onSubmit={(ev) => {
          ev.preventDefault();
          apply(draft);
        }}
      >
        <label>
          User
          <input
            value={draft.user}
            placeholder="username or system"
            onChange={(ev) => setDraft({ ...draft, user: ev.target.value })}
          />
        </label>
        <label>
          Action
          <select
            value={draft.action}
            onChange={(ev) => {
              // A chosen action applies at once; the name waits for Filter (typing is not a query per key).
              const next = { ...draft, action: ev.target.value };
              setDraft(next);
              apply(next);
            }}
          >
            <option value="">{AUDIT_MSG.allActions}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Filter</button>
      </form>
      <AuditExport />
      <div className="card">
        {log.isPending && <p className="muted">Loading the audit log...</p>}
        {log.isError && (
          <div className="message message-error" role="alert">
            {messageOf(log.error, AUDIT_MSG.failedLoad)}
          </div>
        )}
        {data && data.entries.length === 0 && (
          <p className="muted">{filtered ? AUDIT_MSG.noMatches : AUDIT_MSG.noEntries}</p>
        )}
        {data && data.entries.length > 0 && (
          <>
            <AuditTable entries={data.entries} label="Audit log" />
            <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
