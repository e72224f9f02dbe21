import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const LinguePage = lazyPage(() => import('./LinguePage'), 'LinguePage');
const TraduzioniPage = lazyPage(() => import('./TraduzioniPage'), 'TraduzioniPage');

export const lingueRoutes: RouteRecord[] = [catalogRoute('lingue', <LinguePage />), catalogRoute('traduzioni', <TraduzioniPage />)];
