import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const ProviderSsoPage = lazyPage(() => import('./ProviderSsoPage'), 'ProviderSsoPage');

export const accessoRoutes: RouteRecord[] = [catalogRoute('accesso', <ProviderSsoPage />)];
