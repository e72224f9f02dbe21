/** JWTs (HS256, jose). Kinds: u = one-time user token, a = access, r = refresh, reset = password link. */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from './db';
import { impostazioni } from './db/tables';

export type TokenKind = 'u' | 'a' | 'r' | 'reset';
export type Claims = { sub: string; typ: TokenKind; jti: string; fam?: string; exp: number };

export class Tokens {
  private constructor(private key: Uint8Array) {}

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

  async sign(kind: TokenKind, sub: number, ttlSeconds: number, extra: { fam?: string; jti?: string } = {}) {
    const jti = extra.jti ?? randomUUID();
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    const token = await new SignJWT({ typ: kind, ...(extra.fam ? { fam: extra.fam } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(sub))
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, jti, exp };
  }

  /** Verified claims of the wanted kind, or null (bad signature, expired, wrong kind, malformed). */
  async verify(token: string, kind: TokenKind): Promise<Claims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.typ !== kind || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
      return payload as unknown as Claims;
    } catch {
      return null;
    }
  }
}

export function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S{1,4096})$/i.exec(header);
  return m?.[1];
}
