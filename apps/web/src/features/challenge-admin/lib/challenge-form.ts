import { CHALLENGE_LIMITS, type ChallengeDetails, type ChallengeProductInput } from '@incentive/contracts';
import type { ApiResult } from '../../../lib/api-client.ts';
import { buildFormData, type ImageChange } from '../../../lib/form-data.ts';
import type { TFunction } from '../../../lib/i18n.ts';

export interface Picked {
  id: number;
  name: string;
}

/** One product of the challenge as the form edits it; `key` keeps React's rows stable while rows are removed. */
export interface ProductRowValues {
  key: string;
  product: (Picked & { code: string | null }) | null;
  /** What the NumberInput holds: a number, or the text being typed ("2," on the way to "2,50"). */
  reward: number | string;
  article: Picked | null;
}

/** The editor's working copy of a challenge (issue 15; contracts challengeFieldsSchema). */
export interface ChallengeFormValues {
  name: string;
  intro: string;
  /** 'YYYY-MM-DD' Warsaw calendar days, both included. */
  startAt: string | null;
  endAt: string | null;
  image: ImageChange;
  products: ProductRowValues[];
}

/** The form's fields as the server names them (its 422 messages are keyed so). */
export type ChallengeField = 'name' | 'intro' | 'start_at' | 'end_at' | 'image' | 'products';
export type RowField = 'product_id' | 'reward' | 'article_id';
export interface ChallengeErrors {
  fields: Partial<Record<ChallengeField, string>>;
  /** By row index. */
  rows: Record<number, Partial<Record<RowField, string>>>;
}

export const noErrors = (): ChallengeErrors => ({ fields: {}, rows: {} });
export const hasErrors = (e: ChallengeErrors) =>
  Object.keys(e.fields).length > 0 || Object.values(e.rows).some((r) => Object.keys(r).length > 0);

let lastKey = 0;
/** A new row's key: unique within the page's life. */
export const rowKey = () => `row-${++lastKey}`;

export const emptyRow = (): ProductRowValues => ({ key: rowKey(), product: null, reward: '', article: null });

export function emptyChallenge(): ChallengeFormValues {
  return { name: '', intro: '', startAt: null, endAt: null, image: { kind: 'keep' }, products: [emptyRow()] };
}

/** The loaded challenge as the form's values: rewards as numbers for the PLN input. */
export function valuesFromChallenge(c: ChallengeDetails): ChallengeFormValues {
  return {
    name: c.name,
    intro: c.intro,
    startAt: c.start_at,
    endAt: c.end_at,
    image: { kind: 'keep' },
    products: c.products.map((p) => ({
      key: rowKey(),
      product: { id: p.id, name: p.name, code: p.code },
      reward: Number(p.reward),
      // The editor shows what was chosen, not the product's newest article the rep page falls back to.
      article: p.chosen_article_id === null ? null : { id: p.chosen_article_id, name: `#${p.chosen_article_id}` },
    })),
  };
}

/**
 * A reward per unit as typed in Polish ("2,50", "1 000", 2.5) → the API's PLN string "2.50", or
 * null when it is not an amount from 0,01 to CHALLENGE_LIMITS.rewardMaxPln with at most two decimals.
 */
export function parseRewardPln(value: number | string): string | null {
  const text = (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value)
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/zł$/i, '')
    .replace(',', '.');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const grosze = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (grosze < 1 || grosze > CHALLENGE_LIMITS.rewardMaxPln * 100) return null;
  return `${Math.floor(grosze / 100)}.${String(grosze % 100).padStart(2, '0')}`;
}

/** The `products` field: a JSON array of { product_id, reward, article_id } (rows without a product are left out). */
export function productsJson(rows: ProductRowValues[]): string {
  const out: ChallengeProductInput[] = [];
  for (const row of rows) {
    if (!row.product) continue;
    out.push({
      product_id: row.product.id,
      reward: parseRewardPln(row.reward) ?? String(row.reward),
      article_id: row.article?.id ?? null,
    });
  }
  return JSON.stringify(out);
}

/** The client's checks, with the server's messages; the image (required on create) is a toast, checked by the page. */
export function validateChallenge(values: ChallengeFormValues, t: TFunction): ChallengeErrors {
  const errors = noErrors();
  const name = values.name.trim();
  if (!name) errors.fields.name = t('challenge.nameRequired');
  else if (name.length > CHALLENGE_LIMITS.name) errors.fields.name = t('validation.tooLong');
  if (values.intro.trim().length > CHALLENGE_LIMITS.intro) errors.fields.intro = t('validation.tooLong');
  if (!values.startAt || !values.endAt) errors.fields.start_at = t('challenge.datesRequired');
  else if (values.endAt < values.startAt) errors.fields.end_at = t('challenge.datesOrder');
  if (values.products.length === 0) errors.fields.products = t('challenge.productsRequired');
  else if (values.products.length > CHALLENGE_LIMITS.products) errors.fields.products = t('challenge.tooManyProducts');
  const seen = new Set<number>();
  values.products.forEach((row, i) => {
    const rowErrors: Partial<Record<RowField, string>> = {};
    if (!row.product) rowErrors.product_id = t('challenge.productInvalid');
    else if (seen.has(row.product.id)) rowErrors.product_id = t('challenge.productTwice');
    else seen.add(row.product.id);
    if (parseRewardPln(row.reward) === null) rowErrors.reward = t('challenge.rewardInvalid');
    if (Object.keys(rowErrors).length > 0) errors.rows[i] = rowErrors;
  });
  return errors;
}

export const missingImage = (values: ChallengeFormValues, creating: boolean) =>
  creating && values.image.kind !== 'file';

const FIELDS: readonly ChallengeField[] = ['name', 'intro', 'start_at', 'end_at', 'image', 'products'];
const ROW_KEY = /^products[.[](\d+)\]?\.(product_id|reward|article_id)$/;

/**
 * A 422's first message per field (already in the user's language): `products.2.reward` lands on its
 * row; `products` (e.g. a product already in another challenge on those days) above the rows.
 */
export function serverChallengeErrors(result: ApiResult<unknown> | null): ChallengeErrors {
  const errors = noErrors();
  if (!result || result.isSuccess || !result.payload?.errors) return errors;
  for (const [key, messages] of Object.entries(result.payload.errors)) {
    const message = messages?.[0];
    if (!message) continue;
    const row = ROW_KEY.exec(key);
    if (row) {
      const i = Number(row[1]);
      errors.rows[i] = { ...errors.rows[i], [row[2] as RowField]: message };
    } else if ((FIELDS as readonly string[]).includes(key)) errors.fields[key as ChallengeField] ??= message;
    else if (key.startsWith('products')) errors.fields.products ??= message;
  }
  return errors;
}

/** The multipart body: text fields, products as JSON, the image part only when a new file was chosen. */
export function challengeFormData(values: ChallengeFormValues): FormData {
  return buildFormData({
    name: values.name.trim(),
    intro: values.intro.trim(),
    start_at: values.startAt ?? '',
    end_at: values.endAt ?? '',
    products: productsJson(values.products),
    image: values.image.kind === 'file' ? values.image : undefined,
  });
}
