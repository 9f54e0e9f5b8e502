import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

/*
 * A sales file sent as the back office sends it: POST /api/sales-imports, multipart/form-data with
 * the file part `file`, streamed from disk (a 100,000-row file is several MB). Used by
 * bench/sales-import.ts and bench/mixed-day.ts.
 */

/** The header row of the sales files the benches write (Polish ERP export, `;`-separated). */
export const SALES_CSV_HEADER = 'Dokument;Pozycja;Data sprzedaży;Hurtownia;Przedstawiciel;Produkt;Ilość';

/** POSTs the file as multipart/form-data, streamed from disk; resolves with the answer (status and JSON). */
export function uploadSalesFile(base: string, token: string, file: string, signal: AbortSignal) {
  const boundary = `bench${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sales.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(`${base}/api/sales-imports`, {
      method: 'POST',
      signal,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + statSync(file).size + tail.length,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
        } catch {
          resolve({ status: res.statusCode ?? 0, body: { error: text.slice(0, 300) } });
        }
      });
    });
    req.write(head);
    const stream = createReadStream(file, { highWaterMark: 64 * 1024 });
    stream.on('error', reject);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}
