import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const TimbraturePage = lazyPage(() => import('./TimbraturePage'), 'TimbraturePage');

export const timbratureRoutes: RouteRecord[] = [catalogRoute('timbrature.calendario', <TimbraturePage />)];
