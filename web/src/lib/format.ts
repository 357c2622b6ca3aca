const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** Price in INR, Indian digit grouping (₹1,23,456.50). */
export function formatInr(rupees: number): string {
  return inr.format(rupees);
}

/** SPEC §3: positive quantity is a SELL, negative a BUY; the absolute value is shown. */
export function sideOf(quantity: number): { side: 'SELL' | 'BUY'; quantity: number } {
  return { side: quantity > 0 ? 'SELL' : 'BUY', quantity: Math.abs(quantity) };
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export function formatDateTime(isoString: string): string {
  return dateTime.format(new Date(isoString));
}

/** SPEC §5: numeric form fields are parsed as integers, falling back to 0. */
export function toInt(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}
