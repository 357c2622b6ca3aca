import type { Instrument } from '@app/contract';
import { formatQuantity } from '../../lib/format';
import { marketProtectionLabel, tradingDaysLabel } from './instrument-form';
import { marketHoursLabel, nextChangeLabel } from './market-status';

interface Props {
  instruments: Instrument[];
  onEdit: (instrument: Instrument) => void;
  onDelete: (instrument: Instrument) => void;
  isDeleting: boolean;
}

/** The instruments table with each one's market status (Open/Closed) right now and when it next changes. */
export function InstrumentList({ instruments, onEdit, onDelete, isDeleting }: Props) {
  if (instruments.length === 0) return <p className="muted">No instruments found.</p>;
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Instruments">
        <thead>
          <tr>
            <th>ID</th>
            <th>Name</th>
            <th>Ticker</th>
            <th>Token</th>
            <th>Lot Size</th>
            <th>Market Hours</th>
            <th>Trading Days</th>
            <th>Market Protection</th>
            <th>Market</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {instruments.map((i) => (
            <tr key={i.id} data-testid={`instrument-row-${i.instrument_token}`}>
              <td>{i.id}</td>
              <td>{i.name}</td>
              <td>{i.ticker ?? ''}</td>
              <td>{i.instrument_token}</td>
              <td className="num">{formatQuantity(i.lot_size)}</td>
              <td title={i.timezone}>{marketHoursLabel(i)}</td>
              <td>{tradingDaysLabel(i.trading_days)}</td>
              <td title="Sent with every live market order">{marketProtectionLabel(i.market_protection)}</td>
              <td>
                <span className={i.market_status.isOpen ? 'badge running' : 'badge'}>
                  {i.market_status.isOpen ? 'Open' : 'Closed'}
                </span>{' '}
                <span className="muted">{nextChangeLabel(i)}</span>
              </td>
              <td>
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
