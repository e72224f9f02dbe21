/** Sign-in's routes: thin, over auth/service.ts. */
import type { FastifyInstance } from 'fastify';
import { buildMenu, HEADER_BASE_URL, OPS_AUTH } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { route } from '../../platform/operation';
import { LOGIN_WINDOW_MIN, revokeFamily } from '../../platform/auth';
import * as service from './service';
import { openMenuItems } from '../anagrafica';
import { mfaRoutes } from './mfa-routes';

export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  mfaRoutes(app, deps);
  // answers that carry tokens are never stored by a browser or a proxy
  const noStore = { onSend: async (_req: unknown, reply: { header: (k: string, v: string) => unknown }) => void reply.header('cache-control', 'no-store') };

  route(app, OPS_AUTH.loginUser, async (req, reply) => {
    const res = await service.login(deps, req.body.username, req.body.password, req.ip, req.log);
    if (res === 'refused') return reply.status(429).send({ message: 'avvisi.too_many_attempts', params: { minuti: LOGIN_WINDOW_MIN } });
    return res;
  }, noStore);

  route(app, OPS_AUTH.authUser, async (req) => service.exchangeUserToken(deps, req.claims!), noStore);

  route(app, OPS_AUTH.rtoken, async (req) => service.refresh(deps, req.claims!), noStore);

  route(app, OPS_AUTH.logout, async (req, reply) => {
    const user = currentUser(req);
    if (user.famiglia) await revokeFamily(db, user.famiglia as never);
    return reply.status(204).send();
  });

  route(app, OPS_AUTH.passwordForgot, async (req) => {
    await service.requestPasswordLink(deps, req.body.email, req.ip, req.headers[HEADER_BASE_URL], req.log);
    return { message: 'avvisi.password_reset_inviato' };
  });

  route(app, OPS_AUTH.passwordReset, async (req) => {
    await service.resetPassword(deps, req.claims!, req.body.password);
    return { message: 'avvisi.password_reset_ok' };
  });

  route(app, OPS_AUTH.emailConferma, async (req) => {
    await service.confirmEmail(deps, req.claims!);
    return { message: 'avvisi.email_confermata' };
  });

  route(app, OPS_AUTH.userdefs, async (req) => {
    const { profilo } = currentUser(req);
    const routes = profilo?.routes ?? [];
    // the desktop's items that open a local program, for the active profile (the web keeps them only on Windows)
    return { menu: [...buildMenu(routes), ...(await openMenuItems(db, profilo?.id))], routes };
  });
}
