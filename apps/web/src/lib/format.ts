/** "1234.50" (the API's money) → "1 234,50 PLN"; missing values show 0,00 PLN. */
export function formatPln(value: string | number | null | undefined): string {
  const n = Number(value ?? 0);
  const safe = Number.isFinite(n) ? n : 0;
  return `${safe.toLocaleString('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} PLN`;
}

/** Adds money strings exactly, in grosze. */
export function addMoney(...values: (string | null | undefined)[]): string {
  const grosze = values.reduce((sum, v) => sum + Math.round(Number(v ?? 0) * 100), 0);
  return (grosze / 100).toFixed(2);
}

export const DATE_FORMAT = 'DD-MM-YYYY';
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm:ss';

// Dates are put together by hand in the browser's time zone: no date library on the pages that show them.
const pad = (n: number) => String(n).padStart(2, '0');

/** DD-MM-YYYY HH:mm:ss (DATE_TIME_FORMAT). */
export function formatDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return `${formatDate(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** DD-MM-YYYY (DATE_FORMAT). */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

function toNumber(value: string | number | null | undefined): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** The admin tables' money (en-GB numbers, SPEC.md section 9): "1,234.50 PLN"; missing values show 0.00 PLN. */
export function formatPlnTable(value: string | number | null | undefined): string {
  return `${toNumber(value).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} PLN`;
}

/** The integer part only (the sales rep table's amount to withdraw): "1,234 PLN". */
export function formatPlnInteger(value: string | number | null | undefined): string {
  return `${Math.trunc(toNumber(value)).toLocaleString('en-GB', { maximumFractionDigits: 0 })} PLN`;
}
