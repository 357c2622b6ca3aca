import { api } from '@app/contract';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { downloadFile } from '../../api/download-csv';
import { useSingleFlight } from '../../lib/useSingleFlight';

/** The pack's path for a strategy type and format (`/strategies/types/RDX/registration-pack?format=pdf`). */
export function registrationPackPath(type: string, format: 'md' | 'pdf'): string {
  const path = api.registration.pack.path.replace(':type', encodeURIComponent(type));
  return `${path}?format=${format}`;
}

const FORMATS = [
  { format: 'pdf', label: 'Download PDF', accept: 'application/pdf' },
  { format: 'md', label: 'Download Markdown', accept: 'text/markdown' },
] as const;

/**
 * The algo registration pack (issue 31 item 9): what a broker asks before it registers a strategy with the exchange
 * — its rules, its settings' bounds, the console's controls and this trader's latest backtest and paper evidence.
 */
export function RegistrationPack({ type, onError }: { type: string; onError: (message: string) => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const once = useSingleFlight();
  const start = (f: (typeof FORMATS)[number]) =>
    once(async () => {
      setBusy(f.format);
      try {
        await downloadFile(
          registrationPackPath(type, f.format),
          `${type.toLowerCase()}-registration.${f.format}`,
          f.accept,
        );
      } catch (err) {
        onError(messageOf(err, 'Failed to download the registration pack'));
      } finally {
        setBusy(null);
      }
    });
  return (
    <section className="card" aria-labelledby="registration-pack-title">
      <h3 id="registration-pack-title">Algo registration pack ({type})</h3>
      <p className="muted">
        Brokers ask for a strategy&apos;s white-box description before registering it with the exchange: its rules, its
        settings&apos; bounds, the controls this console applies to every order, and your latest backtest and paper
        results.
      </p>
      <div className="row">
        {FORMATS.map((f) => (
          <button
            key={f.format}
            type="button"
            onClick={() => start(f)}
            disabled={busy !== null}
            aria-busy={busy === f.format}
          >
            {busy === f.format ? 'Downloading...' : f.label}
          </button>
        ))}
      </div>
    </section>
  );
}
