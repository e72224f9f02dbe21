import type { RouteRecord } from '../../routing';
import { lazyPage } from '../../routing';

export const HomePage = lazyPage(() => import('./HomePage'), 'HomePage');

/** The home page is the index route of router.tsx; /mobile and /presenze/:utente? live in modules/mobile and modules/kiosk. */
export const homeRoutes: RouteRecord[] = [];
