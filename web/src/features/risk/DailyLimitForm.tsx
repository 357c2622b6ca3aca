import { api, SetDailyLimitSchema, type DailyLimit, toPaise } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, messageOf } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { InputField } from '../../components/FormField';
import { Message, useFlash } from '../../components/Message';
import { formatInr } from '../../lib/format';
import { formatPnl } from '../positions/pnl-display';
import { mappingKeys } from '../strategies/mapping-keys';

export const dailyLimitKey = (userId: number | undefined) => ['risk', 'daily-limit', userId ?? 'me'] as const;

/** What the field sends: empty is "no limit"; anything else goes to the schema as a number. */
export function dailyLimitBody(text: string, userId?: number) {
  const daily_max_loss = text.trim() === '' ? null : Number(text);
  return userId === undefined ? { daily_max_loss } : { daily_max_loss, user_id: userId };
}

/** The portfolio caps' fields (issue 34 item 4), as typed: empty is "no cap". */
export const PORTFOLIO_FIELDS = [
  { name: 'max_net_delta', label: 'Max net delta (abs)', step: 0.01 },
  { name: 'max_net_vega', label: 'Max net vega (₹ per vol point, abs)', step: 0.01 },
  { name: 'max_margin_used', label: 'Max margin used (₹)', step: 0.01 },
] as const;
export type PortfolioField = (typeof PORTFOLIO_FIELDS)[number]['name'];
export type PortfolioTexts = Record<PortfolioField, string>;

/** The portfolio caps as the form shows them: a saved cap as its number, none as empty. */
export function portfolioTexts(limit: DailyLimit | undefined): PortfolioTexts {
  const text = (v: number | null | undefined) => (v == null ? '' : String(v));
  return {
    max_net_delta: text(limit?.max_net_delta),
    max_net_vega: text(limit?.max_net_vega),
    max_margin_used: text(limit?.max_margin_used),
  };
}

/** What the form sends: the daily max loss and every portfolio cap (empty is none), with Reduce on breach. */
export function limitsBody(daily: string, caps: PortfolioTexts, reduceOnBreach: boolean, userId?: number) {
  const cap = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    ...dailyLimitBody(daily, userId),
    max_net_delta: cap(caps.max_net_delta),
    max_net_vega: cap(caps.max_net_vega),
    max_margin_used: cap(caps.max_margin_used),
    reduce_on_breach: reduceOnBreach,
  };
}

/** "Portfolio caps: net delta 300, net vega ₹1,500.00. Beyond one, entries are refused." */
export function portfolioSummary(limit: DailyLimit): string {
  const caps = [
    limit.max_net_delta === null ? null : `net delta ${limit.max_net_delta.toLocaleString('en-IN')}`,
    limit.max_net_vega === null ? null : `net vega ${formatInr(limit.max_net_vega)}`,
    limit.max_margin_used === null ? null : `margin used ${formatInr(limit.max_margin_used)}`,
  ].filter((c): c is string => c !== null);
  if (caps.length === 0) return 'No portfolio caps.';
  const then = limit.reduce_on_breach
    ? 'Beyond one, every strategy is stopped and its legs squared off.'
    : 'Beyond one, no entry or realign sells new legs.';
  return `Portfolio caps: ${caps.join(', ')}. ${then}`;
}

/** "Today: −₹1,250.00 of ₹5,000.00" — how close the day is to the limit. */
export function dailyLimitSummary(limit: DailyLimit): string {
  const today = `Today's P&L: ${formatPnl(limit.today_pnl).text}`;
  return limit.daily_max_loss === null
    ? `${today}. No daily limit.`
    : `${today}. Daily max loss: ${formatInr(limit.daily_max_loss)}.`;
}

/**
 * What an admin's cap means, to whom it binds: the trader may tighten it, never loosen it. Null: no cap.
 */
export function capNote(limit: DailyLimit, isOwn: boolean): string | null {
  if (limit.admin_max_loss === null) return null;
  const cap = formatInr(limit.admin_max_loss);
  return isOwn
    ? `An admin set your daily max loss at ${cap}: you can lower it, not raise or remove it.`
    : `Set by an admin at ${cap}: the user can lower it, not raise or remove it.`;
}

/**
 * The portfolio caps an admin set (issue 34 item 4), to whom they bind: the trader may tighten each, never loosen
 * it, and is held to the tighter of theirs and the admin's. Null: no admin cap.
 */
export function portfolioCapNote(limit: DailyLimit, isOwn: boolean): string | null {
  const caps = [
    limit.admin_max_net_delta == null ? null : `net delta at ${limit.admin_max_net_delta.toLocaleString('en-IN')}`,
    limit.admin_max_net_vega == null ? null : `net vega at ${formatInr(limit.admin_max_net_vega)}`,
    limit.admin_max_margin_used == null ? null : `margin used at ${formatInr(limit.admin_max_margin_used)}`,
  ].filter((c): c is string => c !== null);
  if (caps.length === 0) return null;
  const them = caps.length === 1 ? 'it' : 'them';
  return isOwn
    ? `An admin capped your ${caps.join(', ')}: you can lower ${them}, not raise or remove ${them}.`
    : `Portfolio caps set by an admin: ${caps.join(', ')}. The user can lower ${them}, not raise or remove ${them}.`;
}

/**
 * The question to ask before saving a limit the day has already passed: saving it sells nothing quietly,
 * it exits every open leg at market at once. Null when the limit is not reached (or removed).
 */
export function reachedLimitQuestion(todayPnl: number, limitRupees: number | null, isOwn: boolean): string | null {
  if (limitRupees === null || toPaise(todayPnl) > -toPaise(limitRupees)) return null;
  const whose = isOwn ? 'your' : "this user's";
  return (
    `Today's P&L is ${formatPnl(todayPnl).text}, already past a daily max loss of ${formatInr(limitRupees)}. ` +
    `Saving it stops all ${whose} strategies and exits every open leg at market now. Save it?`
  );
}

/**
 * A user's daily max loss (issue 13) on Profile, or — with `userId` — any user's on the admin's Users tab.
 * Reaching it stops every strategy of the user and exits their legs.
 */
export function DailyLimitForm({ userId, compact = false }: { userId?: number; compact?: boolean }) {
  const client = useQueryClient();
  const { flash, show, clear } = useFlash();
  const confirm = useConfirm();
  const [text, setText] = useState<string | null>(null);
  const [capTexts, setCapTexts] = useState<Partial<PortfolioTexts>>({});
  const [reduceDraft, setReduceDraft] = useState<boolean | null>(null);
  const query = useQuery({
    queryKey: dailyLimitKey(userId),
    queryFn: () => call(api.risk.dailyLimit, { query: userId === undefined ? {} : { user_id: userId } }),
  });
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof limitsBody>) => call(api.risk.setDailyLimit, { body }),
    onSuccess: (saved) => {
      client.setQueryData(dailyLimitKey(userId), saved);
      setText(null);
      setCapTexts({});
      setReduceDraft(null);
      show(
        'success',
        saved.daily_max_loss === null
          ? 'Daily max loss removed'
          : `Daily max loss set to ${formatInr(saved.daily_max_loss)}`,
      );
      // A limit below today's loss stops strategies at once: their rows move.
      void client.invalidateQueries({ queryKey: mappingKeys.all });
    },
    onError: (err) => show('error', messageOf(err, 'Failed to save the daily max loss')),
  });
  const current = query.data;
  const value = text ?? (current?.daily_max_loss == null ? '' : String(current.daily_max_loss));
  const caps: PortfolioTexts = { ...portfolioTexts(current), ...capTexts };
  const isReducing = reduceDraft ?? current?.reduce_on_breach ?? false;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void submit();
  }

  async function submit() {
    const body = limitsBody(value, caps, isReducing, userId);
    const parsed = SetDailyLimitSchema.safeParse(body);
    if (!parsed.success) {
      show('error', parsed.error.issues[0]?.message ?? 'Invalid daily max loss');
      return;
    }
    clear();
    const question = current
      ? reachedLimitQuestion(current.today_pnl, body.daily_max_loss, userId === undefined)
      : null;
    const isConfirmed =
      question === null ||
      (await confirm({
        title: 'Save a daily max loss already reached?',
        text: question,
        confirmLabel: 'Save',
        isDanger: true,
      }));
    if (!isConfirmed) return;
    save.mutate(body);
  }

  return (
    <form
      className={compact ? 'form-grid daily-limit compact' : 'card form-grid daily-limit'}
      onSubmit={onSubmit}
      noValidate
      aria-label="Daily Max Loss"
    >
      {!compact && <h3>Daily Max Loss and portfolio limits</h3>}
      {flash && (
        <div className="full">
          <Message flash={flash} onClose={clear} />
        </div>
      )}
      <InputField
        label={compact ? 'Daily max loss (₹)' : 'Daily Max Loss (₹)'}
        name="daily_max_loss"
        type="number"
        min={0.01}
        step={0.01}
        placeholder="No limit"
        value={value}
        onChange={(e) => {
          setText(e.target.value);
          if (flash?.kind === 'error') clear();
        }}
      />
      {PORTFOLIO_FIELDS.map((f) => (
        <InputField
          key={f.name}
          label={f.label}
          name={f.name}
          type="number"
          min={0.01}
          step={f.step}
          placeholder="No cap"
          value={caps[f.name]}
          onChange={(e) => {
            setCapTexts((t) => ({ ...t, [f.name]: e.target.value }));
            if (flash?.kind === 'error') clear();
          }}
        />
      ))}
      {current && portfolioCapNote(current, userId === undefined) !== null && (
        <p className="full field-hint" data-testid="portfolio-cap-note">
          {portfolioCapNote(current, userId === undefined)}
        </p>
      )}
      <label className="inline full">
        <input
          type="checkbox"
          name="reduce_on_breach"
          checked={isReducing}
          onChange={(e) => setReduceDraft(e.target.checked)}
        />
        Reduce on breach: beyond a portfolio cap, stop every strategy and square off its legs
      </label>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.isPending || query.isLoading}>
          {save.isPending ? 'Saving…' : 'Save limit'}
        </button>
      </div>
      {current && (
        <p className="full field-hint" data-testid="daily-limit-summary">
          {dailyLimitSummary(current)}
          {capNote(current, userId === undefined) !== null && ` ${capNote(current, userId === undefined)}`}
          {!compact &&
            ' Across all your strategies, realized today + unrealized, before charges. Reaching it exits every leg and stops every strategy.'}{' '}
          {portfolioSummary(current)}
        </p>
      )}
    </form>
  );
}
