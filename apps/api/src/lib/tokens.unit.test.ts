import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './tokens.ts';

describe('opaque tokens', () => {
  it('are 256-bit url-safe random strings, stored as their SHA-256', () => {
    const { token, hash } = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hash);
    expect(hash).not.toContain(token);
  });

  it('never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newToken().token));
    expect(tokens.size).toBe(1000);
  });
});
