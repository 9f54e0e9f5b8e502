// Apart from lib/money.ts: only the rep home's wallet adds amounts, and formatMoney's chunk is on every rep list's first load.
/** Adds money strings exactly, in grosze. */
export function addMoney(...values: (string | null | undefined)[]): string {
  const grosze = values.reduce((sum, v) => sum + Math.round(Number(v ?? 0) * 100), 0);
  return (grosze / 100).toFixed(2);
}
