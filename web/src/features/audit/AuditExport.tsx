import { api, AUDIT_MSG, istDay } from '@app/contract';
import { useState } from 'react';
import { downloadCsv } from '../../api/download-csv';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';

/** The export's query for IST days `from`–`to` (either left blank: open). */
export function auditExportPath(from: string, to: string): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const text = query.toString();
  return text ? `${api.audit.exportCsv.path}?${text}` : api.audit.exportCsv.path;
}

/**
 * Export a date range of the whole log as CSV (issue 31 item 8): each entry with the chain's hashes, so an
 * auditor can check the file with `npm run audit:verify`'s rule. Today by default.
 */
export function AuditExport({ now = Date.now }: { now?: () => number }) {
  const today = istDay(now());
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  return (
    <form className="card form-grid" aria-label="Export the audit log" onSubmit={(ev) => ev.preventDefault()}>
      <label>
        From (IST)
        <input type="date" value={from} onChange={(ev) => setFrom(ev.target.value)} />
      </label>
      <label>
        To (IST)
        <input type="date" value={to} onChange={(ev) => setTo(ev.target.value)} />
      </label>
      <CsvDownloadButton
        download={() => {
          setError(null);
          return downloadCsv(auditExportPath(from, to), 'audit.csv');
        }}
        failedMessage={AUDIT_MSG.failedExport}
        onError={setError}
      />
      {error && (
        <div className="message message-error" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}
