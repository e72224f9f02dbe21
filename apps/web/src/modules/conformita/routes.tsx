import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const ConformitaPage = lazyPage(() => import('./ConformitaPage'), 'ConformitaPage');

export const conformitaRoutes: RouteRecord[] = [catalogRoute('conformita', <ConformitaPage />)];
