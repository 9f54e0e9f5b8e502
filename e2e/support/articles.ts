import { api } from './api.ts';
import { baseUrl } from './env.ts';
import { testPng } from './quizzes.ts';

/*
 * Articles through the real API, as the back office writes them (SPEC.md section 7 "Articles"):
 * POST /api/admin/articles, multipart title, excerpt, content, image, product_id, video_url and
 * published_at ('YYYY.MM.DD HH:mm:ss' Warsaw time; '' = a draft; left out = published now).
 */

export interface ArticleSpec {
  title: string;
  /** The lead (sent as `excerpt`); defaults to a short sentence naming the title. */
  lead?: string;
  /** HTML; defaults to one paragraph naming the title. */
  content?: string;
  /** A PNG made with sharp is uploaded unless false (the server requires an image on create). */
  withImage?: boolean;
  productId?: number | null;
  videoUrl?: string;
  /** A Date = published (or scheduled) from then; null = a draft; undefined = published now. */
  publishedAt?: Date | null;
}

export interface ArticleRead {
  id: number;
  name: string;
  lead: string;
  content: string;
  status: 'draft' | 'scheduled' | 'published' | 'deleted';
  published_at: string | null;
  product_id: number | null;
  image: { url: string; webp: string; jpeg: string } | null;
}

export interface ProductRow {
  id: number;
  name: string;
}

/** 'YYYY.MM.DD HH:mm:ss' of an instant in Warsaw wall time, as the article form sends published_at. */
export function warsawDateTime(d: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}.${get('month')}.${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** The multipart body of an article, as the editor builds it. */
export async function articleForm(spec: ArticleSpec): Promise<FormData> {
  const form = new FormData();
  form.set('title', spec.title);
  form.set('excerpt', spec.lead ?? `Krótki wstęp do artykułu ${spec.title}`);
  form.set('content', spec.content ?? `<p>Artykuł <strong>${spec.title}</strong> z testu przeglądarki.</p>`);
  if (spec.productId !== undefined) form.set('product_id', spec.productId === null ? '' : String(spec.productId));
  if (spec.videoUrl !== undefined) form.set('video_url', spec.videoUrl);
  if (spec.publishedAt !== undefined)
    form.set('published_at', spec.publishedAt === null ? '' : warsawDateTime(spec.publishedAt));
  if (spec.withImage !== false)
    form.set('image', new Blob([new Uint8Array(await testPng())], { type: 'image/png' }), 'artykul.png');
  return form;
}

async function post<T>(path: string, token: string, form: FormData): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-language': 'pl' },
    body: form,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Creates an article through POST /api/admin/articles (admin or provider admin token); returns its id. */
export async function createArticle(token: string, spec: ArticleSpec): Promise<number> {
  const res = await post<{ article_id: number; message: string }>(
    '/api/admin/articles',
    token,
    await articleForm(spec),
  );
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`POST /api/admin/articles: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.article_id;
}

/** The article as the back office reads it (GET /api/admin/articles/{id}), drafts and deleted ones too. */
export async function readArticle(token: string, id: number): Promise<ArticleRead> {
  const res = await api<ArticleRead>('GET', `/api/admin/articles/${id}`, { token });
  if (res.status !== 200) throw new Error(`GET /api/admin/articles/${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The first products of the catalogue (GET /api/products, sorted by name). */
export async function listProducts(token: string, search?: string): Promise<ProductRow[]> {
  const q = new URLSearchParams({ page: '1', per_page: '10' });
  if (search) q.set('search', search);
  const res = await api<{ data: ProductRow[] }>('GET', `/api/products?${q}`, { token });
  if (res.status !== 200) throw new Error(`GET /api/products: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
