import type { AuditEntry } from '@app/contract';
import { formatDateTimeIst } from '../../lib/format';
import { actionLabel, changeLines, detailLines, objectLabel } from './audit-display';

/** Entries of the audit log, newest first: when, who, what, on which object, what changed, from where. */
export function AuditTable({ entries, label }: { entries: AuditEntry[]; label: string }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            <th>Time</th>
            <th>Who</th>
            <th>Action</th>
            <th>Object</th>
            <th>Changes</th>
            <th>Address</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-testid={`audit-row-${e.id}`}>
              <td>{formatDateTimeIst(e.at)}</td>
              <td>{e.actor || '—'}</td>
              <td title={e.action}>{actionLabel(e.action)}</td>
              <td>{objectLabel(e)}</td>
              <td>
                {[...changeLines(e.changes), ...detailLines(e.detail)].map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </td>
              <td>{e.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
