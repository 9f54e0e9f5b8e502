import { type ChallengeDetails, challengeFieldsSchema } from '@incentive/contracts';
import { describe, expect, test } from 'vitest';
import type { TFunction } from '../../../lib/i18n.ts';
import {
  type ChallengeFormValues,
  challengeFormData,
  emptyChallenge,
  missingImage,
  parseRewardPln,
  productsJson,
  rowKey,
  serverChallengeErrors,
  validateChallenge,
  valuesFromChallenge,
} from './challenge-form.ts';

// The keys themselves: the test checks which message each rule picks.
const t: TFunction = (key) => key;

const filled = (patch: Partial<ChallengeFormValues> = {}): ChallengeFormValues => ({
  ...emptyChallenge(),
  name: 'Wiosna z Kawą',
  intro: 'Sprzedawaj i zarabiaj',
  startAt: '2026-03-01',
  endAt: '2026-03-31',
  products: [
    { key: rowKey(), product: { id: 7, name: 'Kawa 500 g', code: 'KAW-500' }, reward: '2,50', article: null },
    { key: rowKey(), product: { id: 9, name: 'Herbata', code: 'HER-1' }, reward: 1, article: { id: 4, name: 'A' } },
  ],
  ...patch,
});

describe('parseRewardPln', () => {
  test('Polish and plain amounts become the API string with two decimals', () => {
    expect(parseRewardPln('2,50')).toBe('2.50');
    expect(parseRewardPln('2,5')).toBe('2.50');
    expect(parseRewardPln(2.5)).toBe('2.50');
    expect(parseRewardPln('1 000')).toBe('1000.00');
    expect(parseRewardPln('1\u00a0000,05 zł')).toBe('1000.05');
    expect(parseRewardPln(0.01)).toBe('0.01');
    expect(parseRewardPln('10000')).toBe('10000.00');
  });

  test('nothing, zero, negatives, three decimals, words and amounts above the limit are refused', () => {
    for (const bad of ['', ' ', '0', '0,00', '-1', '2,505', 'abc', '10000,01', '1e3', Number.NaN, -2]) {
      expect(parseRewardPln(bad)).toBeNull();
    }
  });
});

describe('productsJson', () => {
  test('one entry per chosen product, rewards in PLN strings, the article id or null', () => {
    expect(JSON.parse(productsJson(filled().products))).toEqual([
      { product_id: 7, reward: '2.50', article_id: null },
      { product_id: 9, reward: '1.00', article_id: 4 },
    ]);
  });

  test('a row without a product is left out', () => {
    const rows = [...filled().products, { key: rowKey(), product: null, reward: '3', article: null }];
    expect(JSON.parse(productsJson(rows))).toHaveLength(2);
  });

  test('the server schema accepts what the form sends', () => {
    const body = challengeFormData(filled());
    const fields = Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'));
    const parsed = challengeFieldsSchema.parse(fields);
    expect(parsed.products).toEqual([
      { product_id: 7, reward: 250, article_id: null },
      { product_id: 9, reward: 100, article_id: 4 },
    ]);
    expect(parsed.start_at).toBe('2026-03-01');
    expect(body.has('image')).toBe(false);
  });

  test('a new image goes as the file part', () => {
    const file = new File([new Uint8Array([1, 2])], 'a.png', { type: 'image/png' });
    const body = challengeFormData(filled({ image: { kind: 'file', file } }));
    expect(body.get('image')).toBeInstanceOf(File);
  });
});

describe('validateChallenge', () => {
  test('a filled form passes', () => {
    const e = validateChallenge(filled(), t);
    expect(e).toEqual({ fields: {}, rows: {} });
  });

  test('name and dates are required, the end not before the start', () => {
    expect(validateChallenge(filled({ name: '  ', startAt: null }), t).fields).toEqual({
      name: 'challenge.nameRequired',
      start_at: 'challenge.datesRequired',
    });
    expect(validateChallenge(filled({ startAt: '2026-04-01' }), t).fields).toEqual({ end_at: 'challenge.datesOrder' });
  });

  test('each row needs a product chosen once and a valid reward', () => {
    const [a] = filled().products;
    const e = validateChallenge(
      filled({
        products: [
          a,
          { key: rowKey(), product: a?.product ?? null, reward: '0', article: null },
          { key: rowKey(), product: null, reward: '5', article: null },
        ] as ChallengeFormValues['products'],
      }),
      t,
    );
    expect(e.rows).toEqual({
      1: { product_id: 'challenge.productTwice', reward: 'challenge.rewardInvalid' },
      2: { product_id: 'challenge.productInvalid' },
    });
    expect(validateChallenge(filled({ products: [] }), t).fields.products).toBe('challenge.productsRequired');
  });

  test('the image is required when creating only', () => {
    expect(missingImage(filled(), true)).toBe(true);
    expect(missingImage(filled(), false)).toBe(false);
  });
});

describe('serverChallengeErrors', () => {
  test('field messages at their fields, row messages at their rows, other product messages above the rows', () => {
    const e = serverChallengeErrors({
      isSuccess: false,
      status: 422,
      payload: {
        message: 'x',
        errors: {
          name: ['Pole nazwa wyzwania jest wymagane'],
          'products.1.reward': ['Nagroda'],
          'products.0.product_id': ['Produkt „Kawa” jest już w wyzwaniu „Lato” w tych dniach'],
          'products.2': ['Zły'],
        },
      },
    });
    expect(e.fields).toEqual({ name: 'Pole nazwa wyzwania jest wymagane', products: 'Zły' });
    expect(e.rows).toEqual({
      0: { product_id: 'Produkt „Kawa” jest już w wyzwaniu „Lato” w tych dniach' },
      1: { reward: 'Nagroda' },
    });
  });

  test('a success or a failure without field messages gives none', () => {
    expect(serverChallengeErrors(null)).toEqual({ fields: {}, rows: {} });
    expect(serverChallengeErrors({ isSuccess: false, status: 500, payload: null })).toEqual({ fields: {}, rows: {} });
  });
});

describe('valuesFromChallenge', () => {
  test('the loaded challenge fills the form: rewards as numbers, the chosen article only', () => {
    const c = {
      id: 3,
      name: 'Lato',
      intro: 'Wstęp',
      start_at: '2026-06-01',
      end_at: '2026-06-30',
      products: [
        { id: 7, name: 'Kawa', code: 'K', reward: '2.50', article_id: 11, chosen_article_id: null },
        { id: 8, name: 'Herbata', code: null, reward: '0.10', article_id: 12, chosen_article_id: 12 },
      ],
    } as unknown as ChallengeDetails;
    const v = valuesFromChallenge(c);
    expect(v.name).toBe('Lato');
    expect(v.startAt).toBe('2026-06-01');
    expect(v.products.map((p) => [p.product?.id, p.reward, p.article?.id ?? null])).toEqual([
      [7, 2.5, null],
      [8, 0.1, 12],
    ]);
    expect(JSON.parse(productsJson(v.products))[1]).toEqual({ product_id: 8, reward: '0.10', article_id: 12 });
  });
});
