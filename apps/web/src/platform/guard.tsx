import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { reloadTo } from './env';
import { useSession } from './session';

/** A safe internal path to go to after login (from ?next=), or '/'. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

function ReloadToLogin({ path }: { path: string }) {
  useEffect(() => {
    reloadTo(`/?next=${encodeURIComponent(path)}`);
  }, [path]);
  return null;
}

/**
 * Navigation guard (SPEC §4): a route that requires login admits the user only if logged in and the
 * route's name is in the authorised list; logged in but not authorised -> home; not logged in ->
 * page reload on the login, keeping the wanted path in ?next=.
 */
export function RequireRoute({ name, children }: { name: string; children: ReactNode }) {
  const { loggedIn, defs } = useSession();
  const location = useLocation();
  if (!loggedIn) return <ReloadToLogin path={location.pathname + location.search} />;
  if (!defs.routes.includes(name)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
