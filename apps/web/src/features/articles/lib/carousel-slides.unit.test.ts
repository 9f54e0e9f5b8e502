import { describe, expect, test } from 'vitest';
import { carouselCopies, carouselSlides } from './carousel-slides.ts';

describe('carousel repeat rule (SPEC.md section 2)', () => {
  test.each([
    [1, 6],
    [2, 3],
    [3, 2],
    [5, 2],
    [6, 1],
    [100, 1],
  ])('%i articles are shown %i times', (count, copies) => {
    expect(carouselCopies(count)).toBe(copies);
    const items = Array.from({ length: count }, (_, i) => `a${i}`);
    const slides = carouselSlides(items);
    expect(slides).toHaveLength(count * copies);
    // Every copy keeps the list's order, and the keys never repeat.
    expect(slides.map((s) => s.item)).toEqual(Array.from({ length: copies }, () => items).flat());
    expect(new Set(slides.map((s) => s.key)).size).toBe(slides.length);
  });

  test('no articles, no slides', () => {
    expect(carouselSlides([])).toEqual([]);
  });

  test('short lists end with at least 6 slides, enough for the loop at 3 per view', () => {
    for (let n = 1; n < 6; n++) expect(carouselSlides(Array.from({ length: n })).length).toBeGreaterThanOrEqual(6);
  });
});
