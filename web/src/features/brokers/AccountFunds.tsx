import { api, type AccountFunds as Row } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call, messageOf } from '../../api/client';
import { formatDateTimeIst, formatInr } from '../../lib/format';
import { virtualCapitalLine } from './broker-config-form';
import { brokerConfigKeys } from './broker-config-keys';

const FAILED = 'Could not load funds and margin';

/** A figure as the broker gave it, or a dash where it gave none (never ₹0.00 for "unknown"). */
const money = (rupees: number | null) => (rupees === null ? '-' : formatInr(rupees));

/** "Zerodha · AB1234"; a Paper account also names its virtual capital (one element: a card line on a phone). */
function AccountName({ row }: { row: Row }) {
  const name = `${row.broker_name} · ${row.broker_username}`;
  if (!row.is_paper || row.virtual_capital === null) return <>{name}</>;
  return (
    <div>
      <div>{name}</div>
      <div className="muted">{virtualCapitalLine(row)}</div>
    </div>
  );
}

/**
 * Funds and margin per broker account (issue 32 item 3), each asked of its broker when the card opens or on
 * Refresh: the cash in the account, the margin its positions and open orders hold, what new orders may still
 * use, and when the broker said so; an account the broker could not be asked about says why. A Paper account's
 * cash is its virtual capital plus its strategies' booked P&L, its margin what its open paper positions would
 * hold at the broker; when that could not be priced the row says why (not left as dashes).
 */
export function AccountFunds() {
  const funds = useQuery({
    queryKey: [...brokerConfigKeys.all, 'funds'],
    queryFn: () => call(api.brokers.funds),
    staleTime: 30_000,
  });
  const rows: Row[] = funds.data?.accounts ?? [];
  return (
    <section className="card stack" aria-labelledby="funds-title">
      <div className="view-header">
        <h3 id="funds-title">Funds and Margin</h3>
        <button type="button" onClick={() => void funds.refetch()} disabled={funds.isFetching}>
          {funds.isFetching ? 'Asking the brokers...' : 'Refresh'}
        </button>
      </div>
      {funds.isError && (
        <div className="message message-error" role="alert">
          {messageOf(funds.error, FAILED)}
        </div>
      )}
      {funds.isSuccess && rows.length === 0 && <p className="muted">No broker accounts yet: add one above.</p>}
      {rows.length > 0 && (
        <table className="table cards-narrow" aria-label="Funds and margin">
          <thead>
            <tr>
              <th>Account</th>
              <th className="num">Available cash</th>
              <th className="num">Used margin</th>
              <th className="num">Available margin</th>
              <th>As of</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.user_broker_id} data-testid={`funds-row-${r.user_broker_id}`}>
                <td data-label="Account">
                  <AccountName row={r} />
                </td>
                {r.problem === null ? (
                  <>
                    <td data-label="Available cash" className="num">
                      {money(r.available)}
                    </td>
                    {r.margin_problem !== null ? (
                      <td colSpan={2} data-label="Margin" className="muted" role="note">
                        {r.margin_problem}
                      </td>
                    ) : (
                      <>
                        <td data-label="Used margin" className="num">
                          {money(r.used_margin)}
                        </td>
                        <td data-label="Available margin" className="num">
                          {money(r.available_margin)}
                        </td>
                      </>
                    )}
                    <td data-label="As of">{r.checked_at ? formatDateTimeIst(r.checked_at) : '-'}</td>
                  </>
                ) : (
                  <td colSpan={4} data-label="Funds" className="muted" role="note">
                    {r.problem}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
