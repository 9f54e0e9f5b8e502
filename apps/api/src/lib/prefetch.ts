/**
 * Reads the first item before anything is sent: a download whose first query fails is then a proper
 * error answer, not a header followed by a cut connection. The rest is read as it streams.
 */
export async function prefetchFirst<T>(items: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = items[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all(): AsyncGenerator<T> {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return all();
}
