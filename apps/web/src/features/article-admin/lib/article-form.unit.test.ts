import { type AdminArticle, ARTICLE_LIMITS } from '@incentive/contracts';
import { describe, expect, test } from 'vitest';
import type { TFunction } from '../../../lib/i18n.ts';
import {
  type ArticleFormValues,
  articleFormData,
  emptyArticle,
  missingImage,
  serverArticleErrors,
  validateArticle,
  valuesFromArticle,
} from './article-form.ts';

// The keys themselves: the test checks which message each rule picks.
const t: TFunction = (key) => key;

const filled = (patch: Partial<ArticleFormValues> = {}): ArticleFormValues => ({
  ...emptyArticle(new Date('2026-03-10T10:00:00Z')),
  title: 'Nowa linia',
  lead: 'Wstęp',
  content: '<p>Treść</p>',
  ...patch,
});

describe('validateArticle', () => {
  test('a filled form passes', () => {
    expect(validateArticle(filled(), t)).toEqual({});
  });

  test('title, lead and content are required; an empty editor and spaces count as empty', () => {
    expect(validateArticle(filled({ title: '  ', lead: '\n', content: '<p></p><p>&nbsp;</p>' }), t)).toEqual({
      title: 'article.titleRequired',
      excerpt: 'article.leadRequired',
      content: 'article.contentRequired',
    });
  });

  test('content is at most 5 MB counted in UTF-8 bytes, not characters', () => {
    const limit = ARTICLE_LIMITS.contentBytes;
    const exact = `<p>${'a'.repeat(limit - 7)}</p>`;
    expect(new TextEncoder().encode(exact).length).toBe(limit);
    expect(validateArticle(filled({ content: exact }), t).content).toBeUndefined();
    expect(validateArticle(filled({ content: `${exact}a` }), t).content).toBe('article.contentTooLong');
    // 'ą' is two bytes: half the limit in characters is already the whole limit in bytes, plus the tags.
    const polish = `<p>${'ą'.repeat(limit / 2)}</p>`;
    expect(validateArticle(filled({ content: polish }), t).content).toBe('article.contentTooLong');
  });

  test('the video link must be http(s); empty is fine', () => {
    expect(validateArticle(filled({ videoUrl: 'javascript:alert(1)' }), t).video_url).toBe('quiz.videoUrlInvalid');
    expect(validateArticle(filled({ videoUrl: 'https://youtu.be/abc' }), t).video_url).toBeUndefined();
    expect(validateArticle(filled({ videoUrl: '' }), t).video_url).toBeUndefined();
  });

  test('a new article needs an image; an edited one keeps its own', () => {
    expect(missingImage(filled(), true)).toBe(true);
    expect(missingImage(filled(), false)).toBe(false);
    const file = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
    expect(missingImage(filled({ image: { kind: 'file', file } }), true)).toBe(false);
  });
});

describe('articleFormData', () => {
  test('the multipart fields the API reads; published_at in Warsaw time', () => {
    const file = new File([new Uint8Array([1, 2])], 'okladka.png', { type: 'image/png' });
    const body = articleFormData(
      filled({
        title: ' Tytuł ',
        lead: ' Wstęp ',
        image: { kind: 'file', file },
        product: { id: 7, name: 'Woda' },
        videoUrl: ' https://youtu.be/abc ',
        publishedAt: '2026-03-10 11:00:00',
      }),
    );
    expect(body.get('title')).toBe('Tytuł');
    expect(body.get('excerpt')).toBe('Wstęp');
    expect(body.get('content')).toBe('<p>Treść</p>');
    expect(body.get('product_id')).toBe('7');
    expect(body.get('video_url')).toBe('https://youtu.be/abc');
    expect(body.get('published_at')).toBe('2026.03.10 11:00:00');
    expect((body.get('image') as File).name).toBe('okladka.png');
  });

  test('a draft sends an empty published_at; no product an empty product_id; a kept image no part', () => {
    const body = articleFormData(filled({ publish: false }));
    expect(body.get('published_at')).toBe('');
    expect(body.get('product_id')).toBe('');
    expect(body.has('image')).toBe(false);
  });
});

describe('valuesFromArticle', () => {
  const article: AdminArticle = {
    id: 3,
    uuid: 'u',
    name: 'Tytuł',
    lead: 'Wstęp',
    content: '<p>x</p>',
    image: { url: '/api/images/h/640.jpg', webp: '', jpeg: '', width: 800, height: 450 },
    video_url: null,
    product: { id: 2, name: 'Sok' },
    product_id: 2,
    status: 'published',
    published_at: '2026-07-01T08:30:00.000Z',
    created_at: '2026-07-01T08:00:00.000Z',
    updated_at: '2026-07-01T08:00:00.000Z',
  };

  test('a published article: the switch on, its date as Warsaw wall time (summer: UTC+2)', () => {
    const v = valuesFromArticle(article);
    expect(v.publish).toBe(true);
    expect(v.publishedAt).toBe('2026-07-01 10:30:00');
    expect(v.product).toEqual({ id: 2, name: 'Sok' });
  });

  test('a draft: the switch off, "now" ready in the picker (winter: UTC+1)', () => {
    const v = valuesFromArticle({ ...article, status: 'draft', published_at: null }, new Date('2026-01-15T23:30:00Z'));
    expect(v.publish).toBe(false);
    expect(v.publishedAt).toBe('2026-01-16 00:30:00');
  });
});

describe('serverArticleErrors', () => {
  test("a 422's first message per form field; other keys and other failures give none", () => {
    expect(
      serverArticleErrors({
        isSuccess: false,
        status: 422,
        payload: {
          message: 'Wybrany produkt nie istnieje',
          errors: {
            product_id: ['Wybrany produkt nie istnieje', 'x'],
            excerpt: ['Pole wstęp jest wymagane'],
            id: ['?'],
          },
        },
      }),
    ).toEqual({ product_id: 'Wybrany produkt nie istnieje', excerpt: 'Pole wstęp jest wymagane' });
    expect(serverArticleErrors({ isSuccess: false, status: 500, payload: null })).toEqual({});
    expect(serverArticleErrors(null)).toEqual({});
  });
});
