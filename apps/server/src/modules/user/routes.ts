/** The logged-in user's own records: profile, profiles, settings (SPEC §7 api/user); the work is in user/service.ts. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HEADER_BASE_URL, HEADER_OVERRIDE, ZUserUpdate } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { profile, profilesOf, updateSelf } from './service';

export function userRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  r.get('/api/user/profile', { config: { access: { auth: true } }, schema: { tags } }, async (req) => {
    const user = currentUser(req);
    if (String(req.headers[HEADER_OVERRIDE] ?? '').toLowerCase() === 'profiles') return profilesOf(db, user.id);
    return profile(db, user.id);
  });

  r.post('/api/user', { config: { access: { auth: true } }, schema: { tags, body: ZUserUpdate } }, async (req) =>
    updateSelf(deps, currentUser(req), req.body, req.ip, req.headers[HEADER_BASE_URL]),
  );
}
