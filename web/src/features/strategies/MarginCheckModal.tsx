import { api, type EntryMargin, type Mapping } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { Modal } from '../../components/Modal';
import { formatQuantity } from '../../lib/format';
import { marginFigures, marginShortfall } from './entry-margin-display';
import './strategies.css';

/** Shown only when the call never reached the server or it failed inside: its own words win otherwise. */
const FAILED_CHECK = 'Failed to check the margin';

/** Priced afresh at each opening: the last price moves, so an earlier answer is never shown as current. */
const marginKey = (id: number) => ['entry-margin', id] as const;

function MarginFigures({ margin, isDummy }: { margin: EntryMargin; isDummy: number }) {
  const shortfall = marginShortfall(margin, isDummy);
  return (
    <>
      {shortfall && (
        <p className="message message-error" role="alert">
          <span>{shortfall}</span>
        </p>
      )}
      <dl className="margin-figures">
        {marginFigures(margin).map((f) => (
          <div key={f.key} className="margin-figure" data-testid={`margin-${f.key}`}>
            <dt>
              {f.label}
              <span className="field-hint"> {f.hint}</span>
            </dt>
            <dd className="num">{f.value}</dd>
          </div>
        ))}
      </dl>
      {margin.note && (
        <p className="muted" data-testid="margin-note">
          {margin.note}
        </p>
      )}
      <h3>Orders priced</h3>
      {margin.orders.length === 0 ? (
        <p className="muted">No order.</p>
      ) : (
        <table className="table margin-orders" aria-label="Orders priced">
          <thead>
            <tr>
              <th>Symbol</th>
              <th>Side</th>
              <th className="num">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {margin.orders.map((o, i) => (
              <tr key={`${o.trading_symbol}-${o.side}-${i}`}>
                <td>{o.trading_symbol}</td>
                <td>{o.side}</td>
                <td className="num">{formatQuantity(o.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * "Check margin" on a strategy row (docs/ANALYTICS.md, "Margin before money moves"): what its next entry would
 * ask in margin now, nothing sent: Required, Final (what the broker blocks), the account's Available, the orders
 * priced and the server's note; said plainly when the account cannot cover it. A refusal reads in the server's words.
 */
export function MarginCheckModal({ mapping, onClose }: { mapping: Mapping; onClose: () => void }) {
  const margin = useQuery({
    queryKey: marginKey(mapping.id),
    queryFn: () => call(api.engine.margin, { params: { id: mapping.id } }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  return (
    <Modal title="Check Margin" onClose={onClose}>
      <p className="muted">
        What {mapping.strategy_name} on {mapping.instrument_name} ({mapping.broker_username ?? 'no account'}) would ask
        in margin if it entered now, at the last price. Nothing is sent.
      </p>
      {margin.isPending && <p role="status">Checking margin...</p>}
      {margin.isError && (
        <p className="message message-error" role="alert">
          <span>{messageOf(margin.error, FAILED_CHECK)}</span>
        </p>
      )}
      {margin.isSuccess && <MarginFigures margin={margin.data} isDummy={mapping.is_dummy} />}
      <div className="form-actions margin-actions">
        <button type="button" disabled={margin.isFetching} onClick={() => void margin.refetch()}>
          {margin.isFetching && !margin.isPending ? 'Checking...' : 'Check again'}
        </button>
      </div>
    </Modal>
  );
}
