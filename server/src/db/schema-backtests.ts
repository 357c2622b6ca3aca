import type { Generated } from 'kysely';

/*
 * The Strategy Lab's tables (issue 30, migration 202611280500) and the `legs` strategy type's settings (issue 33),
 * beside schema.ts, which lists them in `DB`.
 */

/** A run as asked and as it stands; `config`, `summary`: JSON text. Times: epoch ms. */
export interface BacktestsTable {
  id: Generated<number>;
  userId: number;
  sweepId: number | null;
  label: string | null;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  progress: number;
  error: string | null;
  strategyId: number;
  instrumentId: number;
  config: string;
  /** The range as the trader wrote it, and the instants it means (from inclusive, to exclusive). */
  fromText: string;
  toText: string;
  fromAt: number;
  toAt: number;
  interval: string;
  priceSource: 'recorded' | 'imported' | 'model';
  fillModel: 'close' | 'next_open' | 'paper' | 'protected_worst';
  slippageTicks: number;
  modelIv: number | null;
  /** `model` runs: `fixed` at `modelIv`, or `india_vix` at each close's reading; null otherwise. */
  modelIvSource: 'fixed' | 'india_vix' | null;
  summary: string | null;
  /** How many times a console took it up; a run whose console died is tried once more, elsewhere. */
  attempts: Generated<number>;
  claimedBy: string | null;
  heartbeatAt: number | null;
  createdAt: number;
  finishedAt: number | null;
}

/** A finished run's fills and equity, JSON text, read whole by one screen. */
export interface BacktestResultsTable {
  backtestId: number;
  trades: string;
  equity: string;
}

/** A sweep: the base request and the grid of config values it varies; its runs point to it. */
export interface BacktestSweepsTable {
  id: Generated<number>;
  userId: number;
  base: string;
  grid: string;
  createdAt: number;
}

/**
 * A `legs` strategy's settings (issue 33, migration 202611290400): `config` is the configure body as its schema
 * parsed it, JSON text; `enteredPaise`/`enteredAt` the underlying's price and the instant of its latest entry.
 */
export interface LegsConfigsTable {
  id: Generated<number>;
  mappingId: number;
  config: string;
  enteredPaise: Generated<number>;
  enteredAt: number | null;
  /** What the rules keep between decisions on one day (migration 202611290500; legs-memo.logic.ts); null: nothing yet. */
  memo: string | null;
  createdAt: number;
  updatedAt: number;
}
