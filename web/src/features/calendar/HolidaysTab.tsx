import { CALENDAR_MSG, type Holiday } from '@app/contract';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message, useFlash } from '../../components/Message';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { AddHolidayForm } from './AddHolidayForm';
import { HolidayList } from './HolidayList';
import { useHolidays, type HolidayBody } from './useHolidays';

/**
 * Admin tab: the NSE holiday calendar (docs/CALENDAR.md). Strategies on NSE instruments take no entry or
 * realign on these days and say so on their rows.
 */
export function HolidaysTab() {
  const { flash, show, clear, clearError } = useFlash();
  const once = useSingleFlight();
  const confirm = useConfirm();
  const { list, add, remove } = useHolidays(show);

  // A new key empties the form once the day is added; a refused day keeps what was typed, to correct.
  const [formKey, setFormKey] = useState(0);
  function onAdd(body: HolidayBody) {
    once(() => add.mutateAsync(body).then(() => setFormKey((k) => k + 1)));
  }

  async function onDelete(holiday: Holiday) {
    if (!(await confirm({ title: CALENDAR_MSG.confirmDeleteHoliday, confirmLabel: 'Delete', isDanger: true }))) return;
    remove.mutate(holiday.id);
  }

  return (
    <section className="stack">
      <div className="view-header">
        <h2 className="tab-title">Holiday Calendar</h2>
      </div>
      <p className="muted">
        NSE trading holidays (equity and F&amp;O), seeded from the exchange&apos;s circulars. On these days strategies
        on NSE instruments take no entry or realign; the 24x7 sandbox index keeps trading.
      </p>
      <Message flash={flash} onClose={clear} />
      <AddHolidayForm key={formKey} isSaving={add.isPending} onSubmit={onAdd} onInput={clearError} />
      <div className="card">
        <h3>Holidays</h3>
        {list.isPending && <p className="muted">Loading holidays...</p>}
        {list.isError && (
          <div className="message message-error" role="alert">
            {messageOf(list.error, CALENDAR_MSG.failedLoadHolidays)}
          </div>
        )}
        {list.data && (
          <HolidayList holidays={list.data.holidays} onDelete={(h) => void onDelete(h)} isDeleting={remove.isPending} />
        )}
      </div>
    </section>
  );
}
