import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const TerminaliPage = lazyPage(() => import('./TerminaliPage'), 'TerminaliPage');

export const terminaliRoutes: RouteRecord[] = [catalogRoute('terminali', <TerminaliPage />)];
