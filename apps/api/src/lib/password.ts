import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/*
 * scrypt at OWASP's parameters (N=2^17, r=8, p=1). The stored string carries its own
 * parameters, so raising the cost later keeps old hashes verifiable.
 * Format: scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>
 */
const KEYLEN = 32;

/**
 * How many hashes this process computes at once; the others wait their turn. One hash is about 380 ms
 * of a core and runs on libuv's thread pool (4 threads), which also reads the web app's files: four
 * sign-ins at once took every thread, and a script file that answers in 4 ms waited 400 ms (p50) for
 * one during a storm of 5 sign-ins a second. One core in two stays for everything else.
 */
export const passwordWork = pLimit(Math.max(1, Math.min(3, availableParallelism() - 1)));

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return passwordWork(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCb(password, salt, KEYLEN, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, logN, 8, 1);
  return ['scrypt', logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash nobody's password matches, verified against unknown e-mails so timing does not reveal them. */
let dummy: Promise<string> | undefined;
export function dummyHash(logN: number): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'), logN);
  return dummy;
}
