import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ROUTE_BY_NAME } from '@tulip/contract';
import { reloadTo } from './env';
import { notifyWarning } from './notifications/store';
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

/** Home, telling the user which page their profile does not reach (not a silent jump: issue #27 §8). */
function DeniedToHome({ name }: { name: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    // the same words twice (a double render) make one notice: the store groups identical ones
    notifyWarning(t('avvisi.accesso_negato', { pagina: t(ROUTE_BY_NAME[name]?.title ?? name) }));
  }, [name, t]);
  return <Navigate to="/" replace />;
}

/**
 * Navigation guard (SPEC §4): a route that requires login admits the user only if logged in and the
 * route's name is in the authorised list; logged in but not authorised -> home, saying so; not logged in ->
 * page reload on the login, keeping the wanted path in ?next=.
 */
export function RequireRoute({ name, children }: { name: string; children: ReactNode }) {
  const { loggedIn, defs } = useSession();
  const location = useLocation();
  if (!loggedIn) return <ReloadToLogin path={location.pathname + location.search} />;
  if (!defs.routes.includes(name)) return <DeniedToHome name={name} />;
  return <>{children}</>;
}
