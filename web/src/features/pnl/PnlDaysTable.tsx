import { MODE_LABELS, type PnlDay } from '@app/contract';
import { Fragment } from 'react';
import { formatInr } from '../../lib/format';
import { formatPnl, pnlClass } from '../positions/pnl-display';
import { formatDay } from './pnl-daily-display';

/** A figure with its sign, coloured as a second cue. */
const Pnl = ({ rupees }: { rupees: number }) => <span className={pnlClass(rupees)}>{formatPnl(rupees).text}</span>;

/**
 * The days, newest first: each day's totals, then each strategy's part of it (paper or live, as it runs now).
 * On a phone every line is a card.
 */
export function PnlDaysTable({ days }: { days: PnlDay[] }) {
  const newestFirst = [...days].reverse();
  return (
    <div className="table-wrap">
      <table className="table cards-narrow pnl-days" aria-label="P&L by day">
        <thead>
          <tr>
            <th>Day</th>
            <th>Strategy</th>
            <th className="num">Realized</th>
            <th className="num">Charges</th>
            <th className="num">Net</th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((d) => (
            <Fragment key={d.day}>
              <tr className="pnl-day-total" data-testid={`pnl-day-${d.day}`}>
                <td data-label="Day">{formatDay(d.day)}</td>
                <td data-label="Strategy">All strategies</td>
                <td data-label="Realized" className="num">
                  <Pnl rupees={d.realized_pnl} />
                </td>
                <td data-label="Charges" className="num">
                  {formatInr(d.charges)}
                </td>
                <td data-label="Net" className="num">
                  <Pnl rupees={d.net_pnl} />
                </td>
              </tr>
              {d.per_strategy.map((s) => (
                <tr key={`${s.user_strategy_mapping_id}-${s.is_dummy}`} className="pnl-day-strategy">
                  <td data-label="Day" className="pnl-day-repeat">
                    {formatDay(d.day)}
                  </td>
                  <td data-label="Strategy">
                    {/* One child: a phone's card puts each child of a cell on a line of its own. */}
                    <span>
                      {s.strategy_name ?? '-'} #{s.user_strategy_mapping_id}{' '}
                      <span className="badge">{s.is_dummy === 1 ? MODE_LABELS.paper : MODE_LABELS.live}</span>
                    </span>
                  </td>
                  <td data-label="Realized" className="num">
                    <Pnl rupees={s.realized_pnl} />
                  </td>
                  <td data-label="Charges" className="num">
                    {formatInr(s.charges)}
                  </td>
                  <td data-label="Net" className="num">
                    <Pnl rupees={s.net_pnl} />
                  </td>
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
