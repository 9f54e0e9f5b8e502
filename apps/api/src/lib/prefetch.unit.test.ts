import { describe, expect, it } from 'vitest';
import { prefetchFirst } from './prefetch.ts';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of items) out.push(x);
  return out;
}

describe('prefetchFirst', () => {
  it('reads the first item at once and hands every item on, in order', async () => {
    const read: number[] = [];
    async function* source() {
      for (const n of [1, 2, 3]) {
        read.push(n);
        yield n;
      }
    }
    const items = await prefetchFirst(source());
    expect(read).toEqual([1]);
    expect(await collect(items)).toEqual([1, 2, 3]);
  });

  it('rejects before anything is streamed when the first read fails', async () => {
    // biome-ignore lint/correctness/useYield: a source whose very first read fails
    async function* failing(): AsyncGenerator<number> {
      throw new Error('query failed');
    }
    await expect(prefetchFirst(failing())).rejects.toThrow('query failed');
  });

  it('streams nothing for an empty source', async () => {
    async function* empty(): AsyncGenerator<number> {}
    expect(await collect(await prefetchFirst(empty()))).toEqual([]);
  });
});
