import { toPaise, type EntryMargin } from '@app/contract';
import { formatInr } from '../../lib/format';

/** One figure of the margin check: its name, the rupees, and what it means. */
export interface MarginFigure {
  key: 'required' | 'final' | 'available';
  label: string;
  value: string;
  hint: string;
}

/** Required, Final and Available as the dialog lists them; Available reads "not known" when the reply has none. */
export function marginFigures(margin: EntryMargin): MarginFigure[] {
  return [
    {
      key: 'required',
      label: 'Required',
      value: formatInr(margin.required),
      hint: 'each order’s margin alone, added up',
    },
    {
      key: 'final',
      label: 'Final',
      value: formatInr(margin.final),
      hint: 'what the broker blocks once the orders net against each other and the account’s positions',
    },
    {
      key: 'available',
      label: 'Available',
      value: margin.available === null ? 'not known' : formatInr(margin.available),
      hint: 'what the account has for new orders',
    },
  ];
}

/**
 * The plain sentence when the account cannot cover the entry, or null. A LIVE entry would be refused before any
 * order goes (the engine's margin guard); a paper one is not yet held to a Paper account's capital, so it is
 * told as a shortfall, not a refusal. Compared in paise: rupee floats are not compared as they are.
 */
export function marginShortfall(margin: EntryMargin, isDummy: number): string | null {
  if (margin.available === null) return null;
  if (toPaise(margin.final) <= toPaise(margin.available)) return null;
  const needs = `it needs ${formatInr(margin.final)}, ${formatInr(margin.available)} available`;
  return isDummy === 1
    ? `The account's money would not cover this entry: ${needs} (paper entries are not yet held to it)`
    : `This entry would be refused: ${needs}; nothing would be sent`;
}
