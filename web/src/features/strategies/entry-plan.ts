import type { Mapping } from '@app/contract';

/** The row's facts a strategy type reads to say what an entry of it would trade. */
export type EntryFacts = Pick<Mapping, 'id' | 'ce_count' | 'pe_count' | 'lot_size'>;

/**
 * What a strategy type's entry would trade, in its own words, for the questions asked before a LIVE Start,
 * Resume or Realign (strategy-confirm.ts). Each type computes it from its saved settings
 * (`StrategyForm.entryPlan`), so the question never names another type's settings.
 */
export interface EntryPlan {
  /** The candle interval it decides on; null while not configured. */
  interval: string | null;
  /** What one entry sells, shortly ("390 CE"); empty when nothing. */
  sells: string[];
  /** How it sells, after "sells …" ("at the current ATM (count × 3 lots × lot size 65)"). */
  how: string;
  /** Why it sells nothing, after "sells nothing" ("(CE Count and PE Count are both 0)"). */
  whyNothing: string;
  /** One detail line per side ("CE: 2 × 3 lots × lot size 65 = 390"). */
  sideLines: string[];
  /** What it does once it holds legs ("realigns as the ATM moves"). */
  thenWhat: string;
}

/** A strategy no type trades (it can never be configured, so never started): an entry that trades nothing. */
export const NO_ENTRY: EntryPlan = {
  interval: null,
  sells: [],
  how: '',
  whyNothing: '(no strategy type trades it)',
  sideLines: [],
  thenWhat: 'holds nothing',
};
