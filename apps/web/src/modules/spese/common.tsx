/**
 * What the expense screens share (issue #16): the form's references, a note's state and warnings as tags, the totals,
 * the lines' table (a list of cards on a phone), the receipt and the PDF.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Grid, Image, List, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FilePdfOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { OpResult, TAvvisoSpesa, TNotaSpeseDettaglio, TRigaSpesaRow, TStatoNota, TTotaliNota } from '@tulip/contract';
import { OPS_SPESE } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { openFile } from '../../platform/download';
import { formatDate } from '../../platform/formats';
import { formatMoney } from '../../components/money';
import { readDataUrl } from '../../components/FileField';
import { tableFit } from '../../components/tableFit';
import { formatImporto, formatKm } from './importi';
import './spese.css';

export type Riferimenti = OpResult<typeof OPS_SPESE.riferimenti>;
export type Nota = TNotaSpeseDettaglio;
export type Riga = TRigaSpesaRow;

/** Expense and payment types, currencies and own cars, for the line's form and the filters. */
export function useRiferimenti() {
  return useQuery({ queryKey: ['spese', 'riferimenti'], queryFn: () => call(OPS_SPESE.riferimenti), staleTime: 5 * 60_000 });
}

/** Cents of EUR, "1.234,56 €". */
export const euro = (c: number | null | undefined) => formatMoney(c ?? 0);

/** A line's amount in its own currency ("120,00 CHF"), or its km for mileage. */
export function importoRiga(r: Riga, rif?: Riferimenti): string {
  if (r.categoria === 'CHILOMETRICO') return `${formatKm(r.km)} km`;
  const v = rif?.valute.find((x) => x.codice === r.valuta);
  return formatImporto(r.importo, r.valuta, v?.decimali ?? 2, v?.simbolo);
}

const COLORE_STATO: Record<TStatoNota, string> = { bozza: 'default', inviata: 'gold', approvata: 'blue', rifiutata: 'red', liquidata: 'green' };

export function StatoNotaTag({ stato }: { stato: TStatoNota }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORE_STATO[stato]} data-testid="stato-nota">
      {t(`spese.stato_${stato}`)}
    </Tag>
  );
}

/** What makes a warning serious: money taxed or not reimbursed, or something to look at. */
const COLORE_AVVISO: Partial<Record<TAvvisoSpesa, string>> = {
  non_tracciabile: 'orange', non_documentata: 'orange', comune_sede: 'orange', diaria_oltre_limite: 'orange', altro_oltre_franchigia: 'orange',
  altro_forfettario: 'orange', oltre_massimale: 'red', ricevuta_mancante: 'red', esclusa: 'default', limitata: 'purple', pagata_azienda: 'default', costo_km_da_definire: 'red',
};

export function AvvisiTags({ avvisi }: { avvisi: readonly TAvvisoSpesa[] }) {
  const { t } = useTranslation();
  if (!avvisi.length) return null;
  return (
    <Space size={[4, 4]} wrap className="tl-spese-avvisi">
      {avvisi.map((a) => (
        <Tag key={a} color={COLORE_AVVISO[a] ?? 'default'} data-testid={`avviso-${a}`}>
          {t(`spese_avvisi.${a}`)}
        </Tag>
      ))}
    </Space>
  );
}

/** Which rule decided the line's split, with its law (a line stored before the rules were kept has none). */
export function RegolaRiga({ riga }: { riga: Riga }) {
  const { t } = useTranslation();
  if (!riga.regola) return null;
  return (
    <div className="tl-spese-meta tl-spese-regola" data-testid={`regola-${riga.id}`}>
      {t(`spese_regole.${riga.regola}`)}
    </div>
  );
}

/** Every warning of a note's lines, once each with how many lines raise it: what to look at before sending. */
export function AvvisiRiepilogo({ righe, title }: { righe: readonly Riga[]; title: string }) {
  const { t } = useTranslation();
  const conta = new Map<TAvvisoSpesa, number>();
  for (const r of righe) for (const a of r.avvisi) conta.set(a, (conta.get(a) ?? 0) + 1);
  if (!conta.size) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="avvisi-riepilogo"
      style={{ marginBottom: 16 }}
      title={title}
      description={
        <ul className="tl-spese-avvisi-lista">
          {[...conta].map(([a, n]) => (
            <li key={a}>
              {t(`spese_avvisi.${a}`)}
              {n > 1 ? ` (${t('spese.righe_n', { count: n })})` : ''}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** Totale, rimborsabile, esente, imponibile, anticipi, da liquidare (negative: da restituire). */
export function TotaliNota({ totali }: { totali: TTotaliNota }) {
  const { t } = useTranslation();
  const restituire = totali.da_liquidare < 0;
  const cells: [string, string, number, string?][] = [
    ['totale', t('spese.totale'), totali.importo_eur],
    ['rimborsabile', t('spese.rimborsabile'), totali.rimborsabile],
    ['esente', t('spese.esente'), totali.esente],
    ['imponibile', t('spese.imponibile'), totali.imponibile, totali.imponibile ? 'is-imponibile' : undefined],
    ['anticipi', t('spese.anticipi'), totali.anticipi],
    ['da-liquidare', t(restituire ? 'spese.da_restituire' : 'spese.da_liquidare'), Math.abs(totali.da_liquidare), restituire ? 'is-restituire' : 'is-strong'],
  ];
  return (
    <dl className="tl-spese-totali" data-testid="totali-nota">
      {cells.map(([key, label, v, cls]) => (
        <div key={key} className={`tl-spese-totale ${cls ?? ''}`} data-testid={`totale-${key}`}>
          <dt>{label}</dt>
          <dd>{euro(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The trip in one line: "Milano · 16/11/2026 – 17/11/2026 · misto · estero". */
export function trasfertaTesto(n: Pick<Nota, 'trasferta'>, t: (k: string) => string): string {
  const tr = n.trasferta;
  if (!tr) return t('spese.senza_trasferta');
  return [
    tr.destinazione,
    `${formatDate(tr.dal)} – ${formatDate(tr.al)}`,
    t(`spese.regime_${tr.regime}`),
    tr.estero ? t('spese.estero') : null,
    tr.comune_sede ? t('spese.comune_sede_breve') : null,
    tr.commessa_codice,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A line's receipt, read through the note's own route: an image shown small (bigger on click), a PDF opened. */
export function Ricevuta({ notaId, riga }: { notaId: number; riga: Riga }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<{ url?: string; blob: Blob; name: string } | null>(null);
  const fileId = riga.file_id;
  useEffect(() => {
    if (!fileId) return;
    let gone = false;
    void download(OPS_SPESE.ricevuta, { params: { id: notaId, riga: riga.id } })
      .then(async (f) => {
        const url = f.blob.type.startsWith('image/') ? await readDataUrl(f.blob) : undefined;
        if (!gone) setFile({ url, blob: f.blob, name: f.filename ?? 'ricevuta' });
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [notaId, riga.id, fileId]);
  if (!fileId) return <Typography.Text type="secondary">{t('spese.nessuna_ricevuta')}</Typography.Text>;
  if (!file) return <PaperClipOutlined aria-label={t('spese.ricevuta')} />;
  if (file.url)
    return (
      <Image
        src={file.url}
        alt={t('spese.ricevuta_di', { data: formatDate(riga.data), tipo: riga.tipo_spesa_descrizione })}
        width={72}
        className="tl-spese-ricevuta"
        data-testid={`ricevuta-${riga.id}`}
        preview={{ mask: t('spese.ingrandisci') }}
      />
    );
  return (
    <Button size="small" icon={<FilePdfOutlined />} onClick={() => openFile({ blob: file.blob, filename: file.name }, file.name)} data-testid={`ricevuta-${riga.id}`}>
      {t('spese.apri_ricevuta')}
    </Button>
  );
}

/** The PDF of a note, opened in a new tab (downloaded if the browser blocks it). */
export async function apriPdf(id: number) {
  try {
    const f = await download(OPS_SPESE.pdf, { params: { id } });
    openFile(f, `nota-spese-${id}.pdf`);
  } catch {
    /* notified */
  }
}

export function PdfButton({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <Button icon={<FilePdfOutlined />} onClick={() => void apriPdf(id)} data-testid="nota-pdf">
      {t('spese.pdf')}
    </Button>
  );
}

type RigheProps = {
  righe: readonly Riga[];
  rif?: Riferimenti;
  /** The receipt column (the review). */
  notaId?: number;
  ricevute?: boolean;
  azioni?: (r: Riga) => ReactNode;
  azioniWidth?: number;
  testId?: string;
};

/** The lines of a note: a table on a laptop, cards on a phone, each with its split and its warnings. */
export function RigheNota({ righe, rif, notaId, ricevute, azioni, azioniWidth, testId = 'righe-nota' }: RigheProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const descr = (r: Riga) => (
    <div>
      <div className="tl-spese-tipo">{r.tipo_spesa_descrizione}</div>
      <div className="tl-spese-meta">
        {r.categoria === 'CHILOMETRICO'
          ? [r.veicolo_targa, r.da && r.a ? `${r.da} → ${r.a}` : null].filter(Boolean).join(' · ')
          : [r.tipo_pagamento_descrizione, r.documentata ? t('spese.documentata') : t('spese.non_documentata')].filter(Boolean).join(' · ')}
        {r.estero && r.categoria !== 'DIARIA' ? ` · ${t('spese.estero_riga_breve')}` : ''}
        {r.descrizione ? ` · ${r.descrizione}` : ''}
      </div>
      {r.motivo_revisione ? <div className="tl-spese-meta">{t('spese.revisione', { motivo: r.motivo_revisione })}</div> : null}
    </div>
  );

  if (screens.md === false)
    return (
      <List
        data-testid={testId}
        dataSource={[...righe]}
        locale={{ emptyText: t('spese.nessuna_riga') }}
        renderItem={(r) => (
          <List.Item key={r.id} data-testid={`riga-${r.id}`} className="tl-spese-riga-card">
            <div style={{ width: '100%' }}>
              <div className="tl-spese-riga-card__top">
                <span>
                  <strong>{formatDate(r.data)}</strong> · {r.tipo_spesa_descrizione}
                </span>
                <strong>{euro(r.importo_eur)}</strong>
              </div>
              <div className="tl-spese-meta">
                {importoRiga(r, rif)}
                {r.categoria === 'CHILOMETRICO' ? ` · ${r.veicolo_targa ?? ''}` : r.tipo_pagamento_descrizione ? ` · ${r.tipo_pagamento_descrizione}` : ''}
              </div>
              <div className="tl-spese-split">
                <span>
                  {t('spese.rimborsabile')} {euro(r.rimborsabile)}
                </span>
                <span>
                  {t('spese.esente')} {euro(r.esente)}
                </span>
                <span className={r.imponibile ? 'is-imponibile' : undefined}>
                  {t('spese.imponibile')} {euro(r.imponibile)}
                </span>
              </div>
              <AvvisiTags avvisi={r.avvisi} />
              <RegolaRiga riga={r} />
              {azioni ? <div className="tl-spese-riga-card__azioni">{azioni(r)}</div> : null}
            </div>
          </List.Item>
        )}
      />
    );

  const money = (v: number, cls?: string) => <span className={`tl-spese-num ${cls ?? ''}`}>{euro(v)}</span>;
  const columns: ColumnsType<Riga> = [
    { key: 'data', title: t('spese.data'), width: 100, render: (_, r) => formatDate(r.data) },
    { key: 'tipo', title: t('spese.tipo'), render: (_, r) => descr(r) },
    { key: 'importo', title: t('spese.importo'), align: 'right', render: (_, r) => <span className="tl-spese-num">{importoRiga(r, rif)}</span> },
    { key: 'eur', title: t('spese.importo_eur'), align: 'right', render: (_, r) => money(r.importo_eur) },
    { key: 'rimborsabile', title: t('spese.rimborsabile'), align: 'right', render: (_, r) => money(r.rimborsabile) },
    { key: 'esente', title: t('spese.esente'), align: 'right', render: (_, r) => money(r.esente) },
    { key: 'imponibile', title: t('spese.imponibile'), align: 'right', render: (_, r) => money(r.imponibile, r.imponibile ? 'is-imponibile' : undefined) },
    {
      key: 'avvisi', title: t('spese.trattamento'), render: (_, r) => (
        <>
          <AvvisiTags avvisi={r.avvisi} />
          <RegolaRiga riga={r} />
        </>
      ),
    },
  ];
  if (ricevute && notaId) columns.splice(2, 0, { key: 'ricevuta', title: t('spese.ricevuta'), render: (_, r) => <Ricevuta notaId={notaId} riga={r} /> });
  if (azioni) columns.push({ key: 'azioni', title: t('ui.azioni'), align: 'right', fixed: 'right', width: azioniWidth, render: (_, r) => azioni(r) });
  return (
    <div data-testid={testId}>
      <Table<Riga>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={[...righe]}
        {...tableFit}
        pagination={false}
        onRow={(r) => ({ 'data-testid': `riga-${r.id}` }) as React.HTMLAttributes<HTMLTableRowElement>}
        locale={{ emptyText: t('spese.nessuna_riga') }}
      />
    </div>
  );
}


/** The note's header as a card: who, what, the trip, the state, and the reason of a rejection. */
export function TestataNota({ nota, extra }: { nota: Nota; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-testid="testata-nota"
      title={
        <Space wrap size={8}>
          <span>{nota.descrizione}</span>
          <StatoNotaTag stato={nota.stato} />
        </Space>
      }
      extra={extra}
      style={{ marginBottom: 16 }}
    >
      <div className="tl-spese-meta">
        {nota.dipendente_nome} ({nota.matricola}){nota.reparto_descrizione ? ` · ${nota.reparto_descrizione}` : ''}
      </div>
      <div data-testid="trasferta-nota">{trasfertaTesto(nota, t)}</div>
      {nota.stato === 'rifiutata' && nota.motivo ? (
        <Alert type="error" showIcon style={{ marginTop: 8 }} data-testid="motivo-rifiuto" title={t('spese.rifiutata_motivo', { motivo: nota.motivo })} />
      ) : null}
      {nota.stato === 'liquidata' ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('spese.liquidata_il', { data: formatDate(nota.liquidata_il), mese: nota.mese_paghe ?? '' })}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}

/**
 * Approving a note: one with warnings on its lines shows them and asks first (a manager decides knowing them, never
 * with one click past them); one without is approved at once. Gives the function and the modal's holder to render.
 */
export function useApprovaNota(onDone: () => unknown) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [modal, holder] = Modal.useModal();
  async function send(id: number) {
    await call(OPS_SPESE.approva, { params: { id } }).catch(() => undefined);
    await onDone();
  }
  async function approva(id: number, nAvvisi: number) {
    if (!nAvvisi) return send(id);
    let nota: TNotaSpeseDettaglio;
    try {
      nota = await qc.fetchQuery({ queryKey: ['spese', 'nota', id], queryFn: () => call(OPS_SPESE.dettaglio, { params: { id } }) });
    } catch {
      return; // notified
    }
    await modal.confirm({
      title: t('spese.approva_con_avvisi_titolo', { count: nAvvisi }),
      width: 520,
      content: <AvvisiRiepilogo righe={nota.righe} title={t('spese.approva_con_avvisi', { count: nAvvisi })} />,
      okText: t('spese.approva_comunque'),
      cancelText: t('ui.annulla'),
      onOk: () => send(id),
    });
  }
  return { approva, holder };
}
