import { useSession } from '../platform/session';

/** The active profile's scope and the linked employee (GET /api/user/profile, kept in the session). */
export function useScope() {
  const { profile, defs } = useSession();
  const scope = profile?.profilo?.scope ?? 'proprio';
  return {
    scope,
    /** An employee sees only their own data. */
    soloProprio: scope === 'proprio',
    dipendente: profile?.dipendente ?? null,
    routes: defs.routes,
  };
}
