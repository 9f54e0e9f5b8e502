import { api } from './api.ts';
import { baseUrl } from './env.ts';
import { testPng } from './quizzes.ts';

/*
 * Challenges and sales results through the real API, as the back office writes them (decision 026):
 * catalogue products with an ERP code (POST /api/products), a challenge with its products and
 * rewards (POST /api/challenges, multipart), and a sales-results CSV (POST /api/sales-imports).
 */

async function postForm<T>(path: string, token: string, form: FormData): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-language': 'pl' },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

const png = async () => new Blob([new Uint8Array(await testPng())], { type: 'image/png' });

/** A Warsaw calendar day 'YYYY-MM-DD', `offset` days from today. */
export function warsawDay(offset = 0): string {
  const d = new Date(Date.now() + offset * 24 * 3600 * 1000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

/** Creates a catalogue product with an image; returns its id. */
export async function createProduct(
  token: string,
  spec: { name: string; code: string; description?: string },
): Promise<number> {
  const form = new FormData();
  form.set('name', spec.name);
  form.set('code', spec.code);
  form.set('description', spec.description ?? `Opis produktu ${spec.name}`);
  form.set('image', await png(), 'produkt.png');
  const res = await postForm<{ product_id: number }>('/api/products', token, form);
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`POST /api/products: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product_id;
}

export interface ChallengeSpec {
  name: string;
  intro?: string;
  startAt: string;
  endAt: string;
  products: { product_id: number; reward: string; article_id: number | null }[];
}

/** Creates a challenge with its image and products; returns its id. */
export async function createChallenge(token: string, spec: ChallengeSpec): Promise<number> {
  const form = new FormData();
  form.set('name', spec.name);
  form.set('intro', spec.intro ?? `Wstęp do wyzwania ${spec.name}`);
  form.set('start_at', spec.startAt);
  form.set('end_at', spec.endAt);
  form.set('products', JSON.stringify(spec.products));
  form.set('image', await png(), 'wyzwanie.png');
  const res = await postForm<{ challenge_id: number }>('/api/challenges', token, form);
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`POST /api/challenges: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.challenge_id;
}

export interface SaleLine {
  document: string;
  line: number;
  soldOn: string;
  warehouse: string;
  rep: string;
  product: string;
  quantity: number;
}

/** A sales-results CSV as a Polish ERP exports it: semicolons, Polish headers, DD.MM.YYYY dates. */
export function salesCsv(lines: readonly SaleLine[]): string {
  const day = (iso: string) => iso.split('-').reverse().join('.');
  const rows = lines.map((l) =>
    [l.document, l.line, day(l.soldOn), l.warehouse, l.rep, l.product, l.quantity].join(';'),
  );
  return ['Dokument;Pozycja;Data sprzedaży;Hurtownia;Przedstawiciel;Produkt;Ilość', ...rows].join('\r\n');
}

export interface ImportResult {
  id: number;
  status: string;
  rows_accepted: number;
  rows_skipped: number;
  rows_rejected: number;
  amount: string;
}

/** Statuses of an import its background job has not finished (decision 050). */
const RUNNING = ['staging', 'queued', 'checking', 'applying'];

/**
 * Uploads a CSV to POST /api/sales-imports, as the import page does: the server answers 202 with the
 * import queued, and its background job checks and pays it; this follows GET /api/sales-imports/{id}
 * (every 250 ms, at most 60 s) and returns the import once the job is done with it.
 */
export async function importSales(token: string, csv: string, fileName = 'sprzedaz.csv'): Promise<ImportResult> {
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), fileName);
  const res = await postForm<ImportResult>('/api/sales-imports', token, form);
  if (res.status !== 202) throw new Error(`POST /api/sales-imports: ${res.status} ${JSON.stringify(res.body)}`);
  const until = Date.now() + 60_000;
  let current = res.body;
  while (RUNNING.includes(current.status)) {
    if (Date.now() > until) throw new Error(`sales import ${current.id} still ${current.status} after 60 s`);
    await new Promise((r) => setTimeout(r, 250));
    const next = await api<ImportResult>('GET', `/api/sales-imports/${current.id}`, { token });
    if (next.status !== 200) throw new Error(`GET /api/sales-imports/${current.id}: ${next.status}`);
    current = next.body;
  }
  return current;
}

export interface ActiveChallengeRead {
  id: number;
  name: string;
  money_get: string;
  units: number;
  products: { id: number; name: string; article_id: number | null; reward: string; units: number; money_get: string }[];
  rank: { warehouse: { place: number; of: number } | null; region: { place: number; of: number } | null };
}

/** GET /api/challenges/active as the rep. */
export async function activeChallenges(
  token: string,
): Promise<{ data: ActiveChallengeRead[]; updated_at: string | null }> {
  const res = await api<{ data: ActiveChallengeRead[]; updated_at: string | null }>('GET', '/api/challenges/active', {
    token,
  });
  if (res.status !== 200) throw new Error(`GET /api/challenges/active: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
