import type { RouteRecord } from '../../routing';
import { lazyPage } from '../../routing';

const KioskPage = lazyPage(() => import('./KioskPage'), 'KioskPage');

/** /presenze/:utente? : the kiosk of a registered shared device (public, blank layout, no login). */
export const kioskRoutes: RouteRecord[] = [{ path: '/presenze/:utente?', title: 'kiosk.titolo', element: <KioskPage />, layout: 'blank' }];
