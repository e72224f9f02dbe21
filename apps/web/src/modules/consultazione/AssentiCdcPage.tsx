import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Segmented, Space, Spin, Table, Tooltip, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { OPS_GIUSTIFICATIVI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDate, toWireDate, UI_DATE } from '../../platform/formats';
import { BarChart, PALETTE } from './BarChart';
import { meseInCorso, PageHeader } from './components';
import { formatMinuti, pivotCdc, type CdcPivot } from './format';
import { tableFit } from '../../components/tableFit';

type Misura = 'ore' | 'giorni';
type Riga = CdcPivot['righe'][number];

const giorniText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace('.', ','));

/** /assenti/cdc: absences per cost centre and causale in a period, as a table and a bar chart. */
export function AssentiCdcPage() {
  const { t } = useTranslation();
  const [periodo, setPeriodo] = useState(meseInCorso);
  const [scelta, setMisura] = useState<Misura | null>(null);
  const dal = toWireDate(periodo[0]);
  const al = toWireDate(periodo[1]);

  const query = useQuery({
    queryKey: ['assenti-cdc', dal, al],
    queryFn: () => call(OPS_GIUSTIFICATIVI.assentiCdc, { query: { dal: dal ?? '', al: al ?? '' } }),
  });
  const pivot = useMemo(() => pivotCdc(query.data ?? [], t('assenti.senza_cdc')), [query.data, t]);
  // Until the user picks one: days when there are full-day absences, hours otherwise.
  const misura: Misura = scelta ?? (pivot.totali.giorni || !pivot.totali.minuti ? 'giorni' : 'ore');

  const cella = (c: { giorni: number; minuti: number } | undefined) =>
    c ? { giorni: c.giorni ? giorniText(c.giorni) : '', ore: formatMinuti(c.minuti, true) } : null;
  const columns: TableProps<Riga>['columns'] = [
    { key: 'cdc', title: t('dipendenti.cdc'), fixed: 'left', render: (_: unknown, r) => <strong>{r.cdc}</strong> },
    ...pivot.causali.map((codice) => ({
      key: codice,
      title: codice,
      children: [
        { key: `${codice}-g`, title: t('assenti.giorni'), align: 'right' as const, render: (_: unknown, r: Riga) => cella(r.celle[codice])?.giorni ?? '' },
        { key: `${codice}-h`, title: t('assenti.ore'), align: 'right' as const, render: (_: unknown, r: Riga) => cella(r.celle[codice])?.ore ?? '' },
      ],
    })),
    {
      key: 'totale',
      title: t('cartellino.totale'),
      children: [
        { key: 'tot-g', title: t('assenti.giorni'), align: 'right' as const, render: (_: unknown, r: Riga) => <strong>{giorniText(r.giorni)}</strong> },
        { key: 'tot-h', title: t('assenti.ore'), align: 'right' as const, render: (_: unknown, r: Riga) => <strong>{formatMinuti(r.minuti)}</strong> },
      ],
    },
  ];

  // Full-day absences count days, hourly ones count hours: each chart shows the causali measured in its unit.
  const colore = new Map(pivot.causali.map((c, i) => [c, PALETTE[i % PALETTE.length]]));
  const series = pivot.causali
    .filter((c) => (misura === 'ore' ? pivot.totali.celle[c]?.minuti : pivot.totali.celle[c]?.giorni))
    .map((c) => ({ key: c, label: c, color: colore.get(c)! }));
  const valore = (c: { giorni: number; minuti: number }) => (misura === 'ore' ? c.minuti : c.giorni);
  const chartRows: { key: string; label: string; values: Record<string, number> }[] = pivot.righe
    .filter((r) => valore(r) > 0)
    .sort((a, b) => valore(b) - valore(a))
    .map((r) => ({
      key: r.key,
      label: r.cdc,
      values: Object.fromEntries(Object.entries(r.celle).map(([k, c]) => [k, valore(c)])),
    }));
  const fmt = misura === 'ore' ? (v: number) => formatMinuti(v) : giorniText;
  const periodoText = `${formatDate(dal)} – ${formatDate(al)}`;
  const riga = (r: (typeof chartRows)[number]) =>
    `${r.label}: ${series
      .filter((x) => r.values[x.key])
      .map((x) => `${x.label} ${fmt(r.values[x.key])}`)
      .join(', ')}`;
  const summary = [t('assenti.grafico_titolo', { periodo: periodoText, misura: t(`assenti.${misura}`) }), ...chartRows.map(riga)].join('. ');

  return (
    <div data-testid="assenti-cdc">
      <PageHeader
        title={t('menu.assenti.cdc')}
        extra={
          <Tooltip title={t('ui.aggiorna')}>
            <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void query.refetch()} />
          </Tooltip>
        }
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          allowClear={false}
          format={UI_DATE}
          placeholder={[t('assenti.dal'), t('assenti.al')]}
          value={periodo}
          onChange={(v) => v?.[0] && v[1] && setPeriodo([v[0], v[1]])}
        />
      </Space>
      {query.isError && !query.data ? <Alert type="error" showIcon title={t('consultazione.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
      <Card
        size="small"
        title={t('assenti.grafico')}
        style={{ marginBottom: 16 }}
        extra={
          <Segmented<Misura>
            aria-label={t('assenti.misura')}
            value={misura}
            onChange={setMisura}
            options={[
              { value: 'giorni', label: t('assenti.giorni') },
              { value: 'ore', label: t('assenti.ore') },
            ]}
          />
        }
      >
        {query.isLoading ? (
          <div style={{ textAlign: 'center', padding: 32 }}>
            <Spin />
          </div>
        ) : series.length ? (
          <>
            <BarChart title={t('assenti.grafico_titolo', { periodo: periodoText, misura: t(`assenti.${misura}`) })} summary={summary} series={series} rows={chartRows} format={fmt} />
            <ul className="tl-chart-legend" aria-label={t('assenti.legenda')}>
              {series.map((s) => (
                <li key={s.key}>
                  <span className="tl-chart-legend__swatch" style={{ background: s.color }} aria-hidden="true" />
                  {s.label}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(pivot.righe.length ? `assenti.nessuna_in_${misura}` : 'assenti.nessuna_assenza_periodo')} />
        )}
      </Card>
      <div data-testid="assenti-cdc-tabella">
        <Table<Riga>
          className="tl-totaliz"
          size="small"
          bordered
          rowKey="key"
          columns={columns}
          dataSource={pivot.righe}
          loading={query.isFetching}
          pagination={false}
          {...tableFit}
          locale={{ emptyText: query.isLoading ? t('app.caricamento') : t('assenti.nessuna_assenza_periodo') }}
          summary={
            pivot.righe.length
              ? () => (
                  <Table.Summary.Row className="tl-cart-totali">
                    <Table.Summary.Cell index={0}>
                      <strong>{t('cartellino.totale')}</strong>
                    </Table.Summary.Cell>
                    {pivot.causali.flatMap((c, i) => [
                      <Table.Summary.Cell key={`${c}-g`} index={1 + i * 2} align="right">
                        <strong>{pivot.totali.celle[c]?.giorni ? giorniText(pivot.totali.celle[c].giorni) : ''}</strong>
                      </Table.Summary.Cell>,
                      <Table.Summary.Cell key={`${c}-h`} index={2 + i * 2} align="right">
                        <strong>{formatMinuti(pivot.totali.celle[c]?.minuti, true)}</strong>
                      </Table.Summary.Cell>,
                    ])}
                    <Table.Summary.Cell index={1 + pivot.causali.length * 2} align="right">
                      <strong>{giorniText(pivot.totali.giorni)}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2 + pivot.causali.length * 2} align="right">
                      <strong>{formatMinuti(pivot.totali.minuti)}</strong>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                )
              : undefined
          }
        />
      </div>
    </div>
  );
}
