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

/** The Fetch Historical Data form; dates are datetime-local strings (local time, minutes). */
export interface FetchForm {
  source: DataSource | '';
  instrumentToken: string;
  interval: DataInterval | '';
  startDate: string;
  endDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as a datetime-local input value, `YYYY-MM-DDTHH:mm` in local time. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** SPEC §9 defaults: source kite, interval 5m, from the start of yesterday to 23:59 today. */
export function defaultFetchForm(now: Date): FetchForm {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 0, 0);
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59);
  return {
    source: DATA_SOURCES[0],
    instrumentToken: '',
    interval: '5m' satisfies DataInterval,
    startDate: toLocalInput(start),
    endDate: toLocalInput(end),
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

/** The wire body of POST /data/fetch; local datetime inputs become UTC ISO instants. */
export function fetchBody(f: FetchForm & { source: DataSource; interval: DataInterval }): FetchBody {
  return {
    source: f.source,
    instrumentToken: f.instrumentToken.trim(),
    interval: f.interval,
    startDate: new Date(f.startDate).toISOString(),
    endDate: new Date(f.endDate).toISOString(),
  };
}

/** Instruments whose token the source can serve (Kite: numeric tokens; Binance: symbols). */
export function instrumentsForSource(instruments: Instrument[], source: string): Instrument[] {
  if (!source) return instruments;
  return instruments.filter((i) => instrumentTokenError(source, i.instrument_token) === null);
}

export const isDataSource = (v: string): v is DataSource => (DATA_SOURCES as readonly string[]).includes(v);
export const isDataInterval = (v: string): v is DataInterval => (DATA_INTERVALS as readonly string[]).includes(v);
