import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Grid, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined, InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import { ZArticolo, type OpResult, type TCategoriaDpi } from '@tulip/contract';
import { OPS_DOTAZIONI, RES_ARTICOLI_DOTAZIONE, RES_TIPOLOGIE_DOTAZIONE } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { ResourcePage, type ColumnDef, type FieldDef, type Row } from '../../components/ResourcePage';
import { LookupSelect } from '../../components/LookupSelect';
import { exportXlsx } from '../../components/excel';
import { tableFit } from '../../components/tableFit';
import { CategoriaTag } from './common';
import { ArticoloMagazzino } from './ArticoloMagazzino';

type Riordino = OpResult<typeof OPS_DOTAZIONI.riordino>[number];

/** The type of an article: chosen from the types' lookup, kept as its id. */
function TipologiaField(props: { id?: string; value?: number | null; onChange?: (v: number | null) => void }) {
  return <LookupSelect path={RES_TIPOLOGIE_DOTAZIONE.path} numeric id={props.id} value={props.value ?? undefined} onChange={(v?: number) => props.onChange?.(v ?? null)} />;
}

/**
 * /dotazioni/anagrafica: the articles (brand and model of a type) with their cost, CE marking and information note,
 * their stock per size and the minimum under which they are reordered; each article's stock opens in a drawer (loads,
 * adjustments, movements, units). The tab "Da riordinare" lists what is under its minimum.
 */
export function AnagraficaPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'riordino' ? 'riordino' : 'articoli';
  const [tipologia, setTipologia] = useState<number | undefined>();
  const [aperto, setAperto] = useState<Row | null>(null);

  const columns: ColumnDef[] = [
    {
      key: 'tipologia_descrizione', title: 'dotazioni.tipologia',
      render: (r) => (
        <Space size={4} wrap>
          <span>{String(r.tipologia_descrizione)}</span>
          {r.dpi ? <CategoriaTag categoria={r.categoria as TCategoriaDpi | null} /> : null}
        </Space>
      ),
      exportValue: (r) => String(r.tipologia_descrizione),
    },
    { key: 'marca', title: 'dotazioni.marca', sorter: true },
    { key: 'modello', title: 'dotazioni.modello', sorter: true },
    { key: 'fornitore', title: 'dotazioni.fornitore' },
    { key: 'costo', title: 'dotazioni.costo', type: 'money', width: 110 },
    {
      key: 'giacenza', title: 'dotazioni.giacenza', width: 170,
      render: (r) => (
        <div>
          <Space size={4}>
            <span className="tl-dot-num">{String(r.giacenza)}</span>
            {r.sotto_scorta ? <Tag color="red">{t('dotazioni.sotto_scorta')}</Tag> : null}
          </Space>
          {r.taglie && Array.isArray(r.giacenze) && r.giacenze.length ? (
            <div className="tl-dot-meta">{(r.giacenze as { taglia: string | null; quantita: number }[]).map((g) => `${g.taglia}: ${g.quantita}`).join(' · ')}</div>
          ) : null}
        </div>
      ),
      exportValue: (r) => (typeof r.giacenza === 'number' ? r.giacenza : null),
    },
    { key: 'scorta_minima', title: 'dotazioni.scorta_minima', exportOnly: true },
    { key: 'attivo', title: 'dotazioni.attivo', type: 'boolean', width: 80 },
  ];

  const fields: FieldDef[] = [
    { name: 'tipologia_id', label: 'dotazioni.tipologia', type: 'custom', required: true, render: () => <TipologiaField /> },
    { name: 'marca', label: 'dotazioni.marca', required: true, span: 12 },
    { name: 'modello', label: 'dotazioni.modello', required: true, span: 12 },
    { name: 'fornitore', label: 'dotazioni.fornitore', span: 12 },
    { name: 'costo', label: 'dotazioni.costo_unitario', type: 'money', span: 12 },
    { name: 'marcatura_ce', label: 'dotazioni.marcatura_ce', type: 'switch', span: 12, extra: (_r, tt) => tt('dotazioni.marcatura_ce_aiuto') },
    { name: 'organismo_notificato', label: 'dotazioni.organismo_notificato', span: 12, placeholder: 'dotazioni.organismo_esempio', extra: (_r, tt) => tt('dotazioni.organismo_aiuto') },
    {
      name: 'nota_file_id', label: 'dotazioni.nota_informativa', type: 'file',
      // a saved note is read through the articles' own route (the file store serves only its uploader)
      file: { accept: '.pdf,application/pdf', uploadText: 'dotazioni.carica_nota', hint: 'dotazioni.nota_aiuto', read: (id) => download(OPS_DOTAZIONI.nota, { params: { id } }) },
    },
    { name: 'scorta_minima', label: 'dotazioni.scorta_minima', type: 'number', span: 12, extra: (_r, tt) => tt('dotazioni.scorta_minima_aiuto') },
    { name: 'attivo', label: 'dotazioni.attivo', type: 'switch', span: 12 },
  ];

  const articoli = (
    <ResourcePage
      resource={{ wire: RES_ARTICOLI_DOTAZIONE, title: 'menu.dotazioni.anagrafica', entity: 'dotazioni.entita_articolo', schema: ZArticolo }}
      columns={columns}
      form={{ fields, width: 680 }}
      defaultSort="marca"
      hideTitle
      query={{ tipologia_id: tipologia }}
      onChanged={() => void qc.invalidateQueries({ queryKey: ['dotazioni', 'riordino'] })}
      rowActions={(r) => (
        <Tooltip title={t('dotazioni.magazzino')}>
          <Button
            type="text"
            size="small"
            icon={<InboxOutlined />}
            aria-label={t('dotazioni.magazzino_di', { articolo: `${String(r.marca)} ${String(r.modello)}` })}
            onClick={() => setAperto(r)}
            data-testid={`magazzino-${String(r.id)}`}
          />
        </Tooltip>
      )}
      toolbarExtra={
        <LookupSelect
          path={RES_TIPOLOGIE_DOTAZIONE.path}
          numeric
          aria-label={t('dotazioni.tipologia')}
          placeholder={t('dotazioni.tutti_i_tipi')}
          style={{ width: 220 }}
          value={tipologia}
          onChange={((v?: number) => setTipologia(v)) as never}
        />
      }
    />
  );

  return (
    <div data-testid="dotazioni-anagrafica">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.dotazioni.anagrafica')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'riordino' ? { tab: k } : {}, { replace: true })}
        items={[
          { key: 'articoli', label: t('dotazioni.tab_articoli'), children: articoli },
          { key: 'riordino', label: t('dotazioni.tab_riordino'), children: <RiordinoTab /> },
        ]}
      />
      <Drawer
        open={!!aperto}
        onClose={() => setAperto(null)}
        size={screens.md ? 820 : '100%'}
        title={aperto ? t('dotazioni.magazzino_di', { articolo: `${String(aperto.marca)} ${String(aperto.modello)}` }) : ''}
        destroyOnHidden
      >
        {aperto ? <ArticoloMagazzino id={Number(aperto.id)} onChanged={() => void qc.invalidateQueries({ queryKey: ['resource', RES_ARTICOLI_DOTAZIONE.path] })} /> : null}
      </Drawer>
    </div>
  );
}

/** What to reorder: each article and size under its minimum stock, with how many are missing to reach it. */
function RiordinoTab() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['dotazioni', 'riordino'], queryFn: () => call(OPS_DOTAZIONI.riordino) });
  const rows = q.data ?? [];
  const columns: ColumnsType<Riordino> = [
    { key: 'tipologia', title: t('dotazioni.tipologia'), dataIndex: 'tipologia_descrizione' },
    { key: 'articolo', title: t('dotazioni.articolo'), render: (_, r) => `${r.marca} ${r.modello}` },
    { key: 'fornitore', title: t('dotazioni.fornitore'), dataIndex: 'fornitore' },
    { key: 'taglia', title: t('dotazioni.taglia'), dataIndex: 'taglia' },
    { key: 'giacenza', title: t('dotazioni.giacenza'), align: 'right', render: (_, r) => <span className="tl-dot-num">{r.giacenza}</span> },
    { key: 'scorta', title: t('dotazioni.scorta_minima'), align: 'right', render: (_, r) => <span className="tl-dot-num">{r.scorta_minima}</span> },
    { key: 'ordinare', title: t('dotazioni.da_ordinare'), align: 'right', render: (_, r) => <strong className="tl-dot-num">{r.scorta_minima - r.giacenza}</strong> },
  ];
  const excel = () =>
    exportXlsx(
      t('dotazioni.tab_riordino'),
      [
        { header: t('dotazioni.tipologia'), key: 'tipologia' },
        { header: t('dotazioni.articolo'), key: 'articolo' },
        { header: t('dotazioni.fornitore'), key: 'fornitore' },
        { header: t('dotazioni.taglia'), key: 'taglia' },
        { header: t('dotazioni.giacenza'), key: 'giacenza' },
        { header: t('dotazioni.scorta_minima'), key: 'scorta' },
        { header: t('dotazioni.da_ordinare'), key: 'ordinare' },
      ],
      rows.map((r) => ({
        tipologia: r.tipologia_descrizione, articolo: `${r.marca} ${r.modello}`, fornitore: r.fornitore ?? '', taglia: r.taglia ?? '', giacenza: r.giacenza,
        scorta: r.scorta_minima, ordinare: r.scorta_minima - r.giacenza,
      })),
    );
  return (
    <div data-testid="dotazioni-riordino">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('dotazioni.riordino_aiuto')}</Typography.Text>
        <Tooltip title={t('ui.aggiorna')}>
          <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void q.refetch()} />
        </Tooltip>
        <Button icon={<FileExcelOutlined />} disabled={!rows.length} onClick={() => void excel()}>
          {t('ui.esporta_excel')}
        </Button>
      </Space>
      <Table<Riordino>
        size="middle"
        rowKey={(r) => `${r.articolo_id}-${r.taglia ?? ''}`}
        columns={columns}
        dataSource={rows}
        loading={q.isFetching}
        {...tableFit}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: t('dotazioni.nulla_da_riordinare') }}
      />
    </div>
  );
}
