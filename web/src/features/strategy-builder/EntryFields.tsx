import { BREAKOUT_SIDES, MOVE_DIRECTIONS, MOVE_UNITS, STRATEGY_INTERVALS, labelOf } from '@app/contract';
import type { ReactNode } from 'react';
import { BREAKOUT_WORDS, DIRECTION_WORDS, ENTRY_WORDS } from './builder-display';
import type { BuilderDraft, EntryDraft, EntryKind } from './builder-draft';
import { FieldErrors } from './LegsTable';

type Limits = Pick<BuilderDraft, 'exit_at' | 'max_loss' | 'target_profit'>;

/** A labelled control with the schema's messages for its field under it. */
function Field({ label, errors, children }: { label: string; errors: string[] | undefined; children: ReactNode }) {
  return (
    <div className="sb-field">
      <label>
        {label}
        {children}
      </label>
      <FieldErrors messages={errors} />
    </div>
  );
}

const KINDS: EntryKind[] = ['time', 'candle_close', 'range_breakout', 'wait_and_trade'];

/**
 * When the strategy enters all its legs (one of four kinds, each with its own fields), when it squares them off,
 * and its loss and profit limits for the day.
 */
export function EntryFields({
  draft,
  errorsAt,
  onEntry,
  onLimits,
  hasDayLimits = true,
}: {
  draft: BuilderDraft;
  errorsAt: (path: string) => string[] | undefined;
  onEntry: (patch: Partial<EntryDraft>) => void;
  onLimits: (patch: Partial<Limits>) => void;
  /**
   * Whether the day's limits are asked here: when creating, they go onto the new strategy's row; an existing
   * strategy keeps them on its row (where an admin's cap applies), not in the legs saved here.
   */
  hasDayLimits?: boolean;
}) {
  const e = draft.entry;
  return (
    <section className="card stack" aria-labelledby="sb-entry-title">
      <h3 id="sb-entry-title">Entry and exit</h3>
      <div className="form-grid sb-entry">
        <Field label="Enter" errors={errorsAt('entry')}>
          <select value={e.kind} onChange={(ev) => onEntry({ kind: ev.target.value as EntryKind })}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {ENTRY_WORDS[k]}
              </option>
            ))}
          </select>
        </Field>
        {e.kind === 'time' && (
          <Field label={`${labelOf('entry.at')} (exchange time)`} errors={errorsAt('entry.at')}>
            <input type="time" value={e.at} onChange={(ev) => onEntry({ at: ev.target.value })} />
          </Field>
        )}
        {e.kind === 'candle_close' && (
          <Field label={labelOf('entry.interval')} errors={errorsAt('entry.interval')}>
            <select
              value={e.interval}
              onChange={(ev) => onEntry({ interval: ev.target.value as EntryDraft['interval'] })}
            >
              {STRATEGY_INTERVALS.map((i) => (
                <option key={i} value={i}>
                  {i}
                </option>
              ))}
            </select>
          </Field>
        )}
        {e.kind === 'range_breakout' && (
          <>
            <Field label={labelOf('entry.minutes')} errors={errorsAt('entry.minutes')}>
              <input inputMode="numeric" value={e.minutes} onChange={(ev) => onEntry({ minutes: ev.target.value })} />
            </Field>
            <Field label={labelOf('entry.side')} errors={errorsAt('entry.side')}>
              <select
                value={e.breakout_side}
                onChange={(ev) => onEntry({ breakout_side: ev.target.value as EntryDraft['breakout_side'] })}
              >
                {BREAKOUT_SIDES.map((s) => (
                  <option key={s} value={s}>
                    {BREAKOUT_WORDS[s]}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        {e.kind === 'wait_and_trade' && (
          <>
            <Field label={labelOf('entry.reference_at')} errors={errorsAt('entry.reference_at')}>
              <input type="time" value={e.reference_at} onChange={(ev) => onEntry({ reference_at: ev.target.value })} />
            </Field>
            <Field label={labelOf('entry.unit')} errors={errorsAt('entry.unit')}>
              <select
                value={e.move_unit}
                onChange={(ev) => onEntry({ move_unit: ev.target.value as EntryDraft['move_unit'] })}
              >
                {MOVE_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u === 'percent' ? '% of the underlying' : 'points (₹)'}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={labelOf('entry.value')} errors={errorsAt('entry.value')}>
              <input
                inputMode="decimal"
                value={e.move_value}
                onChange={(ev) => onEntry({ move_value: ev.target.value })}
              />
            </Field>
            <Field label={labelOf('entry.direction')} errors={errorsAt('entry.direction')}>
              <select
                value={e.direction}
                onChange={(ev) => onEntry({ direction: ev.target.value as EntryDraft['direction'] })}
              >
                {MOVE_DIRECTIONS.map((d) => (
                  <option key={d} value={d}>
                    {DIRECTION_WORDS[d]}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
      </div>
      <div className="form-grid sb-entry">
        <Field label={`${labelOf('exit_at')} (empty: hold to a stop, target or expiry)`} errors={errorsAt('exit_at')}>
          <input type="time" value={draft.exit_at} onChange={(ev) => onLimits({ exit_at: ev.target.value })} />
        </Field>
        {hasDayLimits && (
          <>
            <Field label={`${labelOf('max_loss')} (₹, empty: none)`} errors={errorsAt('max_loss')}>
              <input
                inputMode="decimal"
                value={draft.max_loss}
                onChange={(ev) => onLimits({ max_loss: ev.target.value })}
              />
            </Field>
            <Field label={`${labelOf('target_profit')} (₹, empty: none)`} errors={errorsAt('target_profit')}>
              <input
                inputMode="decimal"
                value={draft.target_profit}
                onChange={(ev) => onLimits({ target_profit: ev.target.value })}
              />
            </Field>
          </>
        )}
      </div>
      {!hasDayLimits && (
        <p className="muted">
          The day&apos;s {labelOf('max_loss')} and {labelOf('target_profit')} are the strategy&apos;s own, set on its
          row on the Strategies page.
        </p>
      )}
    </section>
  );
}
