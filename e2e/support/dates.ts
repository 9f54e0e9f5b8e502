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
