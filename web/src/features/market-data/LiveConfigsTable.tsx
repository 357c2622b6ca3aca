import { MSG, type Instrument, type LiveDataConfig } from '@app/contract';
import { LiveConfigRow } from './LiveConfigRow';
import type { LiveConfigPatch } from './useLiveConfigs';

interface Props {
  configs: LiveDataConfig[];
  instruments: Instrument[];
  isSaving: boolean;
  onSave: (id: number, patch: LiveConfigPatch) => Promise<unknown>;
  onDelete: (id: number) => void;
}

/** The Live Data Configurations table (Source, Instrument, Interval, Actions). */
export function LiveConfigsTable({ configs, instruments, isSaving, onSave, onDelete }: Props) {
  if (configs.length === 0) return <p className="muted">{MSG.noLiveConfigs}</p>;
  return (
    <div className="table-wrap">
      {/* A phone shows each configuration as a card of labelled lines (styles.css `cards-narrow`). */}
      <table className="table cards-narrow" aria-label="Live Data Configurations">
        <thead>
          <tr>
            <th>Source</th>
            <th>Instrument</th>
            <th>Interval</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {configs.map((c) => (
            <LiveConfigRow
              key={c.id}
              config={c}
              instruments={instruments}
              isSaving={isSaving}
              onSave={(patch) => onSave(c.id, patch)}
              onDelete={() => onDelete(c.id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
