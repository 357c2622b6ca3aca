import type { Mapping } from '@app/contract';
import { useEffect, useId } from 'react';
import { modeLabel, statusLabel, windowLabel } from './strategy-display';
import './strategies.css';

/** 'View' on a non-RDX strategy: its mapping details, read-only. */
export function StrategyDetailsModal({ mapping, onClose }: { mapping: Mapping; onClose: () => void }) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const rows: Array<[string, string]> = [
    ['Strategy', mapping.strategy_name],
    ['Description', mapping.strategy_description || '-'],
    [
      'Instrument',
      mapping.instrument_ticker ? `${mapping.instrument_name} (${mapping.instrument_ticker})` : mapping.instrument_name,
    ],
    ['Broker', mapping.broker_username ?? '-'],
    ['User', mapping.user_username],
    ['Mode', modeLabel(mapping.is_dummy)],
    ['CE / PE Count', `${mapping.ce_count} / ${mapping.pe_count}`],
    ['Window', windowLabel(mapping.start_time, mapping.end_time)],
    ['Status', statusLabel(mapping.running_status)],
  ];
  return (
    <div className="modal-backdrop">
      <div className="modal card" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="strategy-modal-header">
          <h2 id={titleId}>Strategy Details</h2>
          <button type="button" className="link strategy-modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <dl className="strategy-details">
          {rows.map(([term, value]) => (
            <div key={term} className="strategy-details-row">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
