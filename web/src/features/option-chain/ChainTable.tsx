import type { ChainOptionFigures, ChainStrike } from '@app/contract';
import { useLayoutEffect, useRef } from 'react';
import { formatDelta, formatGamma, formatIv, formatLtp, formatRupeeGreek, formatStrike } from './chain-display';
import type { OptionType, Side } from './payoff-legs';

interface Column {
  key: keyof ChainOptionFigures;
  label: string;
  title: string;
  format: (value: number | null) => string;
}

/** The greeks beside each LTP, innermost first (IV next to the price, vega outermost). */
const GREEKS: Column[] = [
  { key: 'iv', label: 'IV %', title: 'Implied volatility, percent', format: formatIv },
  { key: 'delta', label: 'Delta', title: 'Change in price per rupee of the forward', format: formatDelta },
  { key: 'gamma', label: 'Gamma', title: 'Change in delta per rupee of the forward', format: formatGamma },
  { key: 'theta', label: 'Theta', title: 'Rupees a trading day', format: formatRupeeGreek },
  { key: 'vega', label: 'Vega', title: 'Rupees per vol point (IV up by 1)', format: formatRupeeGreek },
];

interface Props {
  strikes: ChainStrike[];
  atm: number | null;
  underlying: number;
  /** The side a click on a price adds a leg on. */
  side: Side;
  onPick: (strike: number, type: OptionType) => void;
}

function PriceCell({
  row,
  type,
  side,
  onPick,
}: {
  row: ChainStrike;
  type: OptionType;
  side: Side;
  onPick: Props['onPick'];
}) {
  const ltp = (type === 'CE' ? row.ce : row.pe).ltp;
  const verb = side === 'SELL' ? 'Sell' : 'Buy';
  return (
    <td className="num oc-ltp" data-testid={`ltp-${type}-${row.strike}`}>
      <button
        type="button"
        className={`oc-pick oc-pick-${side.toLowerCase()}`}
        aria-label={`${verb} ${formatStrike(row.strike)} ${type} at ${formatLtp(ltp)}`}
        title={`Add a leg: ${verb.toLowerCase()} the ${formatStrike(row.strike)} ${type}`}
        onClick={() => onPick(row.strike, type)}
      >
        {formatLtp(ltp)}
      </button>
    </td>
  );
}

/**
 * A ref for the chain's scrolling box that, when the table is wider than it (a phone), puts the strike column in
 * the middle (at first, and when the box is resized): the prices either side of the money are what a trader reads first.
 */
function useRefCentredOnStrike() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    let width = 0;
    const centre = () => {
      // Only when the box's own width changes (a phone turning), never under a trader's own scrolling.
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      const strike = box.querySelector<HTMLElement>('thead tr:last-child .oc-strike');
      if (!strike || box.scrollWidth <= box.clientWidth) return;
      box.scrollLeft = strike.offsetLeft - (box.clientWidth - strike.offsetWidth) / 2;
    };
    centre();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(centre);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return ref;
}

/**
 * The chain around the money: the strike in the middle, each call's figures to its left (IV beside the price,
 * vega outermost) and each put's to its right, the ATM row marked and the in-the-money side shaded. A price is a
 * button that adds that option to the payoff on the chosen side.
 */
export function ChainTable({ strikes, atm, underlying, side, onPick }: Props) {
  const ceColumns = [...GREEKS].reverse();
  const wrap = useRefCentredOnStrike();
  return (
    <div className="table-wrap oc-chain-wrap" ref={wrap}>
      <table className="table oc-chain" aria-label="Option chain">
        <thead>
          <tr className="oc-sides">
            <th colSpan={GREEKS.length + 1} className="oc-side-ce">
              Calls (CE)
            </th>
            <th className="oc-strike" />
            <th colSpan={GREEKS.length + 1} className="oc-side-pe">
              Puts (PE)
            </th>
          </tr>
          <tr>
            {ceColumns.map((c) => (
              <th key={`ce-${c.key}`} className="num" title={c.title}>
                {c.label}
              </th>
            ))}
            <th className="num">LTP</th>
            <th className="oc-strike">Strike</th>
            <th className="num">LTP</th>
            {GREEKS.map((c) => (
              <th key={`pe-${c.key}`} className="num" title={c.title}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {strikes.map((row) => {
            const isAtm = row.strike === atm;
            const ceItm = row.strike < underlying ? ' oc-itm' : '';
            const peItm = row.strike > underlying ? ' oc-itm' : '';
            return (
              <tr
                key={row.strike}
                data-testid={`chain-row-${row.strike}`}
                className={isAtm ? 'oc-atm' : undefined}
                {...(isAtm ? { 'aria-current': 'true' as const } : {})}
              >
                {ceColumns.map((c) => (
                  <td key={`ce-${c.key}`} className={`num${ceItm}`} data-testid={`ce-${c.key}-${row.strike}`}>
                    {c.format(row.ce[c.key])}
                  </td>
                ))}
                <PriceCell row={row} type="CE" side={side} onPick={onPick} />
                <th scope="row" className="oc-strike">
                  {formatStrike(row.strike)}
                  {isAtm && <span className="badge oc-atm-badge">ATM</span>}
                </th>
                <PriceCell row={row} type="PE" side={side} onPick={onPick} />
                {GREEKS.map((c) => (
                  <td key={`pe-${c.key}`} className={`num${peItm}`} data-testid={`pe-${c.key}-${row.strike}`}>
                    {c.format(row.pe[c.key])}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
