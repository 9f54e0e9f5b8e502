/**
 * SPEC.md section 2 (the home carousel): a short list is repeated so the looping coverflow always
 * has slides on both sides of the centred one: fewer than 2 articles → 6 copies, fewer than 3 → 3
 * copies, fewer than 6 → 2 copies; 6 or more as they are. Each slide gets a key of its own.
 */
export function carouselCopies(count: number): number {
  if (count < 2) return 6;
  if (count < 3) return 3;
  if (count < 6) return 2;
  return 1;
}

export function carouselSlides<T>(items: readonly T[]): { item: T; key: string; index: number }[] {
  const copies = items.length === 0 ? 0 : carouselCopies(items.length);
  const out: { item: T; key: string; index: number }[] = [];
  for (let copy = 0; copy < copies; copy++)
    items.forEach((item, index) => {
      out.push({ item, index, key: `${copy}-${index}` });
    });
  return out;
}
