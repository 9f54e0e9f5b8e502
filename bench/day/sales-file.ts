import { writeFileSync } from 'node:fs';
import { SALES_CSV_HEADER } from '../sales-upload.ts';
import type { Rep } from './world.ts';

/*
 * The day's sales file, as bench/sales-import.ts writes its own: documents of five lines, consecutive
 * documents for different reps, dates in the last four weeks, 1 to 7 units of one product a line:
 * every row valid and paying, nothing held by the plausibility limits (100,000 rows over 7,000 reps
 * is about 14 rows and at most 40 PLN a rep). Only reps who do not withdraw today are in it.
 */

const LINES_PER_DOCUMENT = 5;

/** Writes `rows` rows; answers what they pay in all (grosze) and how many reps they pay. */
export function writeSalesFile(
  file: string,
  rows: number,
  reps: readonly Pick<Rep, 'warehouse' | 'asseco'>[],
  products: readonly { code: string; reward: number }[],
): { amount: number; reps: number } {
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const days = Array.from({ length: 28 }, (_, d) => day(-1 - d));
  const lines = [SALES_CSV_HEADER];
  let amount = 0;
  const paid = new Set<number>();
  for (let i = 0; i < rows; i++) {
    const doc = Math.floor(i / LINES_PER_DOCUMENT);
    const r = doc % reps.length;
    const rep = reps[r];
    const product = products[i % products.length];
    if (!rep || !product) throw new Error('sales file: no reps or no products');
    const units = 1 + (i % 7);
    amount += units * product.reward;
    paid.add(r);
    lines.push(
      `FV/D/${doc};${(i % LINES_PER_DOCUMENT) + 1};${days[doc % days.length]};${rep.warehouse};${rep.asseco};${product.code};${units}`,
    );
  }
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return { amount, reps: paid.size };
}
