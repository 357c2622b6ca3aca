import type { Mapping } from '@app/contract';
import { useExchange } from '../../components/exchange';
import { Modal } from '../../components/Modal';
import { modeWord, statusLabel, windowLabel } from './strategy-display';
import './strategies.css';

/** 'View' on a non-RDX strategy: its mapping details, read-only. */
export function StrategyDetailsModal({ mapping, onClose }: { mapping: Mapping; onClose: () => void }) {
  const exchange = useExchange();
  const rows: Array<[string, string]> = [
    ['Strategy', mapping.strategy_name],
    ['Description', mapping.strategy_description || '-'],
    [
      'Instrument',
      mapping.instrument_ticker ? `${mapping.instrument_name} (${mapping.instrument_ticker})` : mapping.instrument_name,
    ],
    ['Broker', mapping.broker_username ?? '-'],
    ['User', mapping.user_username],
    ['Mode', modeWord(mapping.is_dummy, exchange)],
    ['CE / PE Count', `${mapping.ce_count} / ${mapping.pe_count}`],
    ['Window', windowLabel(mapping.start_time, mapping.end_time)],
    ['Status', statusLabel(mapping.running_status)],
    ['Reason', mapping.status_detail],
  ];
  return (
    <Modal title="Strategy Details" onClose={onClose}>
      <dl className="strategy-details">
        {rows.map(([term, value]) => (
          <div key={term} className="strategy-details-row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
