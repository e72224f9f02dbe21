import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const RetribuzionePage = lazyPage(() => import('./RetribuzionePage'), 'RetribuzionePage');

export const contrattiRoutes: RouteRecord[] = [catalogRoute('contratti.retribuzione', <RetribuzionePage />)];
