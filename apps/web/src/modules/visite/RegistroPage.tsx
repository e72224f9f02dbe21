import { useServerPaging } from '../../components/serverPaging';
import { LookupSelect } from '../../components/LookupSelect';
import { SearchInput } from '../../components/SearchInput';
import { solidColors } from '../../platform/colors';
import { noteEmailExpandable } from './noteEmail';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Drawer, Form, Input, Row, Select, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { AlertOutlined, FileExcelOutlined, LogoutOutlined, PlusOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { OPS_VISITE, RES_MOTIVI_VISITA, RES_REFERENTI_VISITA, RES_TIPI_VISITATORE, ZVisitaIngresso, type TAutorizzazioneVisita, type TCampoObbligatorioVisita, type TVisita, type TVisitaPrecedente } from '@tulip/contract';
import { call, download, listOf } from '../../platform/api';
import { saveFile } from '../../platform/download';
import { dayjs, formatDateTime, UI_DATE, type Dayjs } from '../../platform/formats';
import { useLookup } from '../../platform/queries';
import { formBody, useZodSubmit } from '../../components/useZodSubmit';
import { type BodyOf, type TipoVisitatore, visitatoreDi } from './api';
import { ApprovazioneTag, giorniDi, orarioDi, TipoAutTag } from './AutorizzazioniPage';
import { FaiEntrareButton } from './FaiEntrare';
import { DocumentoBadgeFields } from './CampiDocumento';
import { IngressoCodiceButton } from './IngressoCodice';
import './visite.css';
import { requiredRule } from '../../components/formRules';
import { tableFit } from '../../components/tableFit';

const REFRESH_MS = 30_000;
const WIRE_DATE = 'YYYY-MM-DD';

function ora(ts: string | null | undefined): string {
  if (!ts) return '';
  const d = dayjs(ts);
  return d.isSame(dayjs(), 'day') ? d.format('HH:mm') : formatDateTime(ts);
}

function TipoTag({ v }: { v: Pick<TVisita, 'tipo_descrizione' | 'colore_badge'> }) {
  if (!v.tipo_descrizione) return null;
  return (
    <Tag style={v.colore_badge ? { ...solidColors(v.colore_badge), borderColor: solidColors(v.colore_badge).background } : undefined}>
      {v.tipo_descrizione}
    </Tag>
  );
}

/** Lookup select used as a list filter. */
function FiltroLookup({ path, label, value, onChange }: { path: string; label: string; value: number | null; onChange: (v: number | null) => void }) {
  const { t } = useTranslation();
  const lookup = useLookup(path);
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={label}
      placeholder={label}
      notFoundContent={t('ui.nessun_dato')}
      loading={lookup.isLoading}
      options={(lookup.data ?? []).map((o) => ({ value: Number(o.value), label: o.label }))}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      style={{ width: 200 }}
    />
  );
}

// ---- check-in form ---------------------------------------------------------------------------------

type IngressoValues = {
  nome?: string;
  cognome?: string;
  azienda?: string;
  email?: string;
  tipo_id?: number;
  motivo_id?: number;
  referente_id?: number;
  documento_tipo?: string;
  documento_numero?: string;
  badge?: string;
  note?: string;
};
const CAMPI_INGRESSO: (keyof IngressoValues)[] = [
  'nome',
  'cognome',
  'azienda',
  'email',
  'tipo_id',
  'motivo_id',
  'referente_id',
  'documento_tipo',
  'documento_numero',
  'badge',
  'note',
];

/** "Visitatore già registrato": searches earlier visitors and hands the chosen one to the form. */
function PrecedenteSearch({ onPick }: { onPick: (p: TVisitaPrecedente) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setTerm(text.trim()), 300);
    return () => clearTimeout(h);
  }, [text]);
  const query = useQuery({
    queryKey: ['visite', 'precedenti', term],
    queryFn: () => call(OPS_VISITE.precedenti, { query: { search: term } }),
    enabled: term.length >= 2,
    staleTime: 30_000,
    select: (a) => (Array.isArray(a) ? a : []),
  });
  const list = term.length >= 2 ? (query.data ?? []) : [];
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text, autoClearSearchValue: false }}
      aria-label={t('visite.precedente')}
      placeholder={t('visite.precedente_placeholder')}
      notFoundContent={term.length >= 2 && !query.isFetching ? t('ui.nessun_dato') : null}
      loading={query.isFetching}
      value={null}
      style={{ width: '100%' }}
      options={list.map((p, i) => ({
        value: i,
        label: [`${p.cognome} ${p.nome}`, p.azienda, p.ultima_visita ? t('visite.precedente_ultima', { data: formatDateTime(p.ultima_visita) }) : null]
          .filter(Boolean)
          .join(' · '),
      }))}
      onChange={(i) => {
        const p = list[i];
        if (p) onPick(p);
        setText('');
      }}
    />
  );
}

function IngressoDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<IngressoValues>();
  const { saving, submit } = useZodSubmit(form, { fields: CAMPI_INGRESSO, messageFields: { 'avvisi.badge_in_uso': 'badge' } });
  const tipoId = Form.useWatch('tipo_id', form);

  // Type flags (desk reminders) and the required fields of the parameters: read when allowed.
  const tipi = useQuery({
    queryKey: ['visite', 'tipi-flag'],
    queryFn: () => listOf(RES_TIPI_VISITATORE, { page: 1, size: 1000 }, { notifyError: false }),
    enabled: open,
    staleTime: 60_000,
    retry: false,
    select: (a) => (Array.isArray(a?.rows) ? a.rows : []),
  });
  const parametri = useQuery({
    queryKey: ['visite', 'parametri'],
    queryFn: () => call(OPS_VISITE.parametri, {}, { notifyError: false }),
    enabled: open,
    staleTime: 60_000,
    retry: false,
  });
  const obbligatori = new Set<string>(Array.isArray(parametri.data?.campi_obbligatori) ? parametri.data.campi_obbligatori : []);
  const tipo = tipi.data?.find((x) => x.id === tipoId);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  function pick(p: TVisitaPrecedente) {
    form.setFieldsValue({
      nome: p.nome ?? undefined,
      cognome: p.cognome ?? undefined,
      azienda: p.azienda ?? undefined,
      email: p.email ?? undefined,
      tipo_id: p.tipo_id ?? undefined,
    });
  }

  const save = () =>
    submit(
      ZVisitaIngresso,
      (v) => formBody(v, CAMPI_INGRESSO),
      async (data) => {
        await call(OPS_VISITE.ingresso, { body: data as BodyOf<typeof OPS_VISITE.ingresso> });
        await qc.invalidateQueries({ queryKey: ['visite', 'registro'] });
        onClose();
      },
    );

  const req = (name: TCampoObbligatorioVisita) => (obbligatori.has(name) ? [requiredRule(t, `visite.${name}`)] : undefined);

  return (
    <Drawer
      open={open}
      forceRender
      size={640}
      title={t('visite.nuovo_ingresso')}
      onClose={onClose}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('ui.annulla')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('visite.registra_ingresso')}
          </Button>
        </Space>
      }
    >
      <div style={{ marginBottom: 16 }}>
        <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
          {t('visite.precedente')}
        </Typography.Text>
        <PrecedenteSearch onPick={pick} />
      </div>
      <Form form={form} name="ingresso" layout="vertical" onFinish={() => void save()} data-testid="ingresso-form">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="nome" label={t('visite.nome')} rules={[requiredRule(t, 'visite.nome')]}>
              <Input maxLength={80} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="cognome" label={t('visite.cognome')} rules={[requiredRule(t, 'visite.cognome')]}>
              <Input maxLength={80} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="azienda" label={t('visite.azienda')} rules={req('azienda')}>
              <Input maxLength={120} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('visite.email')} rules={[...(req('email') ?? []), { type: 'email' as const }]}>
              <Input type="email" maxLength={254} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="tipo_id" label={t('visite.tipo')} rules={[requiredRule(t, 'visite.tipo')]}>
              <LookupSelect numeric path={RES_TIPI_VISITATORE.path} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="motivo_id" label={t('visite.motivo')} rules={[requiredRule(t, 'visite.motivo')]}>
              <LookupSelect numeric path={RES_MOTIVI_VISITA.path} />
            </Form.Item>
          </Col>
          {tipo && (tipo.briefing_sicurezza || tipo.accompagnamento || tipo.dpi_richiesti) ? (
            <Col span={24}>
              <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }} data-testid="ingresso-avvisi">
                {tipo.briefing_sicurezza ? <Alert type="warning" showIcon title={t('visite.avviso_briefing')} /> : null}
                {tipo.accompagnamento ? <Alert type="info" showIcon title={t('visite.avviso_accompagnamento')} /> : null}
                {tipo.dpi_richiesti ? <Alert type="warning" showIcon title={t('visite.avviso_dpi')} /> : null}
              </Space>
            </Col>
          ) : null}
          <Col span={24}>
            <Form.Item name="referente_id" label={t('visite.referente')} rules={[requiredRule(t, 'visite.referente')]}>
              <LookupSelect numeric path={RES_REFERENTI_VISITA.path} />
            </Form.Item>
          </Col>
          <DocumentoBadgeFields obbligatori={obbligatori} />
          <Col span={24}>
            <Form.Item name="note" label={t('visite.note')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Drawer>
  );
}

// ---- evacuation list -------------------------------------------------------------------------------

function EvacuazioneView({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['visite', 'registro', 'evacuazione'], queryFn: () => call(OPS_VISITE.evacuazione), staleTime: 0 });
  const dip = Array.isArray(query.data?.dipendenti) ? query.data.dipendenti : [];
  const vis = Array.isArray(query.data?.visitatori) ? query.data.visitatori : [];
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div className="tl-evac-root" data-testid="evacuazione" role="dialog" aria-modal="true" aria-labelledby="tl-evac-title">
      <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={2} id="tl-evac-title" style={{ margin: 0 }}>
            {t('visite.evacuazione_titolo')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('visite.evacuazione_generata', { data: formatDateTime(query.data?.generato_il ?? dayjs().format('YYYY-MM-DDTHH:mm:ss')) })}
          </Typography.Text>
        </Col>
        <Col className="tl-no-print">
          <Space>
            <Button icon={<ReloadOutlined />} loading={query.isFetching} aria-label={t('ui.aggiorna')} onClick={() => void query.refetch()} />
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={query.isLoading}>
              {t('visite.stampa')}
            </Button>
            <Button onClick={onClose}>{t('visite.chiudi')}</Button>
          </Space>
        </Col>
      </Row>
      {query.isError && !query.data ? <Alert type="error" showIcon title={t('consultazione.errore_caricamento')} /> : null}
      <Typography.Title level={4}>{t('visite.evacuazione_dipendenti', { count: dip.length })}</Typography.Title>
      <table className="tl-evac-table" data-testid="evacuazione-dipendenti">
        <thead>
          <tr>
            <th>{t('visite.matricola')}</th>
            <th>{t('visite.cognome')}</th>
            <th>{t('visite.nome')}</th>
            <th>{t('visite.reparto')}</th>
            <th>{t('visite.entrata')}</th>
            <th className="tl-evac-check">{t('visite.presente')}</th>
          </tr>
        </thead>
        <tbody>
          {dip.length ? (
            dip.map((d) => (
              <tr key={`${d.matricola}-${d.cognome}`}>
                <td>{d.matricola}</td>
                <td>{d.cognome}</td>
                <td>{d.nome}</td>
                <td>{d.reparto_descrizione ?? ''}</td>
                <td>{ora(d.entrata)}</td>
                <td className="tl-evac-check">☐</td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={6}>{query.isLoading ? t('app.caricamento') : t('ui.nessuno')}</td>
            </tr>
          )}
        </tbody>
      </table>
      <Typography.Title level={4}>{t('visite.evacuazione_visitatori', { count: vis.length })}</Typography.Title>
      <table className="tl-evac-table" data-testid="evacuazione-visitatori">
        <thead>
          <tr>
            <th>{t('visite.badge')}</th>
            <th>{t('visite.cognome')}</th>
            <th>{t('visite.nome')}</th>
            <th>{t('visite.azienda')}</th>
            <th>{t('visite.referente')}</th>
            <th>{t('visite.entrata')}</th>
            <th className="tl-evac-check">{t('visite.presente')}</th>
          </tr>
        </thead>
        <tbody>
          {vis.length ? (
            vis.map((v) => (
              <tr key={v.id}>
                <td>{v.badge ?? ''}</td>
                <td>{v.cognome}</td>
                <td>{v.nome}</td>
                <td>{v.azienda ?? ''}</td>
                <td>{v.referente_nome ?? ''}</td>
                <td>{ora(v.entrata)}</td>
                <td className="tl-evac-check">☐</td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={7}>{query.isLoading ? t('app.caricamento') : t('ui.nessuno')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}

// ---- page ------------------------------------------------------------------------------------------

/** /visite/registro: visitors on site, check-in/out, history with filters, evacuation list. */
export function RegistroVisitePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const evacuazione = params.get('evacuazione') === '1';
  const [ingresso, setIngresso] = useState(false);
  const [uscendo, setUscendo] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);

  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('day'), dayjs().startOf('day')]);
  const [search, setSearch] = useState('');
  const [tipoId, setTipoId] = useState<number | null>(null);
  const [referenteId, setReferenteId] = useState<number | null>(null);
  const { page, size, setPage, tableProps } = useServerPaging();

  const presenti = useQuery({
    queryKey: ['visite', 'registro', 'presenti'],
    queryFn: () => call(OPS_VISITE.elenco, { query: { presenti: 'si', page: 1, size: 500 } }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  const inSede = Array.isArray(presenti.data?.rows) ? presenti.data.rows : [];

  const attesi = useQuery({
    queryKey: ['visite', 'registro', 'attesi'],
    queryFn: () => call(OPS_VISITE.autorizzazioni, { query: { oggi: 'si', stato: 'attiva', page: 1, size: 500 } }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  const attesiOggi = Array.isArray(attesi.data?.rows) ? attesi.data.rows : [];

  const filtri = useMemo(
    () => ({
      dal: periodo[0].format(WIRE_DATE),
      al: periodo[1].format(WIRE_DATE),
      search: search || undefined,
      tipo_id: tipoId ?? undefined,
      referente_id: referenteId ?? undefined,
    }),
    [periodo, search, tipoId, referenteId],
  );
  const storico = useQuery({
    queryKey: ['visite', 'registro', 'storico', { ...filtri, page, size }],
    queryFn: () => call(OPS_VISITE.elenco, { query: { ...filtri, page, size } }),
    placeholderData: keepPreviousData,
  });
  const righe = Array.isArray(storico.data?.rows) ? storico.data.rows : [];
  const totale = typeof storico.data?.total === 'number' ? storico.data.total : righe.length;

  async function uscita(v: TVisita) {
    setUscendo(v.id);
    try {
      await call(OPS_VISITE.uscita, { params: { id: v.id }, body: {} });
      await qc.invalidateQueries({ queryKey: ['visite', 'registro'] });
    } catch {
      /* notified */
    } finally {
      setUscendo(null);
    }
  }

  async function esporta() {
    setExporting(true);
    try {
      const file = await download(OPS_VISITE.excel, { query: { dal: filtri.dal, al: filtri.al } });
      saveFile(file, `visite_${filtri.dal}_${filtri.al}.xlsx`);
    } catch {
      /* notified */
    } finally {
      setExporting(false);
    }
  }

  const apriEvacuazione = () => setParams((p) => {
    const n = new URLSearchParams(p);
    n.set('evacuazione', '1');
    return n;
  });
  const chiudiEvacuazione = () => setParams((p) => {
    const n = new URLSearchParams(p);
    n.delete('evacuazione');
    return n;
  });

  const nomeCognome = (v: TVisita) => (
    <span>
      <Typography.Text strong>
        {v.nome} {v.cognome}
      </Typography.Text>
      {v.anonimizzata ? (
        <Tag style={{ marginInlineStart: 8 }}>{t('visite.anonimizzata')}</Tag>
      ) : null}
    </span>
  );

  const colonnePresenti: TableProps<TVisita>['columns'] = [
    { key: 'entrata', title: t('visite.entrata'), width: 110, render: (_, v) => ora(v.entrata) },
    { key: 'visitatore', title: t('visite.visitatore'), render: (_, v) => nomeCognome(v) },
    { key: 'azienda', title: t('visite.azienda'), render: (_, v) => v.azienda ?? '' },
    { key: 'tipo', title: t('visite.tipo'), render: (_, v) => <TipoTag v={v} /> },
    { key: 'referente', title: t('visite.referente'), render: (_, v) => v.referente_nome ?? '' },
    { key: 'badge', title: t('visite.badge'), render: (_, v) => (v.badge ? <Typography.Text code>{v.badge}</Typography.Text> : '') },
    {
      key: 'azioni',
      title: t('ui.azioni'),
      align: 'right',
      fixed: 'right',
      width: 120,
      render: (_, v) => (
        <Button size="small" icon={<LogoutOutlined />} loading={uscendo === v.id} onClick={() => void uscita(v)}>
          {t('visite.uscita')}
        </Button>
      ),
    },
  ];

  const colonneAttesi: TableProps<TAutorizzazioneVisita>['columns'] = [
    { key: 'orario', title: t('visite.aut_orario'), width: 110, render: (_, a) => orarioDi(a) },
    { key: 'visitatore', title: t('visite.visitatore'), render: (_, a) => <Typography.Text strong>{visitatoreDi(a)}</Typography.Text> },
    { key: 'azienda', title: t('visite.azienda'), render: (_, a) => a.azienda ?? '' },
    { key: 'tipo', title: t('visite.tipo'), render: (_, a) => <TipoAutTag a={a} /> },
    { key: 'motivo', title: t('visite.motivo'), render: (_, a) => a.motivo_descrizione ?? '' },
    { key: 'referente', title: t('visite.referente'), render: (_, a) => a.referente_nome ?? '' },
    { key: 'giorni', title: t('visite.aut_giorni'), render: (_, a) => (a.dal === a.al ? '' : giorniDi(a)) },
    { key: 'approvazione', title: t('visite.aut_approvazione'), render: (_, a) => <ApprovazioneTag a={a} /> },
    {
      key: 'azioni',
      title: t('ui.azioni'),
      align: 'right',
      fixed: 'right',
      width: 140,
      render: (_, a) => (a.puo_entrare ? <FaiEntrareButton aut={a} /> : null),
    },
  ];

  const colonneStorico: TableProps<TVisita>['columns'] = [
    { key: 'entrata', title: t('visite.entrata'), render: (_, v) => formatDateTime(v.entrata) },
    {
      key: 'uscita',
      title: t('visite.ora_uscita'),
      render: (_, v) => (v.uscita ? formatDateTime(v.uscita) : <Tag color="green">{t('visite.in_sede_ora')}</Tag>),
    },
    { key: 'visitatore', title: t('visite.visitatore'), render: (_, v) => nomeCognome(v) },
    { key: 'azienda', title: t('visite.azienda'), render: (_, v) => v.azienda ?? '' },
    { key: 'tipo', title: t('visite.tipo'), render: (_, v) => <TipoTag v={v} /> },
    { key: 'motivo', title: t('visite.motivo'), render: (_, v) => v.motivo_descrizione ?? '' },
    { key: 'referente', title: t('visite.referente'), render: (_, v) => v.referente_nome ?? '' },
    { key: 'badge', title: t('visite.badge'), render: (_, v) => v.badge ?? '' },
    {
      key: 'documento',
      title: t('visite.documento'),
      render: (_, v) =>
        v.documento_tipo || v.documento_numero ? (
          <span>
            {v.documento_tipo ? t(`visite.doc_${v.documento_tipo}`, { defaultValue: v.documento_tipo }) : ''} {v.documento_numero ?? ''}
          </span>
        ) : (
          ''
        ),
    },
  ];

  return (
    <div data-testid="registro-visite">
      <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.visite.registro')}
          </Typography.Title>
        </Col>
        <Col>
          <Space wrap>
            <Button icon={<AlertOutlined />} danger onClick={apriEvacuazione}>
              {t('visite.lista_evacuazione')}
            </Button>
            <IngressoCodiceButton />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIngresso(true)}>
              {t('visite.nuovo_ingresso')}
            </Button>
          </Space>
        </Col>
      </Row>

      <Card
        title={
          <Space>
            {t('visite.in_sede_ora')}
            <Tag color={inSede.length ? 'green' : 'default'} data-testid="presenti-conteggio">
              {inSede.length}
            </Tag>
          </Space>
        }
        extra={
          <Tooltip title={t('ui.aggiorna')}>
            <Button size="small" icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} loading={presenti.isFetching} onClick={() => void presenti.refetch()} />
          </Tooltip>
        }
        style={{ marginBottom: 16 }}
        data-testid="visitatori-presenti"
      >
        <Table<TVisita>
          size="small"
          rowKey="id"
          columns={colonnePresenti}
          dataSource={inSede}
          loading={presenti.isLoading}
          {...tableFit}
          locale={{ emptyText: t('visite.nessuno_in_sede') }}
          pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
        />
      </Card>

      <Card
        title={
          <Space>
            {t('visite.aut_attesi_oggi')}
            <Tag color={attesiOggi.length ? 'blue' : 'default'} data-testid="attesi-conteggio">
              {attesiOggi.length}
            </Tag>
          </Space>
        }
        extra={
          <Tooltip title={t('ui.aggiorna')}>
            <Button size="small" icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} loading={attesi.isFetching} onClick={() => void attesi.refetch()} />
          </Tooltip>
        }
        style={{ marginBottom: 16 }}
        data-testid="attesi-oggi"
      >
        <Table<TAutorizzazioneVisita>
          size="small"
          rowKey="id"
          columns={colonneAttesi}
          dataSource={attesiOggi}
          loading={attesi.isLoading}
          {...tableFit}
          locale={{ emptyText: t('visite.aut_nessun_atteso') }}
          pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
        />
      </Card>

      <Card title={t('visite.storico')} data-testid="storico-visite">
        <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
          <Col>
            <DatePicker.RangePicker
              allowClear={false}
              format={UI_DATE}
              aria-label={t('visite.periodo')}
              placeholder={[t('visite.data_dal'), t('visite.data_al')]}
              value={periodo}
              onChange={(v) => {
                if (v?.[0] && v[1]) {
                  setPeriodo([v[0], v[1]]);
                  setPage(1);
                }
              }}
            />
          </Col>
          <Col>
            <SearchInput
              allowClear
              aria-label={t('visite.cerca')}
              placeholder={t('visite.cerca')}
              style={{ width: 240 }}
              onSearch={(v) => {
                setSearch(v.trim());
                setPage(1);
              }}
            />
          </Col>
          <Col>
            <FiltroLookup
              path={RES_TIPI_VISITATORE.path}
              label={t('visite.tutti_i_tipi')}
              value={tipoId}
              onChange={(v) => {
                setTipoId(v);
                setPage(1);
              }}
            />
          </Col>
          <Col>
            <FiltroLookup
              path={RES_REFERENTI_VISITA.path}
              label={t('visite.tutti_i_referenti')}
              value={referenteId}
              onChange={(v) => {
                setReferenteId(v);
                setPage(1);
              }}
            />
          </Col>
          <Col>
            <Space>
              <Tooltip title={t('ui.aggiorna')}>
                <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void storico.refetch()} />
              </Tooltip>
              <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void esporta()}>
                {t('visite.esporta_excel')}
              </Button>
            </Space>
          </Col>
        </Row>
        <Table<TVisita>
          size="middle"
          rowKey="id"
          columns={colonneStorico}
          dataSource={righe}
          loading={storico.isFetching}
          {...tableFit}
          locale={{ emptyText: t('ui.nessun_dato') }}
          expandable={noteEmailExpandable<TVisita>(t)}
          {...tableProps(totale)}
        />
      </Card>

      <IngressoDrawer open={ingresso} onClose={() => setIngresso(false)} />
      {evacuazione ? <EvacuazioneView onClose={chiudiEvacuazione} /> : null}
    </div>
  );
}
