/** A calendar day 'YYYY-MM-DD' as every display writes dates (SPEC.md section 9: DD-MM-YYYY; decision 046); anything else as it is. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : day;
}
