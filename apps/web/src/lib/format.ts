import dayjs from 'dayjs';

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

export function formatDateTime(iso: string | null | undefined): string | null {
  return iso ? dayjs(iso).format(DATE_TIME_FORMAT) : null;
}

export function formatDate(iso: string | null | undefined): string | null {
  return iso ? dayjs(iso).format(DATE_FORMAT) : null;
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
