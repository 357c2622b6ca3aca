import type { BacktestEquity, BacktestTrade } from '@app/contract';
import { useState } from 'react';
import { Pagination } from '../../components/Pagination';
import { formatDateTimeIst, formatInr, formatQuantity, sideOf } from '../../lib/format';
import { formatPnl, pnlClass } from '../positions/pnl-display';
import { pageOf, reasonText } from './backtest-display';
import { ContractName } from '../../components/ContractName';

const DAYS_PER_PAGE = 20;
const TRADES_PER_PAGE = 50;

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function Signed({ rupees }: { rupees: number }) {
  return <span className={pnlClass(rupees)}>{formatPnl(rupees).text}</span>;
}

/** The run day by day (IST): what was realized and charged, and how far net equity moved that day. */
export function DailyTable({ daily }: { daily: BacktestEquity['daily'] }) {
  const [page, setPage] = useState(0);
  return (
    <section aria-labelledby="lab-daily-title">
      <h3 id="lab-daily-title">Day by day</h3>
      {daily.length === 0 ? (
        <p className="muted">No day traded.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table lab-daily" aria-label="Day by day">
              <thead>
                <tr>
                  <th>Day (IST)</th>
                  <th className="num">Realized</th>
                  <th className="num">Charges</th>
                  <th className="num">Net P&amp;L</th>
                </tr>
              </thead>
              <tbody>
                {pageOf(daily, page, DAYS_PER_PAGE).map((d) => (
                  <tr key={d.day} data-testid="backtest-day">
                    {/* data-label: on a phone each day is a small card of labelled figures (strategy-lab.css). */}
                    <td className="lab-day">{dayFormat.format(Date.parse(`${d.day}T00:00:00Z`))}</td>
                    <td className="num" data-label="Realized">
                      <Signed rupees={d.realized_pnl} />
                    </td>
                    <td className="num pnl-cost" data-label="Charges">
                      {formatInr(d.charges)}
                    </td>
                    <td className="num" data-label="Net P&L">
                      <Signed rupees={d.net_pnl} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {daily.length > DAYS_PER_PAGE && (
            <Pagination page={page} pageSize={DAYS_PER_PAGE} total={daily.length} onPage={setPage} />
          )}
        </>
      )}
    </section>
  );
}

/** Every fill of the run, in time order (IST), with its share of the day's charges and why the engine traded. */
export function TradesTable({ trades }: { trades: BacktestTrade[] }) {
  const [page, setPage] = useState(0);
  return (
    <section aria-labelledby="lab-trades-title">
      <h3 id="lab-trades-title">Trades ({formatQuantity(trades.length)})</h3>
      {trades.length === 0 ? (
        <p className="muted">The strategy did not trade in this range.</p>
      ) : (
        <>
          <div className="table-wrap">
            {/* One card a trade on a phone: the contract and its side read whole, never scrolled to. */}
            <table className="table cards-narrow lab-trades" aria-label="Backtest trades">
              <thead>
                <tr>
                  <th>Time (IST)</th>
                  <th>Symbol</th>
                  <th>Side</th>
                  <th className="num">Qty</th>
                  <th className="num">Price</th>
                  <th className="num">Charges</th>
                  <th>Reason</th>
                </tr>
              </thead>
              <tbody>
                {pageOf(trades, page, TRADES_PER_PAGE).map((t, i) => {
                  const { quantity } = sideOf(t.quantity);
                  return (
                    <tr key={`${page}-${i}`} data-testid="backtest-trade">
                      <td data-label="Time (IST)">{formatDateTimeIst(t.time)}</td>
                      <td data-label="Symbol">
                        <ContractName symbol={t.trading_symbol} />
                      </td>
                      <td data-label="Side" className={t.side === 'SELL' ? 'side-sell' : 'side-buy'}>
                        {t.side}
                      </td>
                      <td data-label="Qty" className="num">
                        {formatQuantity(quantity)}
                      </td>
                      <td data-label="Price" className="num">
                        {formatInr(t.price)}
                      </td>
                      <td data-label="Charges" className="num pnl-cost">
                        {formatInr(t.charges)}
                      </td>
                      <td data-label="Reason">{reasonText(t.reason)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {trades.length > TRADES_PER_PAGE && (
            <Pagination page={page} pageSize={TRADES_PER_PAGE} total={trades.length} onPage={setPage} />
          )}
        </>
      )}
    </section>
  );
}
