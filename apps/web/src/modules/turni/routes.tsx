import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const TurniPage = lazyPage(() => import('./TurniPage'), 'TurniPage');
const OrariPage = lazyPage(() => import('./OrariPage'), 'OrariPage');
const FestivitaPage = lazyPage(() => import('./FestivitaPage'), 'FestivitaPage');
const CalendarioServiziPage = lazyPage(() => import('./CalendarioServiziPage'), 'CalendarioServiziPage');

export const turniRoutes: RouteRecord[] = [
  catalogRoute('turni.definizione', <TurniPage />),
  catalogRoute('turni.orari', <OrariPage />),
  catalogRoute('turni.festivita', <FestivitaPage />),
  catalogRoute('turni.calendario', <CalendarioServiziPage />),
];
