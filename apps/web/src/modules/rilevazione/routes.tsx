import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const SettimanaPage = lazyPage(() => import('./SettimanaPage'), 'SettimanaPage');
const PerDipendentePage = lazyPage(() => import('./PerDipendentePage'), 'PerDipendentePage');
// one screen (FasePage), four operations
const IniziaFasePage = lazyPage(() => import('./FasePage'), 'IniziaFasePage');
const IniziaFaseChiudiPrecPage = lazyPage(() => import('./FasePage'), 'IniziaFaseChiudiPrecPage');
const ChiudiFasePage = lazyPage(() => import('./FasePage'), 'ChiudiFasePage');
const RilevaTempoFasePage = lazyPage(() => import('./FasePage'), 'RilevaTempoFasePage');
const FasiTerminalePage = lazyPage(() => import('./FasiTerminalePage'), 'FasiTerminalePage');
const ParametriRilevazionePage = lazyPage(() => import('./ParametriPage'), 'ParametriRilevazionePage');
const RapportinoPage = lazyPage(() => import('./RapportinoPage'), 'RapportinoPage');

export const rilevazioneRoutes: RouteRecord[] = [
  catalogRoute('rilevazione.commessa1', <SettimanaPage />),
  // the shared shop-floor tablet: /fasi?terminale=<key> (public, blank layout, no login; badge and PIN per action)
  { path: '/fasi', title: 'fasi_terminale.titolo', element: <FasiTerminalePage />, layout: 'blank' },
  catalogRoute('rilevazione.commessa2', <PerDipendentePage />),
  catalogRoute('rilevazione.iniziaFase', <IniziaFasePage />),
  catalogRoute('rilevazione.iniziaFaseChiudiPrec', <IniziaFaseChiudiPrecPage />),
  catalogRoute('rilevazione.chiudiFase', <ChiudiFasePage />),
  catalogRoute('rilevazione.rilevaTempoFase', <RilevaTempoFasePage />),
  catalogRoute('rilevazione.parametri', <ParametriRilevazionePage />),
  catalogRoute('rilevazione.rapportino', <RapportinoPage />),
];
