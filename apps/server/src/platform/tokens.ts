/**
 * JWTs (HS256). Kinds: u = one-time user token, a = access, r = refresh, reset = password link, email = the link that
 * confirms a new e-mail address (which it carries, signed), mfa = the password was right and a second factor is due
 * (accepted only by POST /api/auth/mfa), mfa_enrol = the same for a user obliged to enrol first (only the enrolment).
 * Signed and verified with node:crypto's HMAC: every authenticated request verifies one, and WebCrypto
 * (as jose uses it) costs about 20 times more per token. Only HS256 is accepted, whatever the header says.
 */
import { realNowMs } from './clock';
import { createHmac, createSecretKey, randomBytes, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db';
import { impostazioni } from './db/tables';

export type TokenKind = 'u' | 'a' | 'r' | 'reset' | 'email' | 'mfa' | 'mfa_enrol';
export type Claims = { sub: string; typ: TokenKind; jti: string; fam?: string; email?: string; exp: number };

export class Tokens {
  /** The key imported once (a raw key is imported again by every createHmac). */
  private secret: KeyObject;
  private constructor(key: Uint8Array) {
    this.secret = createSecretKey(key);
  }

  /** The secret comes from TULIP_JWT_SECRET or is generated once and kept in the database, shared by every process. */
  static async create(db: Db, configured?: string): Promise<Tokens> {
    if (configured) return new Tokens(new TextEncoder().encode(configured));
    await db
      .insert(impostazioni)
      .values({ chiave: 'jwt_secret', valore: randomBytes(48).toString('base64') })
      .onConflictDoNothing();
    const [row] = await db.select().from(impostazioni).where(eq(impostazioni.chiave, 'jwt_secret'));
    return new Tokens(new TextEncoder().encode(row.valore));
  }

  private mac(data: string): Buffer {
    return createHmac('sha256', this.secret).update(data).digest();
  }

  async sign(kind: TokenKind, sub: number, ttlSeconds: number, extra: { fam?: string; jti?: string; email?: string } = {}) {
    const jti = extra.jti ?? randomUUID();
    const iat = Math.floor(realNowMs() / 1000);
    const exp = iat + ttlSeconds;
    const payload = { typ: kind, ...(extra.fam ? { fam: extra.fam } : {}), ...(extra.email ? { email: extra.email } : {}), sub: String(sub), jti, iat, exp };
    const signed = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return { token: `${signed}.${this.mac(signed).toString('base64url')}`, jti, exp };
  }

  /** Verified claims of the wanted kind, or null (bad signature, other algorithm, expired, wrong kind, malformed). */
  async verify(token: string, kind: TokenKind): Promise<Claims | null> {
    let c = this.signed.get(token);
    if (!c) {
      c = this.checkSignature(token) ?? undefined;
      if (!c) return null;
      // a signature is checked once per token: every request of a session carries the same access token (issue #30)
      if (this.signed.size >= SIGNED_CACHE) this.signed.clear();
      this.signed.set(token, c);
    }
    // what depends on the time and on the use is checked at every use
    const now = realNowMs() / 1000;
    if (typeof c.exp !== 'number' || c.exp <= now) return null;
    if (c.nbf !== undefined && (typeof c.nbf !== 'number' || c.nbf > now)) return null;
    if (c.typ !== kind || typeof c.sub !== 'string' || typeof c.jti !== 'string') return null;
    if (c.fam !== undefined && typeof c.fam !== 'string') return null;
    if (c.email !== undefined && typeof c.email !== 'string') return null;
    return c as unknown as Claims;
  }

  /** Tokens whose signature was found good, with their payload: bounded, emptied when full. */
  private signed = new Map<string, Record<string, unknown>>();

  /** The payload of a well-formed HS256 token signed with our key, or null. */
  private checkSignature(token: string): Record<string, unknown> | null {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((x) => B64URL.test(x))) return null;
    const [h, p, sig] = parts;
    try {
      const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: unknown };
      if (header?.alg !== 'HS256') return null;
      const given = Buffer.from(sig, 'base64url');
      const expected = this.mac(`${h}.${p}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const c = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as unknown;
      return c && typeof c === 'object' && !Array.isArray(c) ? (c as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
}

/** Verified tokens kept (a few MB at most). */
const SIGNED_CACHE = 20_000;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const B64URL = /^[A-Za-z0-9_-]*$/;

export function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S{1,4096})$/i.exec(header);
  return m?.[1];
}
