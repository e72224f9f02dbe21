/**
 * Password and PIN hashing with node's scrypt (no native addon). Format: scrypt$N$salt$hash.
 *
 * The cost, N = 2^14, r = 8, p = 1: 16 MiB and about 34 ms of one core per hash on the 2-core machine we measure on.
 * That is a quarter of the work of OWASP's first scrypt setting (N = 2^17); we hold it here because every kiosk punch
 * verifies a PIN and every login a password on the same cores that store the punches, and a shift change brings
 * hundreds of both in minutes. What stops guessing is the lockout (10 attempts per user and address, 100 per user,
 * counted before the check: platform/auth.ts), not the hash alone; the hash protects a stolen database, and
 * 34 ms a guess per core keeps a 10-character password out of reach. The cost is stored with each hash, so a later,
 * higher N applies to new passwords without breaking the old ones.
 *
 * Hashing is bounded: at most HASH_SLOTS run at once (each holds a core), at most HASH_QUEUE wait for one, and
 * past that the request is answered 503 with Retry-After, so that a burst of logins never starves punches and reads.
 */
import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors';

const N = 16384;
const KEYLEN = 32;

/** Half the cores hash at most: the other half stays with the event loop and the database. */
export const HASH_SLOTS = Math.max(1, Math.floor(availableParallelism() / 2));
/** About half a second of waiting at most, then the caller is told to come back. */
export const HASH_QUEUE = 16 * HASH_SLOTS;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs a hash in a slot, waiting in the short queue; a full queue answers 503 (Retry-After: 1). */
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASH_SLOTS) running++;
  else {
    if (waiting.length >= HASH_QUEUE) throw new AppError(503, 'avvisi.occupato', { secondi: 1 });
    // the slot is handed over by the hash that ends (running stays the same)
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function scrypt(secret: string, salt: Buffer, n: number): Promise<Buffer> {
  return inSlot(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(secret, salt, KEYLEN, { N: n, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, N);
  return `scrypt$${N}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifySecret(secret: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // same work whether or not the user exists, so timing says nothing
    await scrypt(secret, Buffer.alloc(16), N);
    return false;
  }
  const [alg, n, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !n || !salt || !hash) return false;
  const key = await scrypt(secret, Buffer.from(salt, 'base64'), Number(n));
  const expected = Buffer.from(hash, 'base64');
  return expected.length === key.length && timingSafeEqual(expected, key);
}
