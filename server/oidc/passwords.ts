/**
 * Password hashing with scrypt: `scrypt$N$r$p$salt$hash` (salt and hash base64url). One hash at a time:
 * scrypt runs on libuv's thread pool (4 threads), which file reads and DNS share, and takes a core;
 * 300 at once held the quotes (file reads) for 6 s and `/healthz` for 2 s. At most `MAX_WAITING_HASHES`
 * wait their turn; beyond that `HashingBusy` is thrown and the sign-in page says to try again shortly.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH_BYTES = 32;
export const MAX_CONCURRENT_HASHES = 1;
export const MAX_WAITING_HASHES = 32;

export class HashingBusy extends Error {
  constructor() {
    super('Too many sign-ins at once; try again in a few seconds.');
    this.name = 'HashingBusy';
  }
}

let running = 0;
const waiting: Array<() => void> = [];

async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES) throw new HashingBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return withHashingSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize('NFKC'),
          salt,
          KEY_LENGTH_BYTES,
          { ...options, maxmem: 64 * 1024 * 1024 },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

let unusableHash: Promise<string> | undefined;

/** A hash of a random password: checking an unknown user against it costs as much as a real check. */
export function unusablePasswordHash(): Promise<string> {
  unusableHash ??= hashPassword(randomBytes(16).toString('hex'));
  return unusableHash;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
