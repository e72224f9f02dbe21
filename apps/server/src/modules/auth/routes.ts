import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildMenu, HEADER_BASE_URL, ZNoBody, ZLoginUser, ZPasswordForgot, ZPasswordReset } from '@tulip/contract';
import type { AppDeps } from '../../app';
import { AppError, badRequest, unauthorized } from '../../platform/errors';
import { hashSecret, verifySecret } from '../../platform/crypto';
import { currentUser } from '../../platform/guard';
import { audit } from '../../platform/audit';
import { utenti } from '../anagrafica/tables';
import { sendResetLink } from './reset';
import * as auth from './service';

export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, tokens, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ttl = { atoken: config.atokenTtl, rtoken: config.rtokenTtl };
  const tags = ['auth'];

  r.post('/api/auth/loginUser', { config: { access: { public: true } }, schema: { tags, body: ZLoginUser } }, async (req, reply) => {
    const username = req.body.username.toLowerCase();
    if (await auth.tooManyFailures(db, username, req.ip)) {
      return reply.status(429).send({ message: 'avvisi.too_many_attempts', params: { minuti: auth.LOGIN_WINDOW_MIN } });
    }
    const [user] = await db.select().from(utenti).where(eq(utenti.username, username));
    const ok = await verifySecret(req.body.password, user?.password_hash);
    if (!user || !ok || !user.attivo || (user.demo && !config.demo)) {
      await auth.recordFailure(db, username, req.ip);
      throw new AppError(401, 'avvisi.login_failed');
    }
    await auth.clearFailures(db, username);
    return { token: await auth.issueOneTime(db, tokens, 'u', user.id) };
  });

  r.post('/api/auth/authUser', { config: { access: { token: 'u' } }, schema: { tags, body: ZNoBody } }, async (req) => {
    const claims = req.claims!;
    if (!(await auth.consumeOneTime(db, claims.jti, 'u'))) throw unauthorized();
    const [user] = await db.select({ attivo: utenti.attivo }).from(utenti).where(eq(utenti.id, Number(claims.sub)));
    if (!user?.attivo) throw unauthorized();
    return auth.issuePair(db, tokens, ttl, Number(claims.sub));
  });

  r.get('/api/auth/rtoken', { config: { access: { token: 'r' } }, schema: { tags } }, async (req) => {
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
    await auth.revokeUser(db, userId);
    await audit(db, { id: user.id, username: user.username }, { entita: 'utenti', entita_id: userId, azione: 'password_reset' });
    return { message: 'avvisi.password_reset_ok' };
  });

  r.get('/api/auth/userdefs', { config: { access: { auth: true } }, schema: { tags } }, async (req) => {
    const user = currentUser(req);
    const routes = user.profilo?.routes ?? [];
    return { menu: buildMenu(routes), routes };
  });
}

