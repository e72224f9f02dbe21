/**
 * /notaspesaadmin — Gestione nota spesa (issue #16): the notes in the caller's scope, filtered by state, employee,
 * department, month, order and text, paged, with the totals of all that match; approve, reject with a reason, settle
 * one or many approved notes; a note opened in a drawer (advances, history, PDF); the Excel export and the payroll
 * export of a month (CSV or XML), and the way to the line-by-line review.
 */
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Drawer, Grid, Popover, Radio, Row, Select, Space, Switch, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AuditOutlined, CheckOutlined, DownloadOutlined, SettingOutlined, FileExcelOutlined, FolderOpenOutlined, ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { STATI_NOTA, type TNotaSpeseRow, type TStatoNota } from '@tulip/contract';
import { OPS_SPESE, RES_COMMESSE } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { saveFile } from '../../platform/download';
import { dayjs, type Dayjs } from '../../platform/formats';
import { DipendenteSelect, RepartoSelect, useScope } from '../../components/people';
import { LookupSelect } from '../../components/LookupSelect';
import { SearchInput } from '../../components/SearchInput';
import { useServerPaging } from '../../components/serverPaging';
import { tableFit } from '../../components/tableFit';
import { euro, StatoNotaTag, trasfertaTesto, useApprovaNota } from './common';
import { MotivoButton } from '../../components/MotivoButton';
import { NotaDettaglio } from './NotaDettaglio';
import { LiquidaButton } from './Liquida';

type Filtri = { stato?: TStatoNota; dipendente_id?: number; reparto_id?: number; mese?: Dayjs | null; commessa_id?: number; search?: string };

/** The payroll export of a month: the settled notes' exempt and taxable amounts under their payroll codes. */
function PagheButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mese, setMese] = useState<Dayjs>(() => dayjs());
  const [formato, setFormato] = useState<'csv' | 'xml'>('csv');
  const [busy, setBusy] = useState(false);
  async function scarica() {
    setBusy(true);
    try {
      const m = mese.format('YYYY-MM');
      const f = await download(OPS_SPESE.paghe, { query: { mese: m, formato } });
      saveFile(f, `rimborsi-spese-${m}.${formato}`);
      setOpen(false);
    } catch {
      /* notified */
    } finally {
      setBusy(false);
    }
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('spese.paghe_titolo')}
      content={
        <Space orientation="vertical" style={{ width: 260 }} data-testid="paghe-popover">
          <Typography.Text type="secondary">{t('spese.paghe_hint')}</Typography.Text>
          <DatePicker picker="month" format="MM/YYYY" value={mese} allowClear={false} onChange={(d) => d && setMese(d)} aria-label={t('spese.mese_paghe')} style={{ width: '100%' }} />
          <Radio.Group
            optionType="button"
            value={formato}
            onChange={(e) => setFormato(e.target.value)}
            options={[
              { value: 'csv', label: 'CSV' },
              { value: 'xml', label: 'XML' },
            ]}
            aria-label={t('spese.formato')}
          />
          <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void scarica()} data-testid="paghe-scarica">
            {t('spese.scarica')}
          </Button>
        </Space>
      }
    >
      <Button icon={<DownloadOutlined />} data-testid="paghe">
        {t('spese.paghe')}
      </Button>
    </Popover>
  );
}

/** The module's parameters (HR): four eyes on settlement, saved as soon as it is switched. */
function ParametriButton() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const parametri = useQuery({ queryKey: ['spese', 'parametri'], queryFn: () => call(OPS_SPESE.parametri) });
  const [busy, setBusy] = useState(false);
  async function save(quattro_occhi: boolean) {
    setBusy(true);
    try {
      await call(OPS_SPESE.salvaParametri, { body: { quattro_occhi } });
      await qc.invalidateQueries({ queryKey: ['spese', 'parametri'] });
    } catch {
      /* notified */
    } finally {
      setBusy(false);
    }
  }
  return (
    <Popover
      trigger="click"
      title={t('spese.parametri_titolo')}
      content={
        <Space orientation="vertical" style={{ width: 300 }} data-testid="parametri-spese">
          <Space>
            <Switch
              checked={!!parametri.data?.quattro_occhi}
              loading={busy || parametri.isLoading}
              onChange={(v) => void save(v)}
              aria-label={t('spese.quattro_occhi')}
              data-testid="quattro-occhi"
            />
            <Typography.Text>{t('spese.quattro_occhi')}</Typography.Text>
          </Space>
          <Typography.Text type="secondary">{t('spese.quattro_occhi_aiuto')}</Typography.Text>
        </Space>
      }
    >
      <Button icon={<SettingOutlined />} data-testid="parametri">
        {t('spese.parametri')}
      </Button>
    </Popover>
  );
}

export function NoteAdminPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [params] = useSearchParams();
  const { scope, dipendente, routes } = useScope();
  const ufficio = scope === 'tutti';
  const iniziale = params.get('stato');
  const [f, setF] = useState<Filtri>(() => ({ stato: (STATI_NOTA as readonly string[]).includes(iniziale ?? '') ? (iniziale as TStatoNota) : undefined }));
  const [selezione, setSelezione] = useState<Key[]>([]);
  const [aperta, setAperta] = useState<number | null>(null);
  const { page, size, setPage, tableProps } = useServerPaging(20);
  const set = (patch: Partial<Filtri>) => {
    setF((o) => ({ ...o, ...patch }));
    setPage(1);
    setSelezione([]);
  };
  const query = {
    stato: f.stato, dipendente_id: f.dipendente_id, reparto_id: f.reparto_id, mese: f.mese ? f.mese.format('YYYY-MM') : undefined, commessa_id: f.commessa_id,
    search: f.search?.trim() || undefined,
  };
  const lista = useQuery({
    queryKey: ['spese', 'note', 'admin', query, page, size],
    queryFn: () => call(OPS_SPESE.elenco, { query: { ...query, page, size } }),
    placeholderData: keepPreviousData,
  });
  const rows = lista.data?.rows ?? [];
  const refresh = () => qc.invalidateQueries({ queryKey: ['spese'] });
  const propria = (r: TNotaSpeseRow) => r.dipendente_id === dipendente?.id;
  const approvaNota = useApprovaNota(refresh);

  async function excel() {
    try {
      saveFile(await download(OPS_SPESE.excel, { query }), 'note-spese.xlsx');
    } catch {
      /* notified */
    }
  }

  const columns: ColumnsType<TNotaSpeseRow> = [
    {
      key: 'dipendente', title: t('spese.dipendente'),
      render: (_, r) => (
        <div>
          <div>{r.dipendente_nome}</div>
          <div className="tl-spese-meta">
            {r.matricola}
            {r.reparto_descrizione ? ` · ${r.reparto_descrizione}` : ''}
          </div>
        </div>
      ),
    },
    {
      key: 'nota', title: t('spese.nota'),
      render: (_, r) => (
        <div>
          <Typography.Link onClick={() => setAperta(r.id)}>{r.descrizione}</Typography.Link>
          <div className="tl-spese-meta">{trasfertaTesto(r, t)}</div>
          {r.n_avvisi ? <div className="tl-spese-meta">{t('spese.righe_con_avvisi', { count: r.n_avvisi })}</div> : null}
        </div>
      ),
    },
    { key: 'stato', title: t('spese.stato'), render: (_, r) => <StatoNotaTag stato={r.stato} /> },
    { key: 'totale', title: t('spese.totale'), align: 'right', render: (_, r) => <span className="tl-spese-num">{euro(r.totali.importo_eur)}</span> },
    {
      key: 'split', title: t('spese.esente_imponibile'), align: 'right',
      render: (_, r) => (
        <div className="tl-spese-num">
          <div>{euro(r.totali.esente)}</div>
          <div className={r.totali.imponibile ? 'is-imponibile' : 'tl-spese-meta'}>{euro(r.totali.imponibile)}</div>
        </div>
      ),
    },
    { key: 'da_liquidare', title: t('spese.da_liquidare'), align: 'right', render: (_, r) => <span className="tl-spese-num">{euro(r.totali.da_liquidare)}</span> },
    {
      key: 'azioni', title: t('ui.azioni'), fixed: 'right', width: 200,
      render: (_, r) => {
        const chi = `${r.dipendente_nome}, ${r.descrizione}`;
        const decide = !propria(r);
        // each action says its word (a first-time user reads, not guesses icons); two lines when there are four
        return (
          <Space size={[2, 0]} wrap data-testid={`azioni-nota-${r.id}`}>
            <Button type="link" size="small" icon={<FolderOpenOutlined />} aria-label={t('spese.apri_nota', { nota: chi })} onClick={() => setAperta(r.id)}>
              {t('spese.apri')}
            </Button>
            {routes.includes('speseadmin') && r.stato !== 'bozza' ? (
              <Button type="link" size="small" icon={<AuditOutlined />} aria-label={t('spese.rivedi_di', { nota: chi })} onClick={() => navigate(`/speseadmin/${r.id}`)} data-testid={`rivedi-${r.id}`}>
                {t('spese.rivedi')}
              </Button>
            ) : null}
            {decide && r.stato === 'inviata' ? (
              <Button
                type="link"
                size="small"
                icon={<CheckOutlined />}
                aria-label={t('spese.approva_di', { nota: chi })}
                data-testid={`approva-${r.id}`}
                onClick={() => void approvaNota.approva(r.id, r.n_avvisi)}
              >
                {t('spese.approva')}
              </Button>
            ) : null}
            {decide && (r.stato === 'inviata' || r.stato === 'approvata') ? (
              <MotivoButton
                type="link"
                size="small"
                icon={<RollbackOutlined />}
                label={t('spese.rifiuta')}
                ariaLabel={t('spese.rifiuta_di', { nota: chi })}
                title={t('spese.rifiuta_titolo')}
                conferma={t('spese.rifiuta')}
                testId={`rifiuta-${r.id}`}
                onConfirm={async (motivo) => {
                  await call(OPS_SPESE.rifiuta, { params: { id: r.id }, body: { motivo } });
                  await refresh();
                }}
              />
            ) : null}
            {decide && ufficio && r.stato === 'approvata' ? (
              <LiquidaButton ids={[r.id]} onDone={refresh} type="text" size="small" ariaLabel={t('spese.liquida_di', { nota: chi })} testId={`liquida-${r.id}`} />
            ) : null}
          </Space>
        );
      },
    },
  ];

  const tot = lista.data?.totali;
  const selezionabili = (r: TNotaSpeseRow) => ufficio && r.stato === 'approvata' && !propria(r);
  return (
    <div data-testid="note-admin">
      {approvaNota.holder}
      <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.notaspesaadmin')}
          </Typography.Title>
        </Col>
        <Col>
          <Space wrap>
            {ufficio ? (
              <LiquidaButton
                ids={selezione.map(Number)}
                disabled={!selezione.length}
                label={t('spese.liquida_selezionate', { count: selezione.length })}
                testId="liquida-selezionate"
                onDone={() => {
                  setSelezione([]);
                  return refresh();
                }}
              />
            ) : null}
            {ufficio ? <PagheButton /> : null}
            {ufficio ? <ParametriButton /> : null}
          </Space>
        </Col>
      </Row>
      <Card>
        <Row gutter={[12, 12]} align="middle" style={{ marginBottom: 12 }}>
          <Col>
            <SearchInput allowClear aria-label={t('spese.cerca')} placeholder={t('spese.cerca')} style={{ width: 220 }} onSearch={(v) => set({ search: v })} />
          </Col>
          <Col>
            <Select<TStatoNota>
              allowClear
              aria-label={t('spese.stato')}
              placeholder={t('spese.tutti_gli_stati')}
              style={{ width: 170 }}
              value={f.stato}
              options={STATI_NOTA.map((s) => ({ value: s, label: t(`spese.stato_${s}`) }))}
              onChange={(v) => set({ stato: v })}
              data-testid="filtro-stato"
            />
          </Col>
          <Col>
            <DipendenteSelect allowClear style={{ width: 220 }} value={f.dipendente_id} onChange={((v?: number) => set({ dipendente_id: v })) as never} />
          </Col>
          {scope !== 'proprio' ? (
            <Col>
              <RepartoSelect value={f.reparto_id} onChange={(v) => set({ reparto_id: v })} style={{ width: 200 }} />
            </Col>
          ) : null}
          <Col>
            <DatePicker picker="month" format="MM/YYYY" value={f.mese ?? null} onChange={(d) => set({ mese: d })} aria-label={t('spese.mese')} placeholder={t('spese.mese')} />
          </Col>
          <Col>
            <LookupSelect path={RES_COMMESSE.path} numeric aria-label={t('spese.commessa')} placeholder={t('spese.commessa')} style={{ width: 180 }} value={f.commessa_id} onChange={((v?: number) => set({ commessa_id: v })) as never} />
          </Col>
          <Col>
            <Space>
              <Tooltip title={t('ui.aggiorna')}>
                <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void lista.refetch()} />
              </Tooltip>
              <Button icon={<FileExcelOutlined />} onClick={() => void excel()} data-testid="note-excel">
                {t('ui.esporta_excel')}
              </Button>
            </Space>
          </Col>
        </Row>
        {lista.isError && !lista.data ? <Alert type="error" showIcon title={t('ui.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
        <div data-testid="note-admin-tabella">
          <Table<TNotaSpeseRow>
            size="middle"
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={lista.isFetching}
            {...tableFit}
            onRow={(r) => ({ 'data-testid': `nota-${r.id}` }) as React.HTMLAttributes<HTMLTableRowElement>}
            rowSelection={
              ufficio
                ? {
                    selectedRowKeys: selezione,
                    onChange: setSelezione,
                    getCheckboxProps: (r) => ({ disabled: !selezionabili(r), 'aria-label': t('spese.seleziona_nota', { nota: `${r.dipendente_nome}, ${r.descrizione}` }) }) as never,
                  }
                : undefined
            }
            locale={{ emptyText: t('spese.nessuna_nota') }}
            summary={() =>
              tot && rows.length ? (
                <Table.Summary.Row className="tl-spese-summary" data-testid="note-totali">
                  <Table.Summary.Cell index={0} colSpan={(ufficio ? 1 : 0) + 3}>
                    {t('spese.totali_filtro', { count: lista.data?.total ?? 0 })}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {euro(tot.importo_eur)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    <div>{euro(tot.esente)}</div>
                    <div>{euro(tot.imponibile)}</div>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    {euro(tot.da_liquidare)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={7} />
                </Table.Summary.Row>
              ) : null
            }
            {...tableProps(lista.data?.total ?? 0)}
          />
        </div>
      </Card>
      <Drawer open={aperta !== null} onClose={() => setAperta(null)} size={screens.lg ? 1000 : '100%'} title={t('spese.nota_spese')} destroyOnHidden>
        {aperta ? <NotaDettaglio id={aperta} admin onGone={() => setAperta(null)} /> : null}
      </Drawer>
    </div>
  );
}
