import type { RouteRecord } from '../../routing';
import { lazyPage } from '../../routing';

export const HomePage = lazyPage(() => import('./HomePage'), 'HomePage');
const MobilePage = lazyPage(() => import('./PlaceholderPage'), 'MobilePage');
const PresenzePage = lazyPage(() => import('./PlaceholderPage'), 'PresenzePage');

export const homeRoutes: RouteRecord[] = [
  { path: '/mobile', title: 'mobile.titolo', element: <MobilePage />, layout: 'blank' },
  { path: '/presenze/:utente?', title: 'presenze.titolo', element: <PresenzePage />, layout: 'blank' },
];
