import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const TokenApiPage = lazyPage(() => import('./TokenApiPage'), 'TokenApiPage');

export const integrazioniRoutes: RouteRecord[] = [catalogRoute('integrazioni.token', <TokenApiPage />)];
