/*
 * A sweep's grid (issue 30): every combination of the values given for each field, in a fixed order (fields as
 * written, values as listed, the last field varying fastest), so a sweep asked twice makes the same runs. Pure.
 */

/** How many runs a grid makes. */
export const gridSize = (grid: Readonly<Record<string, readonly unknown[]>>): number =>
  Object.values(grid).reduce((n, values) => n * values.length, 1);

/** Each combination as the fields it sets. */
export function gridCombinations(grid: Readonly<Record<string, readonly unknown[]>>): Array<Record<string, unknown>> {
  let combos: Array<Record<string, unknown>> = [{}];
  for (const [field, values] of Object.entries(grid)) {
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [field]: value })));
  }
  return combos;
}

/** Words naming a combination, for its run's label: `offset_value=100, interval=5m`. */
export const comboLabel = (combo: Readonly<Record<string, unknown>>): string =>
  Object.entries(combo)
    .map(([field, value]) => `${field}=${String(value)}`)
    .join(', ');
