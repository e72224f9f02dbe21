import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildMenu, HEADER_BASE_URL, ZNoBody, ZLoginUser, ZPasswordForgot, ZPasswordReset } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, unauthorized } from '../../platform/errors';
import { hashSecret, verifySecret } from '../../platform/crypto';
import { currentUser } from '../../platform/guard';
import { audit } from '../../platform/audit';
import { utenti } from '../anagrafica';
import { sendLockNotice, sendResetLink } from '../anagrafica';
import * as auth from '../../platform/auth';

export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, tokens, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ttl = { atoken: config.atokenTtl, rtoken: config.rtokenTtl };
  const tags = ['auth'];

  // answers that carry tokens are never stored by a browser or a proxy
  const noStore = { onSend: async (_req: unknown, reply: { header: (k: string, v: string) => unknown }) => void reply.header('cache-control', 'no-store') };

  r.post('/api/auth/loginUser', { config: { access: { public: true } }, schema: { tags, body: ZLoginUser }, ...noStore }, async (req, reply) => {
    const username = req.body.username.toLowerCase();
    // the attempt is counted before the password is checked: concurrent guesses cannot outrun the limits
    const limits = { pair: auth.LOGIN_MAX_FAILURES, user: auth.LOGIN_MAX_FAILURES_USER, ip: auth.LOGIN_MAX_FAILURES_IP };
    let user: typeof utenti.$inferSelect | undefined;
    const ok = await auth.guardedAttempt(db, username, req.ip, limits, async () => {
      [user] = await db.select().from(utenti).where(eq(utenti.username, username));
      return verifySecret(req.body.password, user?.password_hash);
    });
    if (ok === 'refused') return reply.status(429).send({ message: 'avvisi.too_many_attempts', params: { minuti: auth.LOGIN_WINDOW_MIN } });
    if (!user || !ok || !user.attivo || (user.demo && !config.demo)) {
      // the reservation stays as the failure; the attempt that locks the user for everyone tells them
      if (user && (await auth.failuresOf(db, username)) === auth.LOGIN_MAX_FAILURES_USER) {
        sendLockNotice(deps, user, auth.LOGIN_MAX_FAILURES_USER, auth.LOGIN_WINDOW_MIN).catch((err) => req.log.error({ err }, 'lock notice failed'));
      }
      throw new AppError(401, 'avvisi.login_failed');
    }
    await auth.forgetAttempt(db, username, req.ip);
    return { token: await auth.issueOneTime(db, tokens, 'u', user.id) };
  });

  r.post('/api/auth/authUser', { config: { access: { token: 'u' } }, schema: { tags, body: ZNoBody }, ...noStore }, async (req) => {
    const claims = req.claims!;
    if (!(await auth.consumeOneTime(db, claims.jti, 'u'))) throw unauthorized();
    const [user] = await db.select({ attivo: utenti.attivo }).from(utenti).where(eq(utenti.id, Number(claims.sub)));
    if (!user?.attivo) throw unauthorized();
    return auth.issuePair(db, tokens, ttl, Number(claims.sub));
  });

  r.get('/api/auth/rtoken', { config: { access: { token: 'r' } }, schema: { tags }, ...noStore }, async (req) => {
    const claims = req.claims!;
    const res = await auth.rotate(db, claims.jti);
    if (!res.ok) throw unauthorized();
    const [user] = await db.select({ attivo: utenti.attivo }).from(utenti).where(eq(utenti.id, Number(claims.sub)));
    if (!user?.attivo) throw unauthorized();
    return auth.issuePair(db, tokens, ttl, Number(claims.sub), res.famiglia);
  });

  r.post(
    '/api/auth/logout',
    { config: { access: { auth: true } }, schema: { tags, body: z.strictObject({ rtoken: z.string().max(4096).optional() }).nullish() } },
    async (req, reply) => {
      const user = currentUser(req);
      if (user.famiglia) await auth.revokeFamily(db, user.famiglia as never);
      return reply.status(204).send();
    },
  );

  r.post('/api/auth/password/forgot', { config: { access: { public: true } }, schema: { tags, body: ZPasswordForgot } }, async (req) => {
    const email = req.body.email.toLowerCase();
    // at most 3 links an address of mail and 10 a client address in the window; the answer is the same either way
    const slot = await auth.reserveAttempt(db, `#reset:${email}`, req.ip, { pair: 3, user: 3, ip: 10, ipBuckets: '#reset:%' });
    if ('refused' in slot) return { message: 'avvisi.password_reset_inviato' };
    const [user] = await db
      .select()
      .from(utenti)
      .where(sql`lower(${utenti.email}) = ${email} and ${utenti.attivo}`)
      .limit(1);
    if (user?.email && (!user.demo || config.demo)) {
      // the answer never waits for the mail: no hint whether the address exists
      sendResetLink(deps, user, req.headers[HEADER_BASE_URL]).catch((err) => req.log.error({ err }, 'reset mail failed'));
    }
    return { message: 'avvisi.password_reset_inviato' };
  });

  r.post('/api/auth/password/reset', { config: { access: { token: 'reset' } }, schema: { tags, body: ZPasswordReset } }, async (req) => {
    const claims = req.claims!;
    const userId = Number(claims.sub);
    const [user] = await db.select().from(utenti).where(eq(utenti.id, userId));
    if (!user) throw new AppError(401, 'avvisi.token_non_valido');
    if (req.body.password.toLowerCase() === user.username.toLowerCase()) throw badRequest({ password: 'avvisi.password_uguale_username' });
    if (!(await auth.consumeOneTime(db, claims.jti, 'reset'))) throw new AppError(401, 'avvisi.token_non_valido');
    await db.update(utenti).set({ password_hash: await hashSecret(req.body.password) }).where(eq(utenti.id, userId));
    // every other reset link sent before is spent, and every login ends
    await auth.spendLinks(db, userId, 'reset');
    await auth.revokeUser(db, userId);
    await audit(db, { id: user.id, username: user.username }, { entita: 'utenti', entita_id: userId, azione: 'password_reset' });
    return { message: 'avvisi.password_reset_ok' };
  });

  r.post('/api/auth/email/conferma', { config: { access: { token: 'email' } }, schema: { tags, body: ZNoBody } }, async (req) => {
    const claims = req.claims!;
    const userId = Number(claims.sub);
    const [user] = await db.select().from(utenti).where(eq(utenti.id, userId));
    if (!user || !claims.email || !(await auth.consumeOneTime(db, claims.jti, 'email'))) throw new AppError(401, 'avvisi.token_non_valido');
    await db.update(utenti).set({ email: claims.email }).where(eq(utenti.id, userId));
    await audit(db, { id: user.id, username: user.username }, { entita: 'utenti', entita_id: userId, azione: 'email_confermata', prima: { email: user.email }, dopo: { email: claims.email } });
    return { message: 'avvisi.email_confermata' };
  });

  r.get('/api/auth/userdefs', { config: { access: { auth: true } }, schema: { tags } }, async (req) => {
    const user = currentUser(req);
    const routes = user.profilo?.routes ?? [];
    return { menu: buildMenu(routes), routes };
  });
}

