import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Table, Tooltip, Typography, type TableProps } from 'antd';
import { FileExcelOutlined, FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import { type MinutiKey, type TTotaliz } from '@tulip/contract';
import { OPS_CONSULTAZIONE, RES_CDC, RES_REPARTI, RES_TRACCIATI_PAGHE } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { ChiusuraMese, LookupFilter, MesePicker, meseCorrente, PageHeader, StatoMeseTag, useDayjs, useFileDownload, useScope } from './components';
import { formatMinuti } from './format';
import { meseAnno } from '../../platform/formats';
import { LookupSelect } from '../../components/LookupSelect';

type Riga = TTotaliz['righe'][number];

const COLONNE: { key: MinutiKey; title: string }[] = [
  { key: 'minuti_ordinari', title: 'cartellino.ordinari' },
  { key: 'minuti_straordinari', title: 'cartellino.straordinari' },
  { key: 'minuti_supplementari', title: 'cartellino.supplementari' },
  { key: 'minuti_notturni', title: 'cartellino.notturni' },
  { key: 'minuti_festivi', title: 'cartellino.festivi' },
  { key: 'minuti_ritardo', title: 'cartellino.ritardo' },
  { key: 'minuti_mancanti', title: 'cartellino.mancanti' },
];

/** /totaliz: monthly totals of every employee in scope, Excel and payroll exports. */
export function TotalizPage() {
  const { t } = useTranslation();
  const { hr } = useScope();
  const [mese, setMese] = useState(meseCorrente);
  const [reparto, setReparto] = useState<number | null>(null);
  const [cdc, setCdc] = useState<number | null>(null);
  const [tracciato, setTracciato] = useState<number | undefined>();
  const files = useFileDownload();
  const dj = useDayjs();
  const filtri = { mese, reparto_id: reparto, cdc_id: cdc };

  const query = useQuery({
    queryKey: ['totaliz', mese, reparto, cdc],
    queryFn: () => call(OPS_CONSULTAZIONE.totaliz, { query: filtri }),
  });
  const data = query.data;
  const righe: Riga[] = data?.righe ?? [];
  const causali = useMemo(() => data?.causali ?? [], [data]);

  const columns = useMemo<NonNullable<TableProps<Riga>['columns']>>(
    () => [
      {
        key: 'dipendente',
        title: t('consultazione.dipendente'),
        fixed: 'left',
        width: 220,
        defaultSortOrder: 'ascend',
        sorter: (a, b) => `${a.dipendente.cognome} ${a.dipendente.nome}`.localeCompare(`${b.dipendente.cognome} ${b.dipendente.nome}`),
        render: (_: unknown, r) => (
          <span>
            <Typography.Text strong>
              {r.dipendente.cognome} {r.dipendente.nome}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.dipendente.matricola}
              {r.dipendente.reparto_descrizione ? ` · ${r.dipendente.reparto_descrizione}` : ''}
            </Typography.Text>
          </span>
        ),
      },
      ...COLONNE.map((c) => ({
        key: c.key,
        title: t(c.title),
        align: 'right' as const,
        sorter: (a: Riga, b: Riga) => a.totali[c.key] - b.totali[c.key],
        render: (_: unknown, r: Riga) => formatMinuti(r.totali[c.key], true),
      })),
      ...(causali.length
        ? [
            {
              key: 'causali',
              title: t('totaliz.giustificativi'),
              children: causali.map((codice) => ({
                key: `causale-${codice}`,
                title: codice,
                align: 'right' as const,
                sorter: (a: Riga, b: Riga) => (a.totali.per_causale[codice] ?? 0) - (b.totali.per_causale[codice] ?? 0),
                render: (_: unknown, r: Riga) => formatMinuti(r.totali.per_causale[codice], true),
              })),
            },
          ]
        : []),
      {
        key: 'giorni_lavorati',
        title: t('cartellino.giorni_lavorati'),
        align: 'right' as const,
        sorter: (a, b) => a.totali.giorni_lavorati - b.totali.giorni_lavorati,
        render: (_: unknown, r) => r.totali.giorni_lavorati,
      },
    ],
    [t, causali],
  );

  const somma = (f: (r: Riga) => number | undefined) => righe.reduce((s, r) => s + (f(r) ?? 0), 0);
  const summary = () => (
    <Table.Summary fixed>
      <Table.Summary.Row className="tl-cart-totali">
        <Table.Summary.Cell index={0}>
          <strong>{t('cartellino.totale')}</strong> <Typography.Text type="secondary">({righe.length})</Typography.Text>
        </Table.Summary.Cell>
        {COLONNE.map((c, i) => (
          <Table.Summary.Cell key={c.key} index={1 + i} align="right">
            <strong>{formatMinuti(somma((r) => r.totali[c.key]))}</strong>
          </Table.Summary.Cell>
        ))}
        {causali.map((codice, i) => (
          <Table.Summary.Cell key={codice} index={1 + COLONNE.length + i} align="right">
            <strong>{formatMinuti(somma((r) => r.totali.per_causale[codice]))}</strong>
          </Table.Summary.Cell>
        ))}
        <Table.Summary.Cell index={1 + COLONNE.length + causali.length} align="right">
          <strong>{somma((r) => r.totali.giorni_lavorati)}</strong>
        </Table.Summary.Cell>
      </Table.Summary.Row>
    </Table.Summary>
  );

  const chiuso = !!data?.chiuso;
  const paghe = (formato: 'csv' | 'xml') => (
    <Tooltip title={chiuso ? t('totaliz.paghe_tooltip') : t('totaliz.paghe_mese_aperto')}>
      <Button
        icon={<FileTextOutlined />}
        disabled={!data || !chiuso}
        loading={files.busy === formato}
        onClick={() => void files.download(formato, () => download(OPS_CONSULTAZIONE.paghe, { query: { mese, formato } }), `${t('totaliz.file_paghe')}_${mese}.${formato}`)}
      >
        {t(`totaliz.paghe_${formato}`)}
      </Button>
    </Tooltip>
  );

  // the month's file in a payroll layout (issue #31 §4): the layout is chosen beside the button
  const esportaTracciato = (
    <Space.Compact>
      <LookupSelect
        path={RES_TRACCIATI_PAGHE.path}
        numeric
        value={tracciato}
        onChange={(v: never) => setTracciato(v ?? undefined)}
        placeholder={t('tracciati.scegli')}
        aria-label={t('tracciati.scegli')}
        style={{ width: 220 }}
        data-testid="scelta-tracciato"
      />
      <Tooltip title={chiuso ? t('totaliz.paghe_tooltip') : t('totaliz.paghe_mese_aperto')}>
        <Button
          icon={<FileTextOutlined />}
          disabled={!data || !chiuso || !tracciato}
          loading={files.busy === 'tracciato'}
          onClick={() => void files.download('tracciato', () => download(OPS_CONSULTAZIONE.esportaTracciato, { query: { mese, tracciato: tracciato! } }), `${t('tracciati.file')}_${mese}.txt`)}
        >
          {t('tracciati.esporta')}
        </Button>
      </Tooltip>
    </Space.Compact>
  );

  return (
    <div data-testid="totaliz">
      <PageHeader
        title={t('menu.totaliz')}
        extra={
          <>
            <Button
              icon={<FileExcelOutlined />}
              disabled={!data}
              loading={files.busy === 'xlsx'}
              onClick={() => void files.download('xlsx', () => download(OPS_CONSULTAZIONE.totalizExcel, { query: filtri }), `${t('totaliz.file')}_${mese}.xlsx`)}
            >
              {t('ui.esporta_excel')}
            </Button>
            {hr ? (
              <>
                {paghe('csv')}
                {paghe('xml')}
                {esportaTracciato}
              </>
            ) : null}
            {hr && data ? <ChiusuraMese mese={mese} chiuso={chiuso} /> : null}
          </>
        }
      >
        {data ? (
          <Space size={8} style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">{meseAnno(dj(`${mese}-01`))}</Typography.Text>
            <StatoMeseTag chiuso={chiuso} />
          </Space>
        ) : null}
      </PageHeader>
      <Space wrap style={{ marginBottom: 12 }}>
        <MesePicker value={mese} onChange={setMese} />
        <LookupFilter path={RES_REPARTI.path} label={t('dipendenti.reparto')} value={reparto} onChange={(v) => setReparto(v === null ? null : Number(v))} />
        <LookupFilter path={RES_CDC.path} label={t('dipendenti.cdc')} value={cdc} onChange={(v) => setCdc(v === null ? null : Number(v))} />
        <Tooltip title={t('ui.aggiorna')}>
          <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void query.refetch()} />
        </Tooltip>
      </Space>
      {query.isError && !data ? <Alert type="error" showIcon title={t('consultazione.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
      <div data-testid="totaliz-tabella">
        <Table<Riga>
          className="tl-totaliz"
          size="small"
          bordered
          rowKey={(r) => String(r.dipendente.id)}
          columns={columns}
          dataSource={righe}
          loading={query.isFetching}
          sticky
            // a sticky header is a table of its own: its columns keep their width only at max-content
            scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: query.isLoading ? t('app.caricamento') : t('ui.nessun_dato') }}
          summary={righe.length ? summary : undefined}
        />
      </div>
    </div>
  );
}
