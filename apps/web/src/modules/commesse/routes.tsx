import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const ClientiPage = lazyPage(() => import('./ClientiPage'), 'ClientiPage');
const AnagraficaCommessePage = lazyPage(() => import('./AnagraficaPage'), 'AnagraficaCommessePage');
const VisibilitaPage = lazyPage(() => import('./VisibilitaPage'), 'VisibilitaPage');
const AssociaPage = lazyPage(() => import('./AssociaPage'), 'AssociaPage');
const PianificazionePage = lazyPage(() => import('./PianificazionePage'), 'PianificazionePage');
const ReportCommessaPage = lazyPage(() => import('./ReportPage'), 'ReportCommessaPage');

export const commesseRoutes: RouteRecord[] = [
  catalogRoute('commesse.anagrafica', <AnagraficaCommessePage />),
  catalogRoute('commesse.clienti', <ClientiPage />),
  catalogRoute('commesse.visibilita', <VisibilitaPage />),
  catalogRoute('commesse.associa', <AssociaPage />),
  catalogRoute('commesse.pianificazione', <PianificazionePage />),
  catalogRoute('commesse.report', <ReportCommessaPage />),
];
