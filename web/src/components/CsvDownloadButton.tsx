import { useState } from 'react';
import { messageOf } from '../api/client';
import { useSingleFlight } from '../lib/useSingleFlight';

/**
 * 'Download CSV': runs `download` once at a time (a double click saves one file), says so while it runs, and
 * hands a failure's message (or `failedMessage` when it says nothing useful) to `onError`.
 */
export function CsvDownloadButton({
  download,
  failedMessage,
  onError,
}: {
  download: () => Promise<void>;
  failedMessage: string;
  onError: (message: string) => void;
}) {
  const [isBusy, setBusy] = useState(false);
  const once = useSingleFlight();

  function start() {
    once(async () => {
      setBusy(true);
      try {
        await download();
      } catch (err) {
        onError(messageOf(err, failedMessage));
      } finally {
        setBusy(false);
      }
    });
  }

  return (
    <button type="button" onClick={start} disabled={isBusy} aria-busy={isBusy}>
      {isBusy ? 'Downloading...' : 'Download CSV'}
    </button>
  );
}
