import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const TipologiePage = lazyPage(() => import('./TipologiePage'), 'TipologiePage');
const AnagraficaPage = lazyPage(() => import('./AnagraficaPage'), 'AnagraficaPage');
const ConsegnePage = lazyPage(() => import('./ConsegnePage'), 'ConsegnePage');
const MansionePage = lazyPage(() => import('./MansionePage'), 'MansionePage');

export const dotazioniRoutes: RouteRecord[] = [
  catalogRoute('dotazioni.tipologie', <TipologiePage />),
  catalogRoute('dotazioni.anagrafica', <AnagraficaPage />),
  catalogRoute('dotazioni.consegne', <ConsegnePage />),
  catalogRoute('dotazioni.mansione', <MansionePage />),
];
