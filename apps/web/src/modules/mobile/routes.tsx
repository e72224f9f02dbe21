import type { RouteRecord } from '../../routing';
import { lazyPage } from '../../routing';

const MobilePage = lazyPage(() => import('./MobilePage'), 'MobilePage');

/** /mobile: public route of the blank layout; the page itself sends a logged-out user to the login. */
export const mobileRoutes: RouteRecord[] = [{ path: '/mobile', title: 'mobile.titolo', element: <MobilePage />, layout: 'blank' }];
