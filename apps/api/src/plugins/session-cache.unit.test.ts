import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('keeps a lookup for its time to live, then forgets it', () => {
    const c = clock();
    const cache = new SessionCache<string>(5000, 100, c.now);
    cache.set('t', { value: 'u1', expiresAt: c.now() + 60_000 }, cache.epoch);
    expect(cache.get('t')).toBe('u1');
    c.advance(4999);
    expect(cache.get('t')).toBe('u1');
    c.advance(1);
    expect(cache.get('t')).toBeUndefined();
  });

  it('never serves a session past its own expiry', () => {
    const c = clock();
    const cache = new SessionCache<string>(5000, 100, c.now);
    cache.set('t', { value: 'u1', expiresAt: c.now() + 1000 }, cache.epoch);
    c.advance(1000);
    expect(cache.get('t')).toBeUndefined();
  });

  it('drops a lookup that overlapped a clear (it may have read the state before a write)', () => {
    const cache = new SessionCache<string>(5000);
    const epoch = cache.epoch;
    cache.clear(); // a write finished while the lookup was in flight
    cache.set('t', { value: 'stale', expiresAt: Date.now() + 60_000 }, epoch);
    expect(cache.get('t')).toBeUndefined();
    cache.set('t', { value: 'fresh', expiresAt: Date.now() + 60_000 }, cache.epoch);
    expect(cache.get('t')).toBe('fresh');
  });

  it('empties on clear and stays bounded in size', () => {
    const cache = new SessionCache<number>(5000, 3);
    for (let i = 0; i < 3; i++) cache.set(`t${i}`, { value: i, expiresAt: Date.now() + 60_000 }, cache.epoch);
    expect(cache.size).toBe(3);
    cache.set('t3', { value: 3, expiresAt: Date.now() + 60_000 }, cache.epoch);
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.get('t3')).toBe(3);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('t3')).toBeUndefined();
  });

  it('caches nothing with a time to live of 0', () => {
    const cache = new SessionCache<number>(0);
    cache.set('t', { value: 1, expiresAt: Date.now() + 60_000 }, cache.epoch);
    expect(cache.get('t')).toBeUndefined();
  });
});
