import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const DipendentiPage = lazyPage(() => import('./DipendentiPage'), 'DipendentiPage');
const RepartiPage = lazyPage(() => import('./RepartiPage'), 'RepartiPage');
const CdcPage = lazyPage(() => import('./TabellePages'), 'CdcPage');
const MansioniPage = lazyPage(() => import('./TabellePages'), 'MansioniPage');
const TipiDocumentoPage = lazyPage(() => import('./TabellePages'), 'TipiDocumentoPage');
const UtentiPage = lazyPage(() => import('./UtentiPage'), 'UtentiPage');
const ProfiliPage = lazyPage(() => import('./ProfiliPage'), 'ProfiliPage');
const AziendaPage = lazyPage(() => import('./AziendaPage'), 'AziendaPage');
const VociMenuPage = lazyPage(() => import('./VociMenuPage'), 'VociMenuPage');

export const anagraficaRoutes: RouteRecord[] = [
  catalogRoute('anagrafica.dipendenti', <DipendentiPage />),
  catalogRoute('anagrafica.reparti', <RepartiPage />),
  catalogRoute('anagrafica.cdc', <CdcPage />),
  catalogRoute('rilevazione.tipo', <MansioniPage />),
  catalogRoute('tipodocumento', <TipiDocumentoPage />),
  catalogRoute('anagrafica.utenti', <UtentiPage />),
  catalogRoute('anagrafica.profili', <ProfiliPage />),
  catalogRoute('azienda', <AziendaPage />),
  catalogRoute('anagrafica.vocimenu', <VociMenuPage />),
];
