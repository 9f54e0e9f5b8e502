/** Polish month names in the genitive, as the date picker's day labels read ('15 stycznia 2027'). */
export const PL_MONTHS_LONG = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
];

/**
 * Today in Poland, as a local Date at noon (its getFullYear/getMonth/getDate are Warsaw's): the server
 * reads a quiz's dates as Polish days, and between 23:00 and 24:00 UTC (22:00 in summer) the test
 * machine's own date is still yesterday there.
 */
export function warsawToday(): Date {
  const iso = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
}
