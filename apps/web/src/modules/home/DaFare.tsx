/**
 * "Da fare": what the user must act on (issue #12), from GET /api/home. Each number links to the list it counts,
 * already filtered; a number the profile does not work on is not there at all.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { type THomeCounts } from '@tulip/contract';
import { OPS_HOME } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { useSession } from '../../platform/session';
import { PlainCard, PlainEmpty } from '../../components/Plain';

export type HomeCounts = THomeCounts;
/** The counts among the answer's fields (the fixed-term warnings are lists, shown by ContrattiTermine). */
type Chiave = { [K in keyof HomeCounts]-?: NonNullable<HomeCounts[K]> extends number ? K : never }[keyof HomeCounts];

type Who = { routes: string[]; manages: boolean; hr: boolean; employee: boolean };
/**
 * Each count, its colour when there is something to do, the filtered list it opens, and who gets it: the rule of
 * GET /api/home, known here too so the tiles are laid out before the numbers arrive (no layout shift).
 */
/** `whenCounted`: shown only once the answer carries its count (the server decides who gets it). */
const TILES: { key: Chiave; color: string; to: (routes: string[]) => string; for: (w: Who) => boolean; label?: string; whenCounted?: boolean }[] = [
  { key: 'da_approvare', color: '#d46b08', to: () => '/giustificativi/calendario?stato=richiesto', for: (w) => w.manages && w.routes.includes('giustificativi.calendario') },
  { key: 'anomalie', color: '#cf1322', to: () => '/timbrature/calendario?vista=anomalie', for: (w) => w.manages && w.routes.includes('timbrature.calendario') },
  { key: 'assenti', color: '#cf1322', to: (r) => `${presenze(r)}?stato=assente`, for: (w) => seesPresence(w.routes) },
  { key: 'in_ritardo', color: '#d4380d', to: (r) => `${presenze(r)}?stato=in_ritardo`, for: (w) => seesPresence(w.routes) },
  { key: 'visitatori_attesi', color: '#0958d9', to: () => '/visite/registro', for: (w) => w.routes.includes('visite.registro') },
  { key: 'visitatori_in_sede', color: '#08979c', to: () => '/visite/registro', for: (w) => w.routes.includes('visite.registro') },
  { key: 'settimane_da_approvare', color: '#d46b08', to: () => '/rilevazione/commessa2', for: (w) => w.manages && w.routes.includes('rilevazione.commessa2') },
  { key: 'mie_anomalie', color: '#cf1322', to: () => '/timbrature/calendario', for: (w) => w.employee && w.routes.includes('timbrature.calendario') },
  // expense notes (issue #16): their texts are the module's
  { key: 'note_da_approvare', color: '#d46b08', to: () => '/notaspesaadmin?stato=inviata', for: (w) => w.manages && w.routes.includes('notaspesaadmin'), label: 'spese.conta_note_da_approvare' },
  { key: 'note_da_liquidare', color: '#0958d9', to: () => '/notaspesaadmin?stato=approvata', for: (w) => w.hr && w.routes.includes('notaspesaadmin'), label: 'spese.conta_note_da_liquidare' },
  // equipment and PPE (issue #17): only where GET /api/home counts them (HR, department managers)
  {
    key: 'dpi_in_scadenza', color: '#d46b08', to: () => '/dotazioni/consegne?tab=scadenze', for: (w) => w.manages && w.routes.includes('dotazioni.consegne'),
    label: 'dotazioni_valori.conta_dpi_in_scadenza', whenCounted: true,
  },
  {
    key: 'dpi_mancanti', color: '#cf1322', to: () => '/dotazioni/mansione?tab=mancanti', for: (w) => w.manages && w.routes.includes('dotazioni.mansione'),
    label: 'dotazioni_valori.conta_dpi_mancanti', whenCounted: true,
  },
  // CCNL pay tables more than 12 months old (issue #28): HR's, only when there is one (the pay-table screen says which)
  {
    key: 'ccnl_tabelle_scadute', color: '#cf1322', to: () => '/contratti/retribuzione', for: (w) => w.hr && w.routes.includes('contratti.retribuzione'),
    label: 'contratti.conta_tabelle_scadute', whenCounted: true,
  },
  // working-time findings of the month not yet reviewed (issue #31): HR and the managers, only when there is one
  {
    key: 'conformita_da_verificare', color: '#cf1322', to: () => '/conformita?stato=da_verificare', for: (w) => w.manages && w.routes.includes('conformita'),
    label: 'conformita.conta_da_verificare', whenCounted: true,
  },
];
const seesPresence = (routes: string[]) => routes.includes('presentiassenti') || routes.includes('presentireparto');
const presenze = (routes: string[]) => (routes.includes('presentiassenti') ? '/presentiassenti' : '/presentireparto');

export function DaFare() {
  const { t } = useTranslation();
  const { defs, profile } = useSession();
  const q = useQuery({ queryKey: ['home'], queryFn: () => call(OPS_HOME.conteggi, {}, { notifyError: false }), refetchInterval: 60_000 });
  const counts = q.data ?? {};
  const scope = profile?.profilo?.scope;
  const who: Who = { routes: defs.routes, manages: scope === 'tutti' || scope === 'reparto', hr: scope === 'tutti', employee: !!profile?.dipendente };
  const tiles = TILES.filter((tile) => tile.for(who) && (!tile.whenCounted || (q.data !== undefined && counts[tile.key] !== undefined)));
  return (
    <PlainCard title={t('home.da_fare')} data-testid="da-fare">
      {!tiles.length ? <PlainEmpty description={t('home.tutto_in_ordine')} /> : null}
      {tiles.length ? (
        <div className="tl-plain-row tl-plain-row--12">
          {tiles.map((tile) => {
            const n = counts[tile.key];
            const label = t(tile.label ?? `home.conta_${tile.key}`);
            return (
              <div key={tile.key} className="tl-plain-col-tile">
                <Link to={tile.to(defs.routes)} className="tl-dafare" data-testid={`da-fare-${tile.key}`} aria-busy={n === undefined}>
                  <span className="tl-dafare__n" style={{ color: n ? tile.color : undefined }}>
                    {n ?? '…'}
                  </span>
                  <span className="tl-dafare__label">{label}</span>
                </Link>
              </div>
            );
          })}
        </div>
      ) : null}
    </PlainCard>
  );
}
