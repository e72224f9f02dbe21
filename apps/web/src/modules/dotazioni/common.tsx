/**
 * What the equipment screens share: the tags of a DPI's category and of an item's due dates, the lists of types and
 * articles every form picks from, and the delivery's verbale opened in a new tab.
 */
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip, Typography } from 'antd';
import type { TCategoriaDpi, TTipologiaRow, TArticoloRow } from '@tulip/contract';
import { OPS_DOTAZIONI, RES_ARTICOLI_DOTAZIONE, RES_TIPOLOGIE_DOTAZIONE } from '@tulip/contract/wire';
import { download, listOf } from '../../platform/api';
import { openFile } from '../../platform/download';
import { formatDate } from '../../platform/formats';
import { ApiError } from '../../platform/http';
import { translateMessage } from '../../platform/i18n';
import { notifyNegative } from '../../platform/notifications/store';
import './dotazioni.css';

/** Category III (risk of death) stands out; I is the mildest. */
const COLORE_CATEGORIA: Record<TCategoriaDpi, string> = { I: 'green', II: 'gold', III: 'red' };

export function CategoriaTag({ categoria, dpi = true }: { categoria: TCategoriaDpi | null | undefined; dpi?: boolean }) {
  const { t } = useTranslation();
  if (!dpi) return <Tag>{t('dotazioni.non_dpi')}</Tag>;
  if (!categoria) return <Tag>{t('dotazioni.dpi')}</Tag>;
  return <Tag color={COLORE_CATEGORIA[categoria]}>{t(`dotazioni_valori.cat_${categoria}`)}</Tag>;
}

/** Today as the wire writes it, in the browser's calendar (the screens' clock is the company's). */
export const oggiWire = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * A due date (replacement or inspection), red when past and orange within `giorni` days; nothing when the item has
 * none. `oggi` is YYYY-MM-DD.
 */
export function ScadenzaTag({ data, oggi = oggiWire(), giorni = 30, ispezione }: { data: string | null | undefined; oggi?: string; giorni?: number; ispezione?: boolean }) {
  const { t } = useTranslation();
  if (!data) return <Typography.Text type="secondary">—</Typography.Text>;
  const limite = new Date(Date.parse(`${oggi}T12:00:00Z`) + giorni * 86_400_000).toISOString().slice(0, 10);
  const scaduto = data < oggi;
  const vicino = !scaduto && data <= limite;
  const testo = formatDate(data);
  if (!scaduto && !vicino) return <span className="tl-dot-num">{testo}</span>;
  return (
    <Tooltip title={t(scaduto ? (ispezione ? 'dotazioni.ispezione_scaduta' : 'dotazioni.scaduto') : 'dotazioni.in_scadenza')}>
      <Tag color={scaduto ? 'red' : 'orange'} className="tl-dot-num">
        {testo}
      </Tag>
    </Tooltip>
  );
}

/** Every type (active or not: an old delivery names a retired one), sorted by description. */
export function useTipologie() {
  return useQuery({
    queryKey: ['resource', RES_TIPOLOGIE_DOTAZIONE.path, 'tutte'],
    queryFn: () => listOf(RES_TIPOLOGIE_DOTAZIONE, { page: 1, size: 1000, sort: 'descrizione' }),
    staleTime: 60_000,
    select: (a): TTipologiaRow[] => (Array.isArray(a?.rows) ? a.rows : []),
  });
}

/** Every article with its stock per size, for the delivery's lines (`enabled` false: not asked yet). */
export function useArticoli(enabled = true) {
  return useQuery({
    queryKey: ['resource', RES_ARTICOLI_DOTAZIONE.path, 'tutti'],
    queryFn: () => listOf(RES_ARTICOLI_DOTAZIONE, { page: 1, size: 1000, sort: 'modello' }),
    enabled,
    staleTime: 10_000,
    select: (a): TArticoloRow[] => (Array.isArray(a?.rows) ? a.rows : []),
  });
}

/** "Bollé Silium+ (SCARPE_S3)": an article as a line names it. */
export const nomeArticolo = (a: Pick<TArticoloRow, 'marca' | 'modello'>) => `${a.marca} ${a.modello}`;

/** The stock of one size of an article (an article without sizes has one line, its size null). */
export function giacenzaDi(a: Pick<TArticoloRow, 'giacenze' | 'giacenza' | 'taglie'> | undefined, taglia: string | null | undefined): number {
  if (!a) return 0;
  if (!a.taglie) return a.giacenza;
  return a.giacenze.find((g) => (g.taglia ?? '') === (taglia ?? ''))?.quantita ?? 0;
}

/** The text of a refusal in the user's language: a field's own reason rather than "dati non validi". */
export function testoErrore(e: unknown): string | null {
  if (!(e instanceof ApiError)) return null;
  const field = Object.values(e.fields)[0];
  if (e.body.message === 'avvisi.validation' && field) return translateMessage(field);
  return translateMessage(e.body.message, e.body.params);
}

/**
 * What went wrong, to say beside the button as well: the server's words (the client has notified them already), or a
 * check made here before sending (notified now).
 */
export function erroreDi(e: unknown): string | null {
  if (e instanceof ApiError) return testoErrore(e);
  if (e instanceof Error) {
    notifyNegative(e.message);
    return e.message;
  }
  return null;
}

/** Opens a delivery's verbale (PDF) in a new tab, or downloads it where the browser blocks the tab. */
export async function apriVerbale(id: number): Promise<void> {
  try {
    openFile(await download(OPS_DOTAZIONI.verbale, { params: { id } }), `verbale-consegna-${id}.pdf`);
  } catch {
    /* notified */
  }
}


/** An end of life, red once past (an item past it is never handed out: D.Lgs 81/2008 art. 77 c. 4 lett. a). */
export function FineVita({ data }: { data: string | null }) {
  if (!data) return null;
  return <Tag color={data < oggiWire() ? 'red' : 'default'}>{formatDate(data)}</Tag>;
}

/** A delivered item's lot and date of manufacture, as one line under it ('' when neither is known). */
export function lottoDi(r: { lotto: string | null; data_fabbricazione: string | null }, t: (k: string, o?: Record<string, unknown>) => string): string {
  return [r.lotto && t('dotazioni.lotto_di', { lotto: r.lotto }), r.data_fabbricazione && t('dotazioni.fabbricato_il', { data: formatDate(r.data_fabbricazione) })].filter(Boolean).join(' · ');
}
