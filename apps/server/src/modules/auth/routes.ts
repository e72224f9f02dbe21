/** Sign-in's routes: thin, over auth/service.ts. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildMenu, HEADER_BASE_URL, ZNoBody, ZLoginUser, ZPasswordForgot, ZPasswordReset } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { LOGIN_WINDOW_MIN, revokeFamily } from '../../platform/auth';
import * as service from './service';

export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  // answers that carry tokens are never stored by a browser or a proxy
  const noStore = { onSend: async (_req: unknown, reply: { header: (k: string, v: string) => unknown }) => void reply.header('cache-control', 'no-store') };

  r.post('/api/auth/loginUser', { config: { access: { public: true } }, schema: { tags, body: ZLoginUser }, ...noStore }, async (req, reply) => {
    const res = await service.login(deps, req.body.username, req.body.password, req.ip, req.log);
    if (res === 'refused') return reply.status(429).send({ message: 'avvisi.too_many_attempts', params: { minuti: LOGIN_WINDOW_MIN } });
    return res;
  });

  r.post('/api/auth/authUser', { config: { access: { token: 'u' } }, schema: { tags, body: ZNoBody }, ...noStore }, async (req) => service.exchangeUserToken(deps, req.claims!));

  r.get('/api/auth/rtoken', { config: { access: { token: 'r' } }, schema: { tags }, ...noStore }, async (req) => service.refresh(deps, req.claims!));

  r.post(
    '/api/auth/logout',
    { config: { access: { auth: true } }, schema: { tags, body: z.strictObject({ rtoken: z.string().max(4096).optional() }).nullish() } },
    async (req, reply) => {
      const user = currentUser(req);
      if (user.famiglia) await revokeFamily(db, user.famiglia as never);
      return reply.status(204).send();
    },
  );

  r.post('/api/auth/password/forgot', { config: { access: { public: true } }, schema: { tags, body: ZPasswordForgot } }, async (req) => {
    await service.requestPasswordLink(deps, req.body.email, req.ip, req.headers[HEADER_BASE_URL], req.log);
    return { message: 'avvisi.password_reset_inviato' };
  });

  r.post('/api/auth/password/reset', { config: { access: { token: 'reset' } }, schema: { tags, body: ZPasswordReset } }, async (req) => {
    await service.resetPassword(deps, req.claims!, req.body.password);
    return { message: 'avvisi.password_reset_ok' };
  });

  r.post('/api/auth/email/conferma', { config: { access: { token: 'email' } }, schema: { tags, body: ZNoBody } }, async (req) => {
    await service.confirmEmail(deps, req.claims!);
    return { message: 'avvisi.email_confermata' };
  });

  r.get('/api/auth/userdefs', { config: { access: { auth: true } }, schema: { tags } }, async (req) => {
    const user = currentUser(req);
    const routes = user.profilo?.routes ?? [];
    return { menu: buildMenu(routes), routes };
  });
}

