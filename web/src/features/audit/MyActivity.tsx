import { AUDIT_MSG } from '@app/contract';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { Pagination } from '../../components/Pagination';
import { AuditTable } from './AuditTable';
import { useMyAuditPage } from './useAuditPage';

const PAGE_SIZE = 10;

/**
 * Profile: the user's own trail (issue 13): what they did, and what an admin or the system did to their
 * account and strategies (an automatic stop, a changed limit), newest first.
 */
export function MyActivity() {
  const [page, setPage] = useState(0);
  const log = useMyAuditPage(page, PAGE_SIZE);
  const data = log.data;
  return (
    <section className="card" aria-labelledby="my-activity-title">
      <h3 id="my-activity-title">My Activity</h3>
      {log.isPending && <p className="muted">Loading your activity...</p>}
      {log.isError && (
        <div className="message message-error" role="alert">
          {messageOf(log.error, AUDIT_MSG.failedLoad)}
        </div>
      )}
      {data && data.entries.length === 0 && <p className="muted">{AUDIT_MSG.noEntries}</p>}
      {data && data.entries.length > 0 && (
        <>
          <AuditTable entries={data.entries} label="My activity" />
          <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
