import type { Kysely } from 'kysely';
import type { DB, InstrumentsTable } from './schema.js';
import type { Insertable } from 'kysely';

export type SeedInstrument = Omit<Insertable<InstrumentsTable>, 'createdAt' | 'updatedAt'>;

/**
 * Reference instruments of DESIGN §2; NIFTY 50 must be id 1 on a fresh database. The NIFTY and BANKNIFTY
 * lots are NSE's from the January 2026 expiries (65 and 30, NSE circular NSE/FAOP/70616 of 3 Oct 2025):
 * only a fresh database's first value, as the morning instruments-dump refresh overrides them with the
 * broker's figures (option_chains.loaded → instruments' syncLotSizes).
 */
export const REFERENCE_INSTRUMENTS: SeedInstrument[] = [
  {
    name: 'NIFTY 50',
    ticker: 'NIFTY',
    instrumentToken: '256265',
    lotSize: 65,
    marketOpenTime: '09:15',
    marketCloseTime: '15:30',
    timezone: 'Asia/Kolkata',
    tradingDays: '1,2,3,4,5',
  },
  {
    name: 'NIFTY BANK',
    ticker: 'BANKNIFTY',
    instrumentToken: '260105',
    lotSize: 30,
    marketOpenTime: '09:15',
    marketCloseTime: '15:30',
    timezone: 'Asia/Kolkata',
    tradingDays: '1,2,3,4,5',
  },
  {
    name: 'BTCUSDT',
    ticker: 'BTCUSDT',
    instrumentToken: 'BTCUSDT',
    lotSize: 1,
    marketOpenTime: '00:00',
    marketCloseTime: '23:59',
    timezone: 'Europe/London',
    tradingDays: '0,1,2,3,4,5,6',
  },
];

/** The sandbox exchange's own index (DESIGN §6): open around the clock, with an option chain. */
export const SANDBOX_INSTRUMENT: SeedInstrument = {
  name: 'SANDBOX 24x7',
  ticker: 'SANDBOX',
  instrumentToken: '99000073',
  lotSize: 50,
  marketOpenTime: '00:00',
  marketCloseTime: '23:59',
  timezone: 'Asia/Kolkata',
  tradingDays: '0,1,2,3,4,5,6',
};

export const REFERENCE_BROKERS = [
  { name: 'Zerodha', kind: 'kite' },
  { name: 'Binance', kind: 'binance' },
  // The console's own paper broker (issue 32 item 3): its accounts hold virtual capital and never reach a broker.
  { name: 'Paper', kind: 'paper' },
];

export const REFERENCE_STRATEGIES = [
  {
    name: 'RDX',
    description: 'Short option strangle on an index, re-centred on the at-the-money strike',
  },
  {
    name: 'Multi-leg',
    description: 'Up to eight index option legs bought or sold together, each with its own strike, stop and target',
  },
];

/**
 * Inserts reference rows that are missing; safe to run at every start. The calendar's holidays are seeded
 * beside it by reference-seed.ts (db/ may not import a domain).
 */
export async function seedReferenceData(db: Kysely<DB>, now: number, extraInstruments: SeedInstrument[] = []) {
  for (const s of REFERENCE_STRATEGIES) {
    const found = await db.selectFrom('strategies').select('id').where('name', '=', s.name).executeTakeFirst();
    if (!found)
      await db
        .insertInto('strategies')
        .values({ ...s, isEnabled: 1 })
        .execute();
  }
  for (const b of REFERENCE_BROKERS) {
    const found = await db.selectFrom('brokers').select('id').where('name', '=', b.name).executeTakeFirst();
    if (!found) await db.insertInto('brokers').values(b).execute();
  }
  for (const i of [...REFERENCE_INSTRUMENTS, ...extraInstruments]) {
    const found = await db
      .selectFrom('instruments')
      .select('id')
      .where('instrumentToken', '=', i.instrumentToken)
      .executeTakeFirst();
    if (!found)
      await db
        .insertInto('instruments')
        .values({ ...i, createdAt: now, updatedAt: now })
        .execute();
  }
}
