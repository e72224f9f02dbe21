import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const GiustificativiPage = lazyPage(() => import('./GiustificativiPage'), 'GiustificativiPage');
const CausaliPage = lazyPage(() => import('./CausaliPage'), 'CausaliPage');

export const giustificativiRoutes: RouteRecord[] = [
  catalogRoute('giustificativi.calendario', <GiustificativiPage />),
  catalogRoute('giustificativi.causali', <CausaliPage />),
];
