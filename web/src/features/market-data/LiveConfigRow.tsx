import {
  DATA_INTERVALS,
  DATA_SOURCES,
  instrumentTokenError,
  type Instrument,
  type LiveDataConfig,
} from '@app/contract';
import { useState } from 'react';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { instrumentLabel, sourceLabel } from './data-labels';
import { instrumentsForSource, isDataInterval, isDataSource } from './fetch-form';
import { InstrumentSelect } from './InstrumentSelect';
import type { LiveConfigPatch } from './useLiveConfigs';

interface Props {
  config: LiveDataConfig;
  instruments: Instrument[];
  isSaving: boolean;
  onSave: (patch: LiveConfigPatch) => Promise<unknown>;
  onDelete: () => void;
}

/** One live config: display, editing on Edit, back to display on Save or Cancel (SPEC §4). */
export function LiveConfigRow({ config, instruments, isSaving, onSave, onDelete }: Props) {
  const [draft, setDraft] = useState<LiveConfigPatch | null>(null);
  const once = useSingleFlight();

  async function save() {
    if (!draft) return;
    try {
      await onSave(draft);
      setDraft(null);
    } catch {
      // The failure is reported by the mutation; the row stays in editing so the admin can fix it.
    }
  }

  if (!draft) {
    return (
      <tr data-testid="live-config-row" data-config-id={config.id}>
        <td data-label="Source">{sourceLabel(config.source)}</td>
        <td data-label="Instrument">{instrumentLabel(config.instrument_name, config.instrument_token)}</td>
        <td data-label="Interval">{config.interval}</td>
        <td data-label="Actions">
          <div className="row">
            <button
              type="button"
              onClick={() =>
                setDraft({
                  source: config.source,
                  instrument_token: config.instrument_token,
                  interval: config.interval,
                })
              }
            >
              Edit
            </button>
            <button type="button" className="danger" onClick={onDelete}>
              Delete
            </button>
          </div>
        </td>
      </tr>
    );
  }

  const source = draft.source ?? config.source;
  return (
    <tr data-testid="live-config-row" data-config-id={config.id} className="editing">
      <td data-label="Source">
        <select
          aria-label="Source"
          value={source}
          onChange={(e) => {
            const next = e.target.value;
            if (!isDataSource(next)) return;
            // A token the new source cannot serve is cleared, so Save waits for a valid choice.
            const token = draft.instrument_token ?? '';
            setDraft({ ...draft, source: next, instrument_token: instrumentTokenError(next, token) ? '' : token });
          }}
        >
          {DATA_SOURCES.map((s) => (
            <option key={s} value={s}>
              {sourceLabel(s)}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Instrument">
        <InstrumentSelect
          label="Instrument"
          instruments={instrumentsForSource(instruments, source)}
          value={draft.instrument_token ?? ''}
          onChange={(token) => setDraft({ ...draft, instrument_token: token })}
        />
      </td>
      <td data-label="Interval">
        <select
          aria-label="Interval"
          value={draft.interval ?? config.interval}
          onChange={(e) => {
            if (isDataInterval(e.target.value)) setDraft({ ...draft, interval: e.target.value });
          }}
        >
          {DATA_INTERVALS.map((i) => (
            <option key={i} value={i}>
              {i}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Actions">
        <div className="row">
          <button
            type="button"
            className="primary"
            disabled={isSaving || !draft.instrument_token}
            onClick={() => once(save)}
          >
            Save
          </button>
          <button type="button" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </div>
      </td>
    </tr>
  );
}
