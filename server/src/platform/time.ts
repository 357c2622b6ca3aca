/** Epoch milliseconds to the UTC ISO string the API speaks. */
export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

/** Integer paise to rupees for the wire, and back: the contract's one conversion (`money.ts`), kept here for its importers. */
export { toPaise, toRupees } from '@app/contract';
