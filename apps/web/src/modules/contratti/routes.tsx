import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const RetribuzionePage = lazyPage(() => import('./RetribuzionePage'), 'RetribuzionePage');
const StipulazionePage = lazyPage(() => import('./StipulazionePage'), 'StipulazionePage');
const FascicoloPage = lazyPage(() => import('./FascicoloPage'), 'FascicoloPage');

export const contrattiRoutes: RouteRecord[] = [
  catalogRoute('contratti.retribuzione', <RetribuzionePage />),
  catalogRoute('contratti.stipulazione', <StipulazionePage />),
  catalogRoute('contratti.fascicolo', <FascicoloPage />),
];
