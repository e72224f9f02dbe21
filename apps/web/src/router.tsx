import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBrowserRouter,
  createHashRouter,
  Navigate,
  Outlet,
  useMatches,
  useRouteError,
  type RouteObject,
} from 'react-router';
import { APP_NAME } from '@tulip/contract';
import { BlankLayout } from './layout/BlankLayout';
import { LoadingOverlay } from './layout/LoadingOverlay';
import { boot } from './platform/boot';
import { IS_DESKTOP } from './platform/env';
import { RequireRoute } from './platform/guard';
import { useSession } from './platform/session';
import { lazyPage, type RouteRecord } from './routing';
import { anagraficaRoutes } from './modules/anagrafica/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes, LoginPage } from './modules/auth/routes';
import { HomePage, homeRoutes } from './modules/home/routes';
import { lingueRoutes } from './modules/lingue/routes';
import { turniRoutes } from './modules/turni/routes';
import { timbratureRoutes } from './modules/timbrature/routes';
import { giustificativiRoutes } from './modules/giustificativi/routes';
import { consultazioneRoutes } from './modules/consultazione/routes';
import { kioskRoutes } from './modules/kiosk/routes';
import { mobileRoutes } from './modules/mobile/routes';
import { terminaliRoutes } from './modules/terminali/routes';
import { visiteRoutes } from './modules/visite/routes';

const MainLayout = lazyPage(() => import('./layout/MainLayout'), 'MainLayout');
const NotFound = lazyPage(() => import('./layout/NotFound'), 'NotFound');

/** Every module's route records, assembled here. */
export const ROUTE_RECORDS: RouteRecord[] = [
  ...authRoutes,
  ...homeRoutes,
  ...anagraficaRoutes,
  ...lingueRoutes,
  ...auditRoutes,
  ...turniRoutes,
  ...timbratureRoutes,
  ...giustificativiRoutes,
  ...consultazioneRoutes,
  ...visiteRoutes,
  ...terminaliRoutes,
  ...kioskRoutes,
  ...mobileRoutes,
].filter(
  (r) => !r.desktopOnly || IS_DESKTOP,
);

type Handle = { title?: string | ((loggedIn: boolean) => string) };

let booting: Promise<void> | null = null;

/** Sets document.title from the route's title after each navigation (SPEC §2). */
function useDocumentTitle() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const { loggedIn } = useSession();
  const handle = [...matches].reverse().find((m) => (m.handle as Handle | undefined)?.title)?.handle as Handle | undefined;
  const key = typeof handle?.title === 'function' ? handle.title(loggedIn) : handle?.title;
  const title = key ? t(key) : '';
  useEffect(() => {
    document.title = title ? `${title} - ${APP_NAME}` : APP_NAME;
  }, [title, i18n.language]);
}

/** Boots the app behind the loading overlay (at least 1000 ms), then renders the routes. */
function Root() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    booting ??= boot();
    let alive = true;
    void booting.then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);
  useDocumentTitle();
  if (!ready) return <LoadingOverlay />;
  return <Outlet />;
}

/** Main layout when logged in, blank layout otherwise (the guard handles the rest). */
function SessionLayout() {
  const { loggedIn } = useSession();
  if (!loggedIn) return <BlankLayout />;
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <MainLayout />
    </Suspense>
  );
}

/** "/" is the login when logged out and the home dashboard when logged in. */
function IndexPage() {
  const { loggedIn } = useSession();
  return loggedIn ? <HomePage /> : <LoginPage />;
}

/** Unknown paths: 404 page when logged in, back to "/" when logged out (SPEC §2). */
function CatchAll() {
  const { loggedIn } = useSession();
  return loggedIn ? <NotFound /> : <Navigate to="/" replace />;
}

function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <main className="tl-blank">
      <div className="tl-card" role="alert">
        <h1>{t('ui.errore_inatteso')}</h1>
        <p className="tl-subtitle">{t('ui.errore_inatteso_testo')}</p>
        <button type="button" className="tl-button tl-button--primary" onClick={() => window.location.reload()}>
          {t('ui.ricarica')}
        </button>
      </div>
    </main>
  );
}

function toRoute(r: RouteRecord): RouteObject {
  return {
    path: r.path,
    handle: { title: r.title } satisfies Handle,
    element: r.name ? <RequireRoute name={r.name}>{r.element}</RequireRoute> : r.element,
  };
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { element: <BlankLayout />, children: ROUTE_RECORDS.filter((r) => r.layout === 'blank').map(toRoute) },
      {
        element: <SessionLayout />,
        children: [
          { index: true, element: <IndexPage />, handle: { title: (loggedIn: boolean) => (loggedIn ? 'menu.home' : 'login.titolo') } satisfies Handle },
          ...ROUTE_RECORDS.filter((r) => r.layout === 'main').map(toRoute),
          { path: '*', element: <CatchAll />, handle: { title: (loggedIn: boolean) => (loggedIn ? 'ui.pagina_non_trovata' : 'login.titolo') } satisfies Handle },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return IS_DESKTOP ? createHashRouter(routes) : createBrowserRouter(routes);
}
