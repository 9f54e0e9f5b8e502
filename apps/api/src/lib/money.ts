/** Money is an integer number of grosze everywhere inside; the wire shows PLN with two decimals. */
export function formatGrosze(grosze: number | bigint): string {
  const n = BigInt(grosze);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const zl = abs / 100n;
  const gr = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${zl}.${gr}`;
}
