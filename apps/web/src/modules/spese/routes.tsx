import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const NotaSpesePage = lazyPage(() => import('./NotaSpesePage'), 'NotaSpesePage');
const NoteAdminPage = lazyPage(() => import('./NoteAdminPage'), 'NoteAdminPage');
const SpeseAdminPage = lazyPage(() => import('./SpeseAdminPage'), 'SpeseAdminPage');
const TipiPagamentoPage = lazyPage(() => import('./TipiPagamentoPage'), 'TipiPagamentoPage');
const TipiSpesaPage = lazyPage(() => import('./TipiSpesaPage'), 'TipiSpesaPage');
const VeicoliPage = lazyPage(() => import('./VeicoliPage'), 'VeicoliPage');
const ValutePage = lazyPage(() => import('./ValutePage'), 'ValutePage');

export const speseRoutes: RouteRecord[] = [
  catalogRoute('notaspese', <NotaSpesePage />),
  catalogRoute('notaspesaadmin', <NoteAdminPage />),
  catalogRoute('speseadmin', <SpeseAdminPage />),
  catalogRoute('tipipagamento', <TipiPagamentoPage />),
  catalogRoute('tipispesa', <TipiSpesaPage />),
  catalogRoute('veicoli', <VeicoliPage />),
  catalogRoute('valute', <ValutePage />),
];
