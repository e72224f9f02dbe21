/** The logged-in user's own records: profile, profiles, settings (SPEC §7 api/user); the work is in user/service.ts. */
import type { FastifyInstance } from 'fastify';
import { HEADER_BASE_URL, HEADER_OVERRIDE, OPS_USER } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { profile, profilesOf, updateSelf } from './service';

export function userRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  routes(app, OPS_USER, {
    profilo: async (req) => {
      const user = currentUser(req);
      if (String(req.headers[HEADER_OVERRIDE] ?? '').toLowerCase() === 'profiles') return profilesOf(db, user.id);
      return profile(db, user.id);
    },
    modifica: async (req) => updateSelf(deps, currentUser(req), req.body, req.ip, req.headers[HEADER_BASE_URL]),
  });
}
