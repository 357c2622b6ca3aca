import {
  CreateMappingSchema,
  MAPPING_DEFAULTS,
  mappingWindowError,
  MSG,
  type BodyOf,
  type Mapping,
  type UserBroker,
  type api,
  toPaise,
} from '@app/contract';
import { formatInr, toInt } from '../../lib/format';
import { formatPnl } from '../positions/pnl-display';

/** The mapping form as typed: select and input values are strings, parsed on submit. */
export interface MappingFormValues {
  /** Admin form only: the owner of the mapping. */
  user_id: string;
  strategy_id: string;
  instrument_id: string;
  user_broker_id: string;
  is_active: string;
  is_dummy: string;
  ce_count: string;
  pe_count: string;
  start_time: string;
  end_time: string;
  /** Rupees; empty = no limit. */
  max_loss: string;
  target_profit: string;
}

export type MappingBody = BodyOf<typeof api.strategies.create>;

/**
 * SPEC §4: the create form starts (and resets after a create) at strategy 1, instrument 1,
 * the first broker, active 1 and empty times. Issue 8 overrides SPEC's "dummy 0": a new mapping starts as
 * paper (is_dummy 1), so real money is always a deliberate choice. Issue 27 overrides SPEC's "counts 0":
 * a strategy of 0 CE and 0 PE never trades and is refused, so the form starts at the smallest one that
 * trades, 1 and 1 (on paper). The values are the contract's MAPPING_DEFAULTS, the same the API applies to
 * an omitted field.
 */
export function emptyMappingForm(firstBrokerId: number | undefined, userId = ''): MappingFormValues {
  return {
    user_id: userId,
    strategy_id: String(MAPPING_DEFAULTS.strategy_id),
    instrument_id: String(MAPPING_DEFAULTS.instrument_id),
    user_broker_id: firstBrokerId ? String(firstBrokerId) : '',
    is_active: String(MAPPING_DEFAULTS.is_active),
    is_dummy: String(MAPPING_DEFAULTS.is_dummy),
    ce_count: String(MAPPING_DEFAULTS.ce_count),
    pe_count: String(MAPPING_DEFAULTS.pe_count),
    start_time: '',
    end_time: '',
    max_loss: '',
    target_profit: '',
  };
}

/** The form in edit mode for an existing mapping. */
export function mappingToForm(m: Mapping): MappingFormValues {
  return {
    user_id: String(m.user_id),
    strategy_id: String(m.strategy_id),
    instrument_id: String(m.instrument_id),
    user_broker_id: m.user_broker_id ? String(m.user_broker_id) : '',
    is_active: String(m.is_active),
    is_dummy: String(m.is_dummy),
    ce_count: String(m.ce_count),
    pe_count: String(m.pe_count),
    start_time: m.start_time ?? '',
    end_time: m.end_time ?? '',
    max_loss: m.max_loss === null ? '' : String(m.max_loss),
    target_profit: m.target_profit === null ? '' : String(m.target_profit),
  };
}

/** A limit as typed: empty is "no limit"; anything else goes to the schema as a number (NaN is refused there). */
export const limitOf = (s: string): number | null => (s.trim() === '' ? null : Number(s));

/** SPEC §5: ids, counts and flags are integers falling back to 0; empty times are "not set". */
export function mappingFormToBody(v: MappingFormValues, withUser: boolean): MappingBody {
  const flag = (s: string) => (toInt(s) === 1 ? 1 : 0);
  return {
    strategy_id: toInt(v.strategy_id),
    instrument_id: toInt(v.instrument_id),
    user_broker_id: toInt(v.user_broker_id),
    is_active: flag(v.is_active),
    is_dummy: flag(v.is_dummy),
    ce_count: toInt(v.ce_count),
    pe_count: toInt(v.pe_count),
    start_time: v.start_time || null,
    end_time: v.end_time || null,
    max_loss: limitOf(v.max_loss),
    target_profit: limitOf(v.target_profit),
    ...(withUser ? { user_id: toInt(v.user_id) } : {}),
  };
}

/**
 * The first problem with the form, in SPEC's words, or null. The window rule comes first,
 * then the broker; anything else is what the server's own schema would say.
 */
export function mappingFormError(v: MappingFormValues, needsUser: boolean): string | null {
  const windowError = mappingWindowError(v.start_time, v.end_time);
  if (windowError) return windowError;
  if (needsUser && toInt(v.user_id) <= 0) return MSG.selectUser;
  const body = mappingFormToBody(v, false);
  if (body.user_broker_id <= 0) return MSG.selectUserBroker;
  const parsed = CreateMappingSchema.safeParse(body);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG.failedCreateMapping);
}

/**
 * True when the form asks for a LIVE mapping on a broker account without an access token: it
 * would be saved but could not trade, so the form warns and asks before saving it.
 */
export function isLiveWithoutToken(
  v: Pick<MappingFormValues, 'is_dummy' | 'user_broker_id'>,
  brokers: UserBroker[] | undefined,
): boolean {
  if (toInt(v.is_dummy) === 1) return false;
  const broker = brokers?.find((b) => String(b.id) === v.user_broker_id);
  return broker !== undefined && !broker.has_token;
}

/** Whether the account chosen in the form is a Paper account (issue 32 item 3): it trades on paper only. */
export function isPaperAccountChosen(
  v: Pick<MappingFormValues, 'user_broker_id'>,
  brokers: readonly UserBroker[] | undefined,
): boolean {
  return brokers?.find((b) => String(b.id) === v.user_broker_id)?.is_paper === true;
}

/** The values with the mode fixed to paper when the chosen account is a Paper account (the server refuses LIVE). */
export function withPaperModeFixed<T extends Pick<MappingFormValues, 'is_dummy' | 'user_broker_id'>>(
  v: T,
  brokers: readonly UserBroker[] | undefined,
): T {
  return isPaperAccountChosen(v, brokers) && v.is_dummy !== '1' ? { ...v, is_dummy: '1' } : v;
}

/** Who reads the mapping form: its owner, or an admin at someone else's mapping. */
export type MappingFormReader = 'owner' | 'admin';

/**
 * Who reads the form about the mapping's owner `ownerId` (0 while the admin's create form has no user yet,
 * which says nothing): the trader's own form and an admin's own mapping are the owner's.
 */
export function mappingFormReader(isAdmin: boolean, ownerId: number, viewerId?: number): MappingFormReader | null {
  if (!isAdmin || ownerId === viewerId) return 'owner';
  return ownerId > 0 ? 'admin' : null;
}

/**
 * What an admin's cap on a mapping's Max Loss means, said under the field to whom it binds: the owner may
 * tighten it, never loosen it. An admin is told that what they save there is the cap (the server makes it
 * so), since the form sends Max Loss with every edit. Null: nothing to say (the owner's limit is theirs).
 */
export function maxLossCapHint(cap: number | null, reader: MappingFormReader): string | null {
  if (reader === 'admin') {
    return cap === null
      ? 'Saved by an admin, an amount here is a cap: the user can lower it, not raise or remove it.'
      : `Set by an admin at ${formatInr(cap)}: the user can lower it, not raise or remove it. Saving makes the amount here the cap; empty lifts it.`;
  }
  return cap === null ? null : `An admin set this at ${formatInr(cap)}: you can lower it, not raise or remove it.`;
}

/**
 * The question to ask before saving limits the strategy's day has already reached (realized today +
 * unrealized, before charges, as the limits watch measures it): saving exits its legs at market at once and
 * stops it. Null when neither limit is reached.
 */
export function reachedStrategyLimitQuestion(
  todayPnl: number,
  limits: { max_loss: number | null; target_profit: number | null },
): string | null {
  const day = toPaise(todayPnl);
  const formatted = formatPnl(todayPnl).text;
  const then = 'Saving it exits every leg of this strategy at market now and stops it. Save it?';
  if (limits.max_loss !== null && day <= -toPaise(limits.max_loss)) {
    return `Today's P&L of this strategy is ${formatted}, already past a Max Loss of ${formatInr(limits.max_loss)}. ${then}`;
  }
  if (limits.target_profit !== null && day >= toPaise(limits.target_profit)) {
    return `Today's P&L of this strategy is ${formatted}, already at a Target Profit of ${formatInr(limits.target_profit)}. ${then}`;
  }
  return null;
}
