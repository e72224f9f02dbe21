import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const RegistroVisitePage = lazyPage(() => import('./RegistroPage'), 'RegistroVisitePage');
const AutorizzazioniPage = lazyPage(() => import('./AutorizzazioniPage'), 'AutorizzazioniPage');
const LinkVisitatorePage = lazyPage(() => import('./LinkVisitatorePage'), 'LinkVisitatorePage');
const MotiviVisitaPage = lazyPage(() => import('./TabellePages'), 'MotiviVisitaPage');
const TipiVisitatorePage = lazyPage(() => import('./TabellePages'), 'TipiVisitatorePage');
const ReferentiVisitaPage = lazyPage(() => import('./TabellePages'), 'ReferentiVisitaPage');
const ParametriVisitePage = lazyPage(() => import('./ParametriPage'), 'ParametriVisitePage');
const VisitaPubblicaPage = lazyPage(() => import('./VisitaPubblicaPage'), 'VisitaPubblicaPage');

export const visiteRoutes: RouteRecord[] = [
  catalogRoute('visite.registro', <RegistroVisitePage />),
  catalogRoute('visite.autorizzazioni', <AutorizzazioniPage />),
  catalogRoute('visite.linkvisitatore', <LinkVisitatorePage />),
  catalogRoute('visite.motivovisita', <MotiviVisitaPage />),
  catalogRoute('visite.tipovisitatore', <TipiVisitatorePage />),
  catalogRoute('visite.referentevisita', <ReferentiVisitaPage />),
  catalogRoute('visite.parametri', <ParametriVisitePage />),
  // the visitor's own page, opened from the e-mailed link (public, blank layout, no login)
  { path: '/visita/:token', title: 'visite.pub_titolo', element: <VisitaPubblicaPage />, layout: 'blank' },
];
