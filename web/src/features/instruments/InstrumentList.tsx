import type { Instrument } from '@app/contract';
import { formatQuantity } from '../../lib/format';
import { marketProtectionLabel, tradingDaysLabel } from './instrument-form';
import { marketHoursLabel, nextChangeLabel } from './market-status';
import './instruments.css';

interface Props {
  instruments: Instrument[];
  onEdit: (instrument: Instrument) => void;
  onDelete: (instrument: Instrument) => void;
  isDeleting: boolean;
}

/**
 * The instruments table with each one's market status (Open/Closed) right now and when it next changes. It fits
 * a desk's width (long names and the next change wrap); a phone shows a card of labelled lines per instrument.
 */
export function InstrumentList({ instruments, onEdit, onDelete, isDeleting }: Props) {
  if (instruments.length === 0) return <p className="muted">No instruments found.</p>;
  return (
    <div className="table-wrap">
      <table className="table cards-narrow instruments-table" aria-label="Instruments">
        <thead>
          <tr>
            <th>ID</th>
            <th>Name / Ticker</th>
            <th>Token</th>
            <th>Lot Size</th>
            <th>Market Hours / Days</th>
            <th>Market Protection</th>
            <th>Market</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {instruments.map((i) => (
            <tr key={i.id} data-testid={`instrument-row-${i.instrument_token}`}>
              <td data-label="ID">{i.id}</td>
              <td data-label="Name / Ticker" className="wraps name-cell">
                {/* One child per cell: a phone's card lays a cell out as label | content. */}
                <span>
                  {i.name}
                  {i.ticker && <span className="muted cell-line">{i.ticker}</span>}
                </span>
              </td>
              <td data-label="Token">{i.instrument_token}</td>
              <td data-label="Lot Size" className="num">
                {formatQuantity(i.lot_size)}
              </td>
              <td data-label="Hours / Days" className="wraps" title={i.timezone}>
                <span>
                  {marketHoursLabel(i)}
                  <span className="muted cell-line">{tradingDaysLabel(i.trading_days)}</span>
                </span>
              </td>
              <td data-label="Market Protection" title="Sent with every live market order">
                {marketProtectionLabel(i.market_protection)}
              </td>
              <td data-label="Market" className="wraps">
                <span className="market-state">
                  <span className={i.market_status.isOpen ? 'badge running' : 'badge'}>
                    {i.market_status.isOpen ? 'Open' : 'Closed'}
                  </span>{' '}
                  <span className="muted cell-line">{nextChangeLabel(i)}</span>
                </span>
              </td>
              <td data-label="Actions">
                <div className="row">
                  <button type="button" onClick={() => onEdit(i)}>
                    Edit
                  </button>
                  <button type="button" className="danger" disabled={isDeleting} onClick={() => onDelete(i)}>
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
