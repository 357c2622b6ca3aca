import {
  DATA_INTERVALS,
  DATA_SOURCES,
  instrumentTokenError,
  MSG,
  type BodyOf,
  type DataInterval,
  type DataSource,
  type Instrument,
  type marketDataRoutes,
} from '@app/contract';
import { istInputToIso, toIstInput } from '../../lib/format';

/**
 * The Fetch Historical Data form. Dates are datetime-local strings read on the Indian clock
 * (IST), whatever the browser's zone: the markets, the server's default range and every time
 * the console shows are Indian, so the form is too.
 */
export interface FetchForm {
  source: DataSource | '';
  instrumentToken: string;
  interval: DataInterval | '';
  startDate: string;
  endDate: string;
}

const DAY_MS = 86_400_000;

/** SPEC §9 defaults: source kite, interval 5m, from the start of yesterday to 23:59 today (IST days). */
export function defaultFetchForm(now: Date): FetchForm {
  const today = toIstInput(now).slice(0, 10);
  const yesterday = toIstInput(now.getTime() - DAY_MS).slice(0, 10);
  return {
    source: DATA_SOURCES[0],
    instrumentToken: '',
    interval: '5m' satisfies DataInterval,
    startDate: `${yesterday}T00:00`,
    endDate: `${today}T23:59`,
  };
}

const FIELD_NAMES: Array<[keyof FetchForm, string]> = [
  ['source', 'Data Source'],
  ['instrumentToken', 'Instrument'],
  ['interval', 'Interval'],
  ['startDate', 'Start Date'],
  ['endDate', 'End Date'],
];

/** SPEC §5: 'Please fill in the following fields: ' and the missing names, or null when complete. */
export function fetchValidationMessage(f: FetchForm): string | null {
  const missing = FIELD_NAMES.filter(([key]) => !f[key].trim()).map(([, name]) => name);
  return missing.length ? MSG.fillFollowingFields + missing.join(', ') : null;
}

/** SPEC §5: Add Configuration needs source, instrument and interval. */
export function canAddConfig(f: FetchForm): f is FetchForm & { source: DataSource; interval: DataInterval } {
  return Boolean(f.source && f.instrumentToken.trim() && f.interval);
}

export type FetchBody = BodyOf<typeof marketDataRoutes.fetch>;

/** The wire body of POST /data/fetch; the IST datetime inputs become UTC ISO instants. */
export function fetchBody(f: FetchForm & { source: DataSource; interval: DataInterval }): FetchBody {
  const startDate = istInputToIso(f.startDate);
  const endDate = istInputToIso(f.endDate);
  return {
    source: f.source,
    instrumentToken: f.instrumentToken.trim(),
    interval: f.interval,
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  };
}

/**
 * Instruments the source can serve, by the contract's own rule (Kite: numeric tokens; Binance:
 * symbols such as BTCUSDT), so the admin is never offered a pair the server would refuse.
 */
export function instrumentsForSource(instruments: Instrument[], source: string): Instrument[] {
  if (!source) return instruments;
  return instruments.filter((i) => instrumentTokenError(source, i.instrument_token) === null);
}

export const isDataSource = (v: string): v is DataSource => (DATA_SOURCES as readonly string[]).includes(v);
export const isDataInterval = (v: string): v is DataInterval => (DATA_INTERVALS as readonly string[]).includes(v);
