import type { PnlDay } from '@app/contract';
import { useMemo, useState } from 'react';
import { formatInr } from '../../lib/format';
import { formatPnl } from '../positions/pnl-display';
import { calendarMonths, formatDay, type CalendarCell } from './pnl-daily-display';

const WEEKDAYS = ['M', 'T', 'W', 'T', 'F', 'S', 'S'];
/** A sign in the cell as well as its colour: colour alone fails colour-blind readers. */
const MARK = { up: '+', down: '−', flat: '0' } as const;

function Cell({
  cell,
  isSelected,
  onPick,
}: {
  cell: CalendarCell;
  isSelected: boolean;
  onPick: (day: string) => void;
}) {
  if (cell.net === null || cell.tone === null) {
    return (
      <span className={`pnl-cal-cell${cell.isInWindow ? '' : ' pnl-cal-out'}`} aria-hidden="true">
        {cell.date}
      </span>
    );
  }
  const words = `${formatDay(cell.day)}: net ${formatPnl(cell.net).text}`;
  return (
    <button
      type="button"
      className={`pnl-cal-cell pnl-cal-${cell.tone} pnl-cal-l${cell.level}`}
      title={words}
      aria-label={words}
      aria-pressed={isSelected}
      data-testid={`pnl-cal-${cell.day}`}
      onClick={() => onPick(cell.day)}
    >
      {cell.date}
      <span className="pnl-cal-mark" aria-hidden="true">
        {MARK[cell.tone]}
      </span>
    </button>
  );
}

/**
 * Net P&L per day as a calendar, a month a block, weeks from Monday: green gains, red losses, the stronger the
 * bigger. Hovering names the day and its amount; a tap (a phone has no hover) shows it under the calendar.
 */
export function PnlCalendar({ days, from, to }: { days: PnlDay[]; from: string; to: string }) {
  const months = useMemo(() => calendarMonths(days, from, to), [days, from, to]);
  const [picked, setPicked] = useState<string | null>(null);
  const pickedDay = days.find((d) => d.day === picked);
  return (
    <section className="card pnl-calendar" aria-labelledby="pnl-calendar-title">
      <h3 id="pnl-calendar-title">Net P&amp;L by day</h3>
      <p className="muted pnl-legend">
        <span className="pnl-cal-cell pnl-cal-up pnl-cal-l3">+</span> gain{' '}
        <span className="pnl-cal-cell pnl-cal-down pnl-cal-l3">−</span> loss · tap a day for its amount
      </p>
      <div className="pnl-cal-months">
        {months.map((m) => (
          <div key={m.key} className="pnl-cal-month">
            <div className="pnl-cal-title">{m.title}</div>
            <div className="pnl-cal-grid">
              {WEEKDAYS.map((w, i) => (
                <span key={i} className="pnl-cal-weekday" aria-hidden="true">
                  {w}
                </span>
              ))}
              {Array.from({ length: m.leading }, (_, i) => (
                <span key={`blank-${i}`} />
              ))}
              {m.cells.map((c) => (
                <Cell key={c.day} cell={c} isSelected={c.day === picked} onPick={setPicked} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <p className="pnl-cal-picked" aria-live="polite" data-testid="pnl-picked">
        {pickedDay
          ? `${formatDay(pickedDay.day)}: net ${formatPnl(pickedDay.net_pnl).text} (realized ${formatPnl(pickedDay.realized_pnl).text}, charges ${formatInr(pickedDay.charges)})`
          : ''}
      </p>
    </section>
  );
}
