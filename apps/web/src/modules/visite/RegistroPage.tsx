import { ListPage } from '../../components/ListPage';
import { LookupSelect } from '../../components/LookupSelect';
import { solidColors } from '../../platform/colors';
import { noteEmailExpandable } from './noteEmail';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Drawer, Form, Input, Row, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AlertOutlined, FileExcelOutlined, LogoutOutlined, PlusOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { ZVisitaIngresso, type TAutorizzazioneVisita, type TCampoObbligatorioVisita, type TVisita, type TVisitaPrecedente } from '@tulip/contract';
import { OPS_VISITE, RES_MOTIVI_VISITA, RES_REFERENTI_VISITA, RES_TIPI_VISITATORE } from '@tulip/contract/wire';
import { call, download, listOf } from '../../platform/api';
import { saveFile } from '../../platform/download';
import { dayjs, formatDateTime, type Dayjs } from '../../platform/formats';
import { formBody, useZodSubmit } from '../../components/useZodSubmit';
import { visitatoreDi } from './api';
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
        await call(OPS_VISITE.ingresso, { body: data });
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

// ---- today's short lists ----------------------------------------------------------------------------

/** A card of today's short list (on site now, expected today): its count, a refresh, the rows without paging. */
function ListaOggi<T extends { id: number }>(props: {
  /** Translation keys of the title and of the text of an empty list. */
  titolo: string;
  colore: string;
  testId: string;
  conteggioTestId: string;
  lista: UseQueryResult<{ rows: T[] }>;
  colonne: ColumnsType<T>;
  vuota: string;
}) {
  const { t } = useTranslation();
  const { lista } = props;
  const righe = Array.isArray(lista.data?.rows) ? lista.data.rows : [];
  return (
    <Card
      title={
        <Space>
          {t(props.titolo)}
          <Tag color={righe.length ? props.colore : 'default'} data-testid={props.conteggioTestId}>
            {righe.length}
          </Tag>
        </Space>
      }
      extra={
        <Tooltip title={t('ui.aggiorna')}>
          <Button size="small" icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} loading={lista.isFetching} onClick={() => void lista.refetch()} />
        </Tooltip>
      }
      style={{ marginBottom: 16 }}
      data-testid={props.testId}
    >
      <Table<T>
        size="small"
        rowKey="id"
        columns={props.colonne}
        dataSource={righe}
        loading={lista.isLoading}
        {...tableFit}
        locale={{ emptyText: t(props.vuota) }}
        pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
      />
    </Card>
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

  const presenti = useQuery({
    queryKey: ['visite', 'registro', 'presenti'],
    queryFn: () => call(OPS_VISITE.elenco, { query: { presenti: 'si', page: 1, size: 500 } }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  const attesi = useQuery({
    queryKey: ['visite', 'registro', 'attesi'],
    queryFn: () => call(OPS_VISITE.autorizzazioni, { query: { oggi: 'si', stato: 'attiva', page: 1, size: 500 } }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });

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

  async function esporta([dal, al]: [Dayjs, Dayjs]) {
    setExporting(true);
    try {
      const periodo = { dal: dal.format(WIRE_DATE), al: al.format(WIRE_DATE) };
      const file = await download(OPS_VISITE.excel, { query: periodo });
      saveFile(file, `visite_${periodo.dal}_${periodo.al}.xlsx`);
    } catch {
      /* notified */
    } finally {
      setExporting(false);
    }
  }

  const evacuazioneAperta = (aperta: boolean) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (aperta) n.set('evacuazione', '1');
      else n.delete('evacuazione');
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

  const colonnePresenti: ColumnsType<TVisita> = [
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

  const colonneAttesi: ColumnsType<TAutorizzazioneVisita> = [
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

  const colonneStorico: ColumnsType<TVisita> = [
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

  const oggi = dayjs().startOf('day');
  return (
    <ListPage
      op={OPS_VISITE.elenco}
      queryKey={['visite', 'registro', 'storico']}
      title="menu.visite.registro"
      actions={
        <>
          <Button icon={<AlertOutlined />} danger onClick={() => evacuazioneAperta(true)}>
            {t('visite.lista_evacuazione')}
          </Button>
          <IngressoCodiceButton />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setIngresso(true)}>
            {t('visite.nuovo_ingresso')}
          </Button>
        </>
      }
      intro={
        <>
          <ListaOggi lista={presenti} colonne={colonnePresenti} titolo="visite.in_sede_ora" vuota="visite.nessuno_in_sede" colore="green" testId="visitatori-presenti" conteggioTestId="presenti-conteggio" />
          <ListaOggi lista={attesi} colonne={colonneAttesi} titolo="visite.aut_attesi_oggi" vuota="visite.aut_nessun_atteso" colore="blue" testId="attesi-oggi" conteggioTestId="attesi-conteggio" />
        </>
      }
      listTitle="visite.storico"
      listTestId="storico-visite"
      filters={[
        { type: 'dateRange', name: 'periodo', label: 'visite.periodo', params: ['dal', 'al'], placeholders: ['visite.data_dal', 'visite.data_al'] },
        { type: 'search', name: 'search', label: 'visite.cerca' },
        { type: 'select', name: 'tipo_id', label: 'visite.tutti_i_tipi', lookup: RES_TIPI_VISITATORE.path },
        { type: 'select', name: 'referente_id', label: 'visite.tutti_i_referenti', lookup: RES_REFERENTI_VISITA.path },
      ]}
      defaults={{ periodo: [oggi, oggi], search: '', tipo_id: null, referente_id: null }}
      toolbar={({ values }) => (
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void esporta(values.periodo)}>
          {t('visite.esporta_excel')}
        </Button>
      )}
      columns={colonneStorico}
      expandable={noteEmailExpandable<TVisita>(t)}
      testId="registro-visite"
    >
      <IngressoDrawer open={ingresso} onClose={() => setIngresso(false)} />
      {evacuazione ? <EvacuazioneView onClose={() => evacuazioneAperta(false)} /> : null}
    </ListPage>
  );
}
