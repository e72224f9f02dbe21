import { startTransition, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBrowserRouter,
  createHashRouter,
  matchPath,
  Navigate,
  Outlet,
  useRouteError,
  type RouteObject,
} from 'react-router';
import { APP_NAME } from '@tulip/contract';
import { BlankLayout } from './layout/BlankLayout';
import { AntdZone } from './layout/AntdZone';
import { LoadingOverlay } from './layout/LoadingOverlay';
import { boot, overlayMinimum, overlayShown } from './platform/boot';
import { IS_DESKTOP } from './platform/env';
import { markOverlayLifted } from './platform/lift';
import { usePageTitle, type RouteHandle } from './platform/pageTitle';
import { RequireRoute } from './platform/guard';
import { getSession, useSession } from './platform/session';
import { getRefreshToken } from './platform/tokenStore';
import { lazyPage, type RouteRecord } from './routing';
import { anagraficaRoutes } from './modules/anagrafica/routes';
import { auditRoutes } from './modules/audit/routes';
import { integrazioniRoutes } from './modules/integrazioni/routes';
import { accessoRoutes } from './modules/accesso/routes';
import { authRoutes, LoginPage } from './modules/auth/routes';
import { HomePage, homeRoutes } from './modules/home/routes';
import { lingueRoutes } from './modules/lingue/routes';
import { turniRoutes } from './modules/turni/routes';
import { timbratureRoutes } from './modules/timbrature/routes';
import { giustificativiRoutes } from './modules/giustificativi/routes';
import { consultazioneRoutes } from './modules/consultazione/routes';
import { conformitaRoutes } from './modules/conformita/routes';
import { kioskRoutes } from './modules/kiosk/routes';
import { mobileRoutes } from './modules/mobile/routes';
import { terminaliRoutes } from './modules/terminali/routes';
import { visiteRoutes } from './modules/visite/routes';
import { commesseRoutes } from './modules/commesse/routes';
import { rilevazioneRoutes } from './modules/rilevazione/routes';
import { speseRoutes } from './modules/spese/routes';
import { dotazioniRoutes } from './modules/dotazioni/routes';
import { contrattiRoutes } from './modules/contratti/routes';

const MainLayout = lazyPage(() => import('./layout/MainLayout'), 'MainLayout');
const NotFound = lazyPage(() => import('./layout/NotFound'), 'NotFound');

/** Every module's route records, assembled here. */
export const ROUTE_RECORDS: RouteRecord[] = [
  ...authRoutes,
  ...homeRoutes,
  ...anagraficaRoutes,
  ...lingueRoutes,
  ...auditRoutes,
  ...integrazioniRoutes,
  ...accessoRoutes,
  ...turniRoutes,
  ...timbratureRoutes,
  ...giustificativiRoutes,
  ...consultazioneRoutes,
  ...conformitaRoutes,
  ...visiteRoutes,
  ...commesseRoutes,
  ...rilevazioneRoutes,
  ...speseRoutes,
  ...dotazioniRoutes,
  ...contrattiRoutes,
  ...terminaliRoutes,
  ...kioskRoutes,
  ...mobileRoutes,
].filter(
  (r) => !r.desktopOnly || IS_DESKTOP,
);

type Handle = RouteHandle;

type Preloadable = { preload?: () => void };
/** Starts loading the chunks of the page at `pathname`: the main layout and the page's own. */
function preloadPage(pathname: string) {
  if (pathname === '/') {
    (MainLayout as Preloadable).preload?.();
    (HomePage as Preloadable).preload?.();
    return;
  }
  const record = ROUTE_RECORDS.find((r) => r.path && matchPath(r.path, pathname));
  if (!record) return;
  if (record.layout !== 'blank') {
    (MainLayout as Preloadable).preload?.();
    AntdZone.preload();
  }
  ((record.element as { type?: Preloadable } | undefined)?.type as Preloadable | undefined)?.preload?.();
}

let booting: Promise<void> | null = null;

/**
 * Starts the boot (session, language) and, for someone likely logged in (a refresh token is kept), the fetch of the
 * page's chunks: called by main.tsx before the router is built, so that requests are under way during that work.
 */
export function startBoot(): Promise<void> {
  if (!booting && getRefreshToken()) preloadPage(window.location.pathname);
  return (booting ??= boot());
}

/** Sets document.title from the route's title after each navigation (SPEC §2). */
function useDocumentTitle() {
  const title = usePageTitle();
  useEffect(() => {
    document.title = title ? `${title} - ${APP_NAME}` : APP_NAME;
  }, [title]);
}

/**
 * Boots the app behind the loading overlay (at least 1000 ms, SPEC §9). Once the session and the language are known,
 * a logged-in page renders beneath the overlay (which covers it and takes the pointer), so it is ready when the
 * overlay lifts (issue #12: the home page loads like the login does). The login form waits for the overlay to lift,
 * so that its autofocus lands.
 */
function Root() {
  const [ready, setReady] = useState(false);
  const [lifted, setLifted] = useState(false);
  useEffect(() => {
    overlayShown();
    const booted = startBoot();
    let alive = true;
    void booted.then(() => alive && startTransition(() => setReady(true)));
    void booted.then(overlayMinimum).then(() => alive && startTransition(() => setLifted(true)));
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => {
    if (lifted) markOverlayLifted();
  }, [lifted]);
  useDocumentTitle();
  if (!ready || (!lifted && !getSession().loggedIn)) return <LoadingOverlay />;
  return (
    <>
      <Outlet />
      {lifted ? null : <LoadingOverlay />}
    </>
  );
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
          { index: true, element: <IndexPage />, handle: { title: (loggedIn: boolean) => (loggedIn ? 'menu.home' : 'login.titolo'), plain: true } satisfies Handle },
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
