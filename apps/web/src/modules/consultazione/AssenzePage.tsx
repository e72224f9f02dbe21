import { useServerPaging } from '../../components/serverPaging';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Select, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import { STATI_GIUSTIFICATIVO, type TGiustificativo } from '@tulip/contract';
import { OPS_GIUSTIFICATIVI, RES_CAUSALI, RES_REPARTI } from '@tulip/contract/wire';
import { exportXlsx } from '../../components/excel';
import { ColorTag } from '../../components/ColorTag';
import { call } from '../../platform/api';
import { dayjs, formatDate, formatDateTime, toWireDate, UI_DATE } from '../../platform/formats';
import { LookupFilter, meseInCorso, PageHeader, type Periodo } from './components';
import { formatMinuti } from './format';
import { tableFit } from '../../components/tableFit';

export const STATO_GIUSTIFICATIVO_COLORE: Record<TGiustificativo['stato'], string> = {
  richiesto: 'gold',
  approvato: 'green',
  rifiutato: 'red',
  annullato: 'default',
};

const EXPORT_PAGE = 1000;
const EXPORT_MAX_PAGES = 50;


/** Days of a full-day absence, or hours of an hourly one, as text. */
function durata(g: TGiustificativo, t: TFunction): string {
  if (g.unita === 'H' && g.minuti) return t('assenti.ore_n', { ore: formatMinuti(g.minuti) });
  const giorni = dayjs(g.al).diff(dayjs(g.dal), 'day') + 1;
  return t('assenti.giorni_n', { count: giorni });
}

/** /assenti/all: every justification in scope, filtered by period, causale, department and state. */
export function AssenzePage() {
  const { t } = useTranslation();
  const [periodo, setPeriodo] = useState<Periodo>(meseInCorso);
  const [causale, setCausale] = useState<string | null>(null);
  const [reparto, setReparto] = useState<number | null>(null);
  const [stato, setStato] = useState<TGiustificativo['stato'] | null>(null);
  const { page, size, setPage, tableProps } = useServerPaging();
  const [exporting, setExporting] = useState(false);

  const filtri = useMemo(
    // an empty filter is undefined, as the operation's query types it (the client leaves null and undefined out alike)
    () => ({ dal: toWireDate(periodo[0]) ?? undefined, al: toWireDate(periodo[1]) ?? undefined, causale: causale ?? undefined, reparto_id: reparto, stato: stato ?? undefined }),
    [periodo, causale, reparto, stato],
  );
  const query = useQuery({
    queryKey: ['giustificativi', 'consultazione', filtri, page, size],
    queryFn: () => call(OPS_GIUSTIFICATIVI.elenco, { query: { ...filtri, page, size } }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? rows.length;

  const filtra = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  const columns: TableProps<TGiustificativo>['columns'] = [
    {
      key: 'dipendente',
      title: t('consultazione.dipendente'),
      render: (_: unknown, g) => <Typography.Text strong>{g.dipendente_nome}</Typography.Text>,
    },
    { key: 'reparto', title: t('dipendenti.reparto'), render: (_: unknown, g) => g.reparto_descrizione ?? '—' },
    {
      key: 'causale',
      title: t('presenti.causale'),
      render: (_: unknown, g) => (
        <Tooltip title={g.causale_descrizione}>
          <ColorTag color={g.colore}>{g.codice}</ColorTag>
        </Tooltip>
      ),
    },
    { key: 'dal', title: t('assenti.dal'), render: (_: unknown, g) => formatDate(g.dal) },
    { key: 'al', title: t('assenti.al'), render: (_: unknown, g) => formatDate(g.al) },
    { key: 'durata', title: t('assenti.durata'), align: 'right', render: (_: unknown, g) => durata(g, t) },
    {
      key: 'stato',
      title: t('presenti.stato'),
      render: (_: unknown, g) => <Tag color={STATO_GIUSTIFICATIVO_COLORE[g.stato]}>{t(`assenti.stato_${g.stato}`, { defaultValue: g.stato })}</Tag>,
    },
    { key: 'richiesto_il', title: t('assenti.richiesto_il'), render: (_: unknown, g) => formatDateTime(g.richiesto_il) },
    {
      key: 'deciso_da',
      title: t('assenti.deciso_da'),
      render: (_: unknown, g) =>
        g.deciso_da_nome ? (
          <Tooltip title={g.motivo_decisione || undefined}>
            <span>{g.deciso_da_nome}</span>
          </Tooltip>
        ) : (
          ''
        ),
    },
    { key: 'note', title: t('assenti.note'), ellipsis: true, render: (_: unknown, g) => [g.note, g.certificato ? `${t('assenti.certificato')} ${g.certificato}` : ''].filter(Boolean).join(' · ') },
  ];

  async function esporta() {
    setExporting(true);
    try {
      const all: TGiustificativo[] = [];
      for (let p = 1; p <= EXPORT_MAX_PAGES; p++) {
        const a = await call(OPS_GIUSTIFICATIVI.elenco, { query: { ...filtri, page: p, size: EXPORT_PAGE } });
        const chunk = a.rows;
        all.push(...chunk);
        if (chunk.length < EXPORT_PAGE || all.length >= a.total) break;
      }
      const cols = [
        { header: t('consultazione.dipendente'), key: 'dipendente', width: 30 },
        { header: t('dipendenti.reparto'), key: 'reparto', width: 22 },
        { header: t('presenti.causale'), key: 'codice' },
        { header: t('assenti.descrizione_causale'), key: 'causale', width: 26 },
        { header: t('assenti.dal'), key: 'dal' },
        { header: t('assenti.al'), key: 'al' },
        { header: t('assenti.durata'), key: 'durata' },
        { header: t('presenti.stato'), key: 'stato' },
        { header: t('assenti.richiesto_il'), key: 'richiesto_il', width: 18 },
        { header: t('assenti.deciso_da'), key: 'deciso_da', width: 22 },
        { header: t('assenti.motivo_decisione'), key: 'motivo', width: 30 },
        { header: t('assenti.note'), key: 'note', width: 30 },
        { header: t('assenti.certificato'), key: 'certificato' },
      ];
      const data = all.map((g) => ({
        dipendente: g.dipendente_nome,
        reparto: g.reparto_descrizione ?? '',
        codice: g.codice,
        causale: g.causale_descrizione ?? '',
        dal: formatDate(g.dal),
        al: formatDate(g.al),
        durata: durata(g, t),
        stato: t(`assenti.stato_${g.stato}`, { defaultValue: g.stato }),
        richiesto_il: formatDateTime(g.richiesto_il),
        deciso_da: g.deciso_da_nome ?? '',
        motivo: g.motivo_decisione ?? '',
        note: g.note ?? '',
        certificato: g.certificato ?? '',
      }));
      await exportXlsx(`${t('menu.assenti.all')} ${formatDate(filtri.dal)} - ${formatDate(filtri.al)}`.replace(/\//g, '-'), cols, data);
    } catch (e) {
      console.error(e);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div data-testid="assenze">
      <PageHeader
        title={t('menu.assenti.all')}
        extra={
          <>
            <Tooltip title={t('ui.aggiorna')}>
              <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void query.refetch()} />
            </Tooltip>
            <Button icon={<FileExcelOutlined />} loading={exporting} disabled={!total} onClick={() => void esporta()}>
              {t('ui.esporta_excel')}
            </Button>
          </>
        }
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          allowClear={false}
          format={UI_DATE}
          placeholder={[t('assenti.dal'), t('assenti.al')]}
          value={periodo}
          onChange={(v) => v?.[0] && v[1] && filtra(setPeriodo)([v[0], v[1]])}
        />
        <LookupFilter path={RES_CAUSALI.path} label={t('presenti.causale')} value={causale} onChange={(v) => filtra(setCausale)(v === null ? null : String(v))} width={220} />
        <LookupFilter path={RES_REPARTI.path} label={t('dipendenti.reparto')} value={reparto} onChange={(v) => filtra(setReparto)(v === null ? null : Number(v))} />
        <Select<TGiustificativo['stato']>
          allowClear
          aria-label={t('presenti.stato')}
          placeholder={t('presenti.tutti_gli_stati')}
          style={{ width: 180 }}
          value={stato ?? undefined}
          onChange={(v) => filtra(setStato)(v ?? null)}
          options={STATI_GIUSTIFICATIVO.map((s) => ({ value: s, label: t(`assenti.stato_${s}`) }))}
        />
      </Space>
      {query.isError && !query.data ? <Alert type="error" showIcon title={t('consultazione.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
      <div data-testid="assenze-tabella">
        <Table<TGiustificativo>
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          {...tableFit}
          locale={{ emptyText: query.isLoading ? t('app.caricamento') : t('assenti.nessuna_assenza') }}
          {...tableProps(total)}
        />
      </div>
    </div>
  );
}
