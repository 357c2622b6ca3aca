import type { CreateInstrument, Instrument, UpdateInstrument } from '@app/contract';
import { AUTO_MARKET_PROTECTION, MSG } from '@app/contract';
import { nameTakenMessage, tokenTakenMessage, unlistedTokenMessage } from './instruments.logic.js';
import type { Clock } from '../../platform/clock.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { toInstrument } from './instruments.presenter.js';
import type { InstrumentsRepository } from './instruments.repository.js';

/** A validated create body; market protection may be left out by callers inside the server (Kite's bound). */
type NewInstrument = Omit<CreateInstrument, 'market_protection'> & Partial<Pick<CreateInstrument, 'market_protection'>>;

export function createInstrumentsService({
  repo,
  clock,
  events,
  isListedByExchange,
}: {
  repo: InstrumentsRepository;
  clock: Clock;
  /** `instruments.changed` after any write, so caches of instrument sessions follow. */
  events: Pick<DomainEventBus, 'publish'>;
  /**
   * Whether today's instruments list of the exchange names a token; null for tokens the list is not checked
   * for (market data's call) and while it cannot be read.
   */
  isListedByExchange?: (token: string) => Promise<boolean | null>;
}) {
  const changed = () => void events.publish('instruments.changed', { at: clock.now() });
  async function assertTokenFree(token: string, exceptId?: number) {
    const existing = await repo.findByToken(token);
    if (existing && existing.id !== exceptId) throw conflict(tokenTakenMessage(token, existing.name));
  }
  // Two instruments of one name are two rows a trader cannot tell apart in the mapping form.
  async function assertNameFree(name: string, exceptId?: number) {
    const existing = await repo.findByName(name);
    if (existing && existing.id !== exceptId) throw conflict(nameTakenMessage(existing.name));
  }
  // An index or F&O token the exchange does not list would never stream or trade. When the list cannot be
  // read (no market-data token yet, the exchange unreachable) the token is taken as typed.
  async function assertListed(token: string) {
    if (!isListedByExchange) return;
    if ((await isListedByExchange(token)) === false) throw badRequest(unlistedTokenMessage(token));
  }

  return {
    /**
     * Brings lot sizes in line with the exchange's instruments dump (by option root, the instrument's
     * ticker): NSE revises lot sizes, and an order sized by a stale one would be refused or wrong.
     */
    async syncLotSizes(lotSizes: Record<string, number>): Promise<Array<{ name: string; lot_size: number }>> {
      const now = clock.now();
      const changedRows: Array<{ name: string; lot_size: number }> = [];
      for (const [ticker, lotSize] of Object.entries(lotSizes)) {
        for (const r of await repo.setLotSizeByTicker(ticker, lotSize, now)) {
          changedRows.push({ name: r.name, lot_size: r.lotSize });
        }
      }
      if (changedRows.length > 0) changed();
      return changedRows;
    },

    async list(): Promise<Instrument[]> {
      const now = clock.now();
      return (await repo.list()).map((r) => toInstrument(r, now));
    },

    async create(input: NewInstrument): Promise<Instrument> {
      await assertNameFree(input.name);
      await assertTokenFree(input.instrument_token);
      await assertListed(input.instrument_token);
      const now = clock.now();
      const row = await repo.insert({
        name: input.name,
        ticker: input.ticker,
        instrumentToken: input.instrument_token,
        lotSize: input.lot_size,
        marketOpenTime: input.market_open_time,
        marketCloseTime: input.market_close_time,
        timezone: input.timezone,
        tradingDays: input.trading_days,
        marketProtection: input.market_protection ?? AUTO_MARKET_PROTECTION,
        createdAt: now,
        updatedAt: now,
      });
      changed();
      return toInstrument(row, now);
    },

    async update(id: number, patch: UpdateInstrument): Promise<Instrument> {
      const current = await repo.findById(id);
      if (!current) throw notFound('Instrument');
      if (patch.name !== undefined) await assertNameFree(patch.name, id);
      if (patch.instrument_token !== undefined && patch.instrument_token !== current.instrumentToken) {
        await assertTokenFree(patch.instrument_token, id);
        await assertListed(patch.instrument_token);
      }
      const open = patch.market_open_time ?? current.marketOpenTime;
      const close = patch.market_close_time ?? current.marketCloseTime;
      if (close <= open) throw badRequest('market_close_time must be later than market_open_time');
      const now = clock.now();
      const row = await repo.update(id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.ticker !== undefined ? { ticker: patch.ticker } : {}),
        ...(patch.instrument_token !== undefined ? { instrumentToken: patch.instrument_token } : {}),
        ...(patch.lot_size !== undefined ? { lotSize: patch.lot_size } : {}),
        marketOpenTime: open,
        marketCloseTime: close,
        ...(patch.timezone !== undefined ? { timezone: patch.timezone } : {}),
        ...(patch.trading_days !== undefined ? { tradingDays: patch.trading_days } : {}),
        ...(patch.market_protection !== undefined ? { marketProtection: patch.market_protection } : {}),
        updatedAt: now,
      });
      if (!row) throw notFound('Instrument');
      changed();
      return toInstrument(row, now);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.findById(id))) throw notFound('Instrument');
      // Mappings and their history point at the instrument; deleting it under them would orphan positions.
      if ((await repo.countMappings(id)) > 0) throw conflict(MSG.instrumentInUse);
      await repo.remove(id);
      changed();
    },
  };
}

export type InstrumentsService = ReturnType<typeof createInstrumentsService>;
