import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, passwordWork, verifyPassword } from './password.ts';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Zażółć-gęślą-1', 10);
    expect(await verifyPassword('Zażółć-gęślą-1', hash)).toBe(true);
    expect(await verifyPassword('Zażółć-gęślą-2', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash and stores its own parameters', async () => {
    const a = await hashPassword('same', 10);
    const b = await hashPassword('same', 10);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });

  it('uses OWASP cost (N=2^17, r=8, p=1) by default', async () => {
    const hash = await hashPassword('x');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '17', '8', '1']);
    expect(await verifyPassword('x', hash)).toBe(true);
  });

  it('keeps hashes made at another cost verifiable', async () => {
    const cheap = await hashPassword('pw', 11);
    expect(await verifyPassword('pw', cheap)).toBe(true);
  });

  it('refuses malformed stored values instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2', 'bcrypt$10$8$1$c2FsdA==$aGFzaA==', 'scrypt$10$8$1$c2FsdA==$']) {
      expect(await verifyPassword('pw', stored), stored).toBe(false);
    }
  });

  it('has a dummy hash that no password matches', async () => {
    const dummy = await dummyHash(10);
    expect(await verifyPassword('', dummy)).toBe(false);
    expect(await verifyPassword('Demo1234!', dummy)).toBe(false);
    expect(await dummyHash(10)).toBe(dummy);
  });
});

describe('hashes at once (a sign-in storm leaves the thread pool and a core to the rest)', () => {
  it('computes at most passwordWork.concurrency hashes at a time, the others in turn, all of them right', async () => {
    const stored = await hashPassword('Sekret-123', 12);
    expect(passwordWork.concurrency).toBe(Math.max(1, Math.min(3, availableParallelism() - 1)));
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, passwordWork.activeCount);
    }, 1);
    const results = Promise.all(
      Array.from({ length: 8 }, (_, i) => verifyPassword(i % 2 ? 'Sekret-123' : 'x', stored)),
    );
    // Queued at once: the ones over the limit wait.
    expect(passwordWork.activeCount).toBeLessThanOrEqual(passwordWork.concurrency);
    expect(passwordWork.pendingCount + passwordWork.activeCount).toBe(8);
    expect(await results).toEqual([false, true, false, true, false, true, false, true]);
    clearInterval(watch);
    expect(most).toBeLessThanOrEqual(passwordWork.concurrency);
    expect(passwordWork.activeCount + passwordWork.pendingCount).toBe(0);
  });
});
