import { z } from 'zod';
import { defineRoute } from './route.js';

/** The largest option-candle file one import takes (about 250,000 rows): 20 MB. */
export const OPTION_CANDLES_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** One problem of an imported file: its line (the header is line 1), its column, what is wrong. */
export const OptionCsvProblemSchema = z.object({ line: z.number().int(), field: z.string(), message: z.string() });
export type OptionCsvProblem = z.infer<typeof OptionCsvProblemSchema>;

export const OptionCandlesImportedSchema = z.object({
  /** Candles written (every row of the file). */
  imported: z.number().int(),
  /** Of those, how many replaced a candle already stored for the same contract and minute. */
  replaced: z.number().int(),
});
export type OptionCandlesImported = z.infer<typeof OptionCandlesImportedSchema>;

/**
 * Option history (issue 30). The import's body is the CSV text itself (`Content-Type: text/csv`, columns in
 * docs/architecture/option-history.md); a file with any bad row writes nothing and is answered 400 with
 * `details.rows` (the first 100 problems, OptionCsvProblem each).
 */
export const optionHistoryRoutes = {
  importCandles: defineRoute({
    method: 'POST',
    path: '/data/option-candles/import',
    access: 'admin',
    body: z.string({ error: 'Send the option candles as CSV text (Content-Type: text/csv)' }),
    data: OptionCandlesImportedSchema,
  }),
};
