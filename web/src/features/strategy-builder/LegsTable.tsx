import { EXIT_UNITS, LEG_EXPIRIES, LEGS_LIMITS, PREMIUM_STRIKE_RULES, RE_ENTRY_WHEN, labelOf } from '@app/contract';
import type { ReactNode } from 'react';
import { EXIT_UNIT_WORDS, EXPIRY_WORDS, RE_ENTRY_WORDS, STRIKE_WORDS, resolvedText } from './builder-display';
import { addLeg, canAddLeg, copyLeg, removeLeg, updateLeg, type LegDraft } from './builder-draft';
import type { ResolvedLeg } from './leg-strikes';

type Patch = Partial<Omit<LegDraft, 'key'>>;

/** The schema's messages for one field, under its controls (the messages already name the leg and field). */
export function FieldErrors({ messages, id }: { messages: readonly string[] | undefined; id?: string }) {
  if (!messages || messages.length === 0) return null;
  return (
    <div className="sb-field-error" role="alert" {...(id ? { id } : {})}>
      {messages.map((m) => (
        <div key={m}>{m}</div>
      ))}
    </div>
  );
}

/** A cell with its on-screen label (the phone's card shows it) and the field's messages under its controls. */
function Cell({ label, errors, children }: { label: string; errors?: readonly string[]; children: ReactNode }) {
  return (
    <td data-label={label}>
      <div className="sb-cell">
        {children}
        <FieldErrors messages={errors} />
      </div>
    </td>
  );
}

const numberProps = { type: 'text', inputMode: 'decimal' } as const;

function LegRow({
  leg,
  index,
  resolved,
  errors,
  onPatch,
  onCopy,
  onRemove,
  canCopy,
  canRemove,
}: {
  leg: LegDraft;
  index: number;
  resolved: ResolvedLeg | null;
  errors: (field: string) => string[] | undefined;
  onPatch: (patch: Patch) => void;
  onCopy: () => void;
  onRemove: () => void;
  canCopy: boolean;
  canRemove: boolean;
}) {
  const n = index + 1;
  const name = (field: string) => `Leg ${n} ${labelOf(field)}`;
  const invalid = (field: string) => (errors(field) ? { 'aria-invalid': true } : {});
  return (
    <tr data-testid={`leg-${n}`}>
      <td data-label="Leg" className="sb-leg-name">
        <div className="sb-leg-head">
          <span>Leg {n}</span>
          <button type="button" onClick={onCopy} disabled={!canCopy} aria-label={`Copy leg ${n}`}>
            Copy
          </button>
          <button
            type="button"
            className="danger"
            onClick={onRemove}
            disabled={!canRemove}
            aria-label={`Remove leg ${n}`}
          >
            Remove
          </button>
        </div>
      </td>
      <Cell label="Option" errors={[...(errors('option_type') ?? []), ...(errors('side') ?? [])]}>
        <div className="sb-pair sb-stacked sb-side-type">
          <select
            aria-label={name('side')}
            className={leg.side === 'SELL' ? 'side-sell' : 'side-buy'}
            value={leg.side}
            onChange={(e) => onPatch({ side: e.target.value as LegDraft['side'] })}
          >
            <option value="SELL">SELL</option>
            <option value="BUY">BUY</option>
          </select>
          <select
            aria-label={name('option_type')}
            value={leg.option_type}
            onChange={(e) => onPatch({ option_type: e.target.value as LegDraft['option_type'] })}
          >
            <option value="CE">CE</option>
            <option value="PE">PE</option>
          </select>
        </div>
      </Cell>
      <Cell label={labelOf('lots')} errors={errors('lots')}>
        <input
          {...numberProps}
          inputMode="numeric"
          className="sb-lots"
          aria-label={name('lots')}
          value={leg.lots}
          onChange={(e) => onPatch({ lots: e.target.value })}
          {...invalid('lots')}
        />
      </Cell>
      <Cell label={labelOf('expiry')} errors={errors('expiry')}>
        <select
          aria-label={name('expiry')}
          value={leg.expiry}
          onChange={(e) => onPatch({ expiry: e.target.value as LegDraft['expiry'] })}
        >
          {LEG_EXPIRIES.map((x) => (
            <option key={x} value={x}>
              {EXPIRY_WORDS[x]}
            </option>
          ))}
        </select>
      </Cell>
      <Cell label={labelOf('strike')} errors={errors('strike')}>
        <div className="sb-pair">
          <select
            aria-label={`Leg ${n} Strike rule`}
            value={leg.strike_by}
            onChange={(e) => onPatch({ strike_by: e.target.value as LegDraft['strike_by'] })}
          >
            {(['atm', ...PREMIUM_STRIKE_RULES] as const).map((by) => (
              <option key={by} value={by}>
                {STRIKE_WORDS[by]}
              </option>
            ))}
          </select>
          {leg.strike_by === 'atm' ? (
            <input
              {...numberProps}
              inputMode="numeric"
              className="sb-short"
              aria-label={name('strike.steps')}
              title={`Steps out of the money (negative: into it), at most ${LEGS_LIMITS.maxStrikeSteps}`}
              value={leg.steps}
              onChange={(e) => onPatch({ steps: e.target.value })}
              {...invalid('strike')}
            />
          ) : (
            <input
              {...numberProps}
              className="sb-short"
              aria-label={name('strike.premium')}
              value={leg.premium}
              onChange={(e) => onPatch({ premium: e.target.value })}
              {...invalid('strike')}
            />
          )}
        </div>
        <span className="sb-now" data-testid={`leg-${n}-now`}>
          {resolvedText(resolved, leg.option_type)}
        </span>
      </Cell>
      <ExitCell
        label={labelOf('stop_loss')}
        leg={n}
        unit={leg.stop_unit}
        value={leg.stop_value}
        errors={errors('stop_loss')}
        onUnit={(u) => onPatch({ stop_unit: u })}
        onValue={(v) => onPatch({ stop_value: v })}
      />
      <ExitCell
        label={labelOf('target')}
        leg={n}
        unit={leg.target_unit}
        value={leg.target_value}
        errors={errors('target')}
        onUnit={(u) => onPatch({ target_unit: u })}
        onValue={(v) => onPatch({ target_value: v })}
      />
      <Cell label={labelOf('trailing')} errors={errors('trailing')}>
        <select
          aria-label={name('trailing.unit')}
          value={leg.trail_unit}
          onChange={(e) => onPatch({ trail_unit: e.target.value as LegDraft['trail_unit'] })}
        >
          <option value="">None</option>
          <option value="percent">{EXIT_UNIT_WORDS.percent}</option>
          <option value="points">{EXIT_UNIT_WORDS.points}</option>
        </select>
        {leg.trail_unit && (
          <div className="sb-pair sb-stacked">
            <label className="inline sb-mini">
              at
              <input
                {...numberProps}
                className="sb-short"
                aria-label={name('trailing.activate_at')}
                value={leg.trail_activate}
                onChange={(e) => onPatch({ trail_activate: e.target.value })}
              />
            </label>
            <label className="inline sb-mini">
              by
              <input
                {...numberProps}
                className="sb-short"
                aria-label={name('trailing.trail_by')}
                value={leg.trail_by}
                onChange={(e) => onPatch({ trail_by: e.target.value })}
              />
            </label>
          </div>
        )}
      </Cell>
      <Cell label={labelOf('re_entry')} errors={errors('re_entry')}>
        <div className="sb-pair sb-stacked">
          <input
            {...numberProps}
            inputMode="numeric"
            className="sb-short"
            aria-label={name('re_entry.times')}
            placeholder="0"
            title={`Times after a stop, 0 to ${LEGS_LIMITS.maxReEntries}`}
            value={leg.re_times}
            onChange={(e) => onPatch({ re_times: e.target.value })}
          />
          <select
            aria-label={name('re_entry.when')}
            value={leg.re_when}
            disabled={leg.re_times.trim() === '' || leg.re_times.trim() === '0'}
            onChange={(e) => onPatch({ re_when: e.target.value as LegDraft['re_when'] })}
          >
            {RE_ENTRY_WHEN.map((w) => (
              <option key={w} value={w}>
                {RE_ENTRY_WORDS[w]}
              </option>
            ))}
          </select>
        </div>
      </Cell>
    </tr>
  );
}

/** A stop-loss or target: off ("None"), or a unit and an amount. */
function ExitCell({
  label,
  leg,
  unit,
  value,
  errors,
  onUnit,
  onValue,
}: {
  label: string;
  leg: number;
  unit: LegDraft['stop_unit'];
  value: string;
  errors: string[] | undefined;
  onUnit: (unit: LegDraft['stop_unit']) => void;
  onValue: (value: string) => void;
}) {
  return (
    <Cell label={label} errors={errors}>
      <div className="sb-pair sb-stacked">
        <select
          aria-label={`Leg ${leg} ${label} Unit`}
          value={unit}
          onChange={(e) => onUnit(e.target.value as LegDraft['stop_unit'])}
        >
          <option value="">None</option>
          {EXIT_UNITS.map((u) => (
            <option key={u} value={u}>
              {EXIT_UNIT_WORDS[u]}
            </option>
          ))}
        </select>
        {unit && (
          <input
            {...numberProps}
            className="sb-short"
            aria-label={`Leg ${leg} ${label}`}
            value={value}
            onChange={(e) => onValue(e.target.value)}
            {...(errors ? { 'aria-invalid': true } : {})}
          />
        )}
      </div>
    </Cell>
  );
}

/**
 * The legs (issue 33): one row each on a desk, one card each on a phone (`cards-narrow`), with the strike each
 * would trade now under its rule. Copy puts the copy right after its leg; the last leg cannot be removed.
 */
export function LegsTable({
  legs,
  resolved,
  errorsAt,
  onChange,
}: {
  legs: LegDraft[];
  resolved: readonly (ResolvedLeg | null)[];
  /** The messages beside a field, by its path (`legs.0.stop_loss`). */
  errorsAt: (path: string) => string[] | undefined;
  onChange: (legs: LegDraft[]) => void;
}) {
  return (
    <section className="card stack" aria-labelledby="sb-legs-title">
      <div className="view-header">
        <h3 id="sb-legs-title">Legs</h3>
        <button type="button" onClick={() => onChange(addLeg(legs))} disabled={!canAddLeg(legs)}>
          Add leg
        </button>
      </div>
      <p className="muted">
        Entered together, in this order (bought legs first keep a spread&apos;s margin low); at most{' '}
        {LEGS_LIMITS.maxLegs}. Strike steps count out of the money: up for a CE, down for a PE.
      </p>
      <div className="table-wrap">
        <table className="table cards-narrow sb-legs" aria-label="Legs">
          <thead>
            <tr>
              <th>Leg</th>
              <th>Side / type</th>
              <th>{labelOf('lots')}</th>
              <th>{labelOf('expiry')}</th>
              <th>Strike (now)</th>
              <th>{labelOf('stop_loss')}</th>
              <th>{labelOf('target')}</th>
              <th>{labelOf('trailing')}</th>
              <th>{labelOf('re_entry')}</th>
            </tr>
          </thead>
          <tbody>
            {legs.map((leg, i) => (
              <LegRow
                key={leg.key}
                leg={leg}
                index={i}
                resolved={resolved[i] ?? null}
                errors={(field) => errorsAt(`legs.${i}.${field}`)}
                onPatch={(patch) => onChange(updateLeg(legs, leg.key, patch))}
                onCopy={() => onChange(copyLeg(legs, leg.key))}
                onRemove={() => onChange(removeLeg(legs, leg.key))}
                canCopy={canAddLeg(legs)}
                canRemove={legs.length > 1}
              />
            ))}
          </tbody>
        </table>
      </div>
      {legs.map((_, i) => (
        <FieldErrors key={i} messages={errorsAt(`legs.${i}`)} />
      ))}
    </section>
  );
}
