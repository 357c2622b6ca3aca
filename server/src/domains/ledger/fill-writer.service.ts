/*
 * The ledger's one fill writer (fill-writer/), as the other domains reach it: every transaction the product
 * books (paper, live, settlement, by hand) goes through `createFillWriter(…).book(trx, booking)`, which
 * writes the rows, the strategy-leg changes that go with them and the users' transaction counts together.
 */
export {
  createFillWriter,
  grownEntryPaise,
  LegAlreadyClosedError,
  type Booked,
  type BookedFill,
  type FillBooking,
  type FillToBook,
  type FillWriter,
  type LegToOpen,
} from './fill-writer/fill-writer.js';
