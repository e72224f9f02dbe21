import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const CartellinoPage = lazyPage(() => import('./CartellinoPage'), 'CartellinoPage');
const PresentiAssentiPage = lazyPage(() => import('./PresenzePage'), 'PresentiAssentiPage');
const PresentiRepartoPage = lazyPage(() => import('./PresenzePage'), 'PresentiRepartoPage');
const TotalizPage = lazyPage(() => import('./TotalizPage'), 'TotalizPage');
const LulPage = lazyPage(() => import('./LulPage'), 'LulPage');
const AssenzePage = lazyPage(() => import('./AssenzePage'), 'AssenzePage');
const AssentiCdcPage = lazyPage(() => import('./AssentiCdcPage'), 'AssentiCdcPage');
const TracciatiPage = lazyPage(() => import('./TracciatiPage'), 'TracciatiPage');

export const consultazioneRoutes: RouteRecord[] = [
  catalogRoute('cartellino', <CartellinoPage />),
  catalogRoute('presentiassenti', <PresentiAssentiPage />),
  catalogRoute('presentireparto', <PresentiRepartoPage />),
  catalogRoute('totaliz', <TotalizPage />),
  catalogRoute('lul', <LulPage />),
  catalogRoute('assenti.all', <AssenzePage />),
  catalogRoute('assenti.cdc', <AssentiCdcPage />),
  catalogRoute('paghe.tracciati', <TracciatiPage />),
];
