import { downloadCsv } from '../../api/download-csv';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { exportPath, NO_FILTERS, type TransactionFilters } from './transaction-filters';

/** Saves the trade book CSV, narrowed as the list is, under the server's name (`transactions-2026-11-23.csv`). */
export const downloadTransactionsCsv = (filters: TransactionFilters = NO_FILTERS): Promise<void> =>
  downloadCsv(exportPath(filters), 'transactions.csv');

/**
 * 'Download CSV': the trade book as the list's filters narrow it, every page, oldest first (the user's own;
 * every user's for an admin).
 */
export function TransactionsCsvDownload({
  onError,
  filters = NO_FILTERS,
}: {
  onError: (message: string) => void;
  filters?: TransactionFilters;
}) {
  return (
    <CsvDownloadButton
      download={() => downloadTransactionsCsv(filters)}
      failedMessage="Failed to download transactions"
      onError={onError}
    />
  );
}
