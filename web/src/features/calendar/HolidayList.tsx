import { CALENDAR_MSG, istDay, type Holiday } from '@app/contract';
import { holidayDateLabel } from './holiday-display';
import './calendar.css';

interface Props {
  holidays: Holiday[];
  onDelete: (holiday: Holiday) => void;
  isDeleting: boolean;
  /** Today's IST day: days before it are history and shown muted. */
  today?: string;
}

/** The calendar's days, oldest first, with where each comes from. */
export function HolidayList({ holidays, onDelete, isDeleting, today = istDay(Date.now()) }: Props) {
  if (holidays.length === 0) return <p className="muted">{CALENDAR_MSG.noHolidays}</p>;
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Market holidays">
        <thead>
          <tr>
            <th>Date</th>
            <th>Description</th>
            <th>Source</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {holidays.map((h) => (
            <tr key={h.id} data-testid={`holiday-row-${h.date}`} className={h.date < today ? 'muted' : undefined}>
              <td>{holidayDateLabel(h.date)}</td>
              <td>{h.description}</td>
              <td className="holiday-source">{h.source}</td>
              <td>
                <button type="button" className="danger" disabled={isDeleting} onClick={() => onDelete(h)}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
