import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const RegistroVisitePage = lazyPage(() => import('./RegistroPage'), 'RegistroVisitePage');
const AutorizzazioniPage = lazyPage(() => import('./AutorizzazioniPage'), 'AutorizzazioniPage');
const MotiviVisitaPage = lazyPage(() => import('./TabellePages'), 'MotiviVisitaPage');
const TipiVisitatorePage = lazyPage(() => import('./TabellePages'), 'TipiVisitatorePage');
const ReferentiVisitaPage = lazyPage(() => import('./TabellePages'), 'ReferentiVisitaPage');
const ParametriVisitePage = lazyPage(() => import('./ParametriPage'), 'ParametriVisitePage');

export const visiteRoutes: RouteRecord[] = [
  catalogRoute('visite.registro', <RegistroVisitePage />),
  catalogRoute('visite.autorizzazioni', <AutorizzazioniPage />),
  catalogRoute('visite.motivovisita', <MotiviVisitaPage />),
  catalogRoute('visite.tipovisitatore', <TipiVisitatorePage />),
  catalogRoute('visite.referentevisita', <ReferentiVisitaPage />),
  catalogRoute('visite.parametri', <ParametriVisitePage />),
];
