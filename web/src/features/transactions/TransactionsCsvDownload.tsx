import { api } from '@app/contract';
import { downloadCsv } from '../../api/download-csv';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';

/** Saves the trade book CSV under the server's name (`transactions-2026-11-23.csv`). */
export const downloadTransactionsCsv = (): Promise<void> =>
  downloadCsv(api.transactions.exportCsv.path, 'transactions.csv');

/** 'Download CSV': the whole trade book, oldest first (the user's own; every user's for an admin). */
export function TransactionsCsvDownload({ onError }: { onError: (message: string) => void }) {
  return (
    <CsvDownloadButton
      download={downloadTransactionsCsv}
      failedMessage="Failed to download transactions"
      onError={onError}
    />
  );
}
