import type { AuditEntry } from '@app/contract';
import { formatDateTimeIst } from '../../lib/format';
import { actionLabel, changeLines, detailLines, objectLabel } from './audit-display';

/**
 * Entries of the audit log, newest first: when, who, what, on which object, what changed, from where.
 * On a phone or tablet each entry is a stacked card (`cards-narrow`, styles.css), so what happened is on screen, not off to the right.
 */
export function AuditTable({ entries, label }: { entries: AuditEntry[]; label: string }) {
  return (
    <div className="table-wrap">
      <table className="table cards-narrow audit-table" aria-label={label}>
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
          {entries.map((e) => {
            const lines = [...changeLines(e.changes), ...detailLines(e.detail)];
            return (
              <tr key={e.id} data-testid={`audit-row-${e.id}`}>
                <td data-label="Time">{formatDateTimeIst(e.at)}</td>
                <td data-label="Who">{e.actor || '—'}</td>
                <td data-label="Action" title={e.action}>
                  {actionLabel(e.action)}
                </td>
                <td data-label="Object">{objectLabel(e)}</td>
                <td data-label="Changes">
                  {lines.length > 0 && (
                    <div>
                      {lines.map((line) => (
                        <div key={line}>{line}</div>
                      ))}
                    </div>
                  )}
                </td>
                <td data-label="Address">{e.ip ?? '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
