import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';

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
