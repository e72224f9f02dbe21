import { ListPage } from '../../components/ListPage';
import { CAMPO_FORM, visitaAttesaBody, type VisitaAttesaValues } from './visitaAttesa';
import { LookupSelect } from '../../components/LookupSelect';
import { solidColors } from '../../platform/colors';
import { noteEmailExpandable } from './noteEmail';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Drawer, Form, Input, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, CloseOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { STATI_AUTORIZZAZIONE_VISITA, ZAutorizzazione, type TAutorizzazioneVisita } from '@tulip/contract';
import { OPS_VISITE, RES_MOTIVI_VISITA, RES_REFERENTI_VISITA, RES_TIPI_VISITATORE } from '@tulip/contract/wire';
import { call, listOf } from '../../platform/api';
import { useSession } from '../../platform/session';
import { dayjs, formatDate, UI_DATE } from '../../platform/formats';
import { useZodSubmit } from '../../components/useZodSubmit';
import { FaiEntrareButton } from './FaiEntrare';
import { COLORE_APPROVAZIONE, COLORE_STATO, visitatoreDi } from './api';
import { requiredRule, timeRule } from '../../components/formRules';
import { TimeField } from '../../components/TimeField';

const UI_TIME = 'HH:mm';
const hhmm = (s: string | null | undefined) => (s ? s.slice(0, 5) : '');

/** What the logged user may do on authorisations (routes of the session). */
export function usePermessiAutorizzazioni() {
  const { defs } = useSession();
  const routes = Array.isArray(defs?.routes) ? defs.routes : [];
  return { desk: routes.includes('visite.registro'), admin: routes.includes('visite.parametri') };
}

export function TipoAutTag({ a }: { a: Pick<TAutorizzazioneVisita, 'tipo_descrizione' | 'colore_badge'> }) {
  if (!a.tipo_descrizione) return null;
  return (
    <Tag style={a.colore_badge ? { ...solidColors(a.colore_badge), borderColor: solidColors(a.colore_badge).background } : undefined}>
      {a.tipo_descrizione}
    </Tag>
  );
}

export function StatoTag({ a }: { a: Pick<TAutorizzazioneVisita, 'stato'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORE_STATO[a.stato] ?? 'default'} data-testid="autorizzazione-stato">
      {t(`visite.stato_${a.stato}`, { defaultValue: a.stato })}
    </Tag>
  );
}

export function ApprovazioneTag({ a }: { a: Pick<TAutorizzazioneVisita, 'approvazione'> }) {
  const { t } = useTranslation();
  if (!a.approvazione || a.approvazione === 'non_richiesta') return null;
  return (
    <Tag color={COLORE_APPROVAZIONE[a.approvazione] ?? 'default'} data-testid="autorizzazione-approvazione">
      {t(`visite.approvazione_${a.approvazione}`, { defaultValue: a.approvazione })}
    </Tag>
  );
}

export const giorniDi = (a: Pick<TAutorizzazioneVisita, 'dal' | 'al'>) => (a.dal === a.al ? formatDate(a.dal) : `${formatDate(a.dal)} – ${formatDate(a.al)}`);
export const orarioDi = (a: Pick<TAutorizzazioneVisita, 'ora_da' | 'ora_a'>) => `${hhmm(a.ora_da)}–${hhmm(a.ora_a)}`;

// ---- new authorisation -----------------------------------------------------------------------------

type FormValues = VisitaAttesaValues;
const CAMPI = ['referente_id', 'nome', 'cognome', 'azienda', 'email', 'tipo_id', 'motivo_id', 'dal', 'al', 'ora_da', 'ora_a', 'note'] as const;

function AutorizzazioneDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { desk, admin } = usePermessiAutorizzazioni();
  const [form] = Form.useForm<FormValues>();
  const { saving, submit } = useZodSubmit(form, { fields: [...CAMPI, 'giorni'], fieldOf: CAMPO_FORM });
  const tipoId = Form.useWatch('tipo_id', form);

  // Type flags (as the register does): read when allowed, quietly otherwise.
  const tipi = useQuery({
    queryKey: ['visite', 'tipi-flag', 100],
    queryFn: () => listOf(RES_TIPI_VISITATORE, { page: 1, size: 100 }, { notifyError: false }),
    enabled: open,
    staleTime: 60_000,
    retry: false,
    select: (a) => (Array.isArray(a?.rows) ? a.rows : []),
  });
  const tipo = tipi.data?.find((x) => x.id === tipoId);

  const iniziali = (): FormValues => {
    const oggi = dayjs().startOf('day');
    return { giorni: [oggi, oggi], ora_da: oggi.hour(8), ora_a: oggi.hour(18) };
  };

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(iniziali());
    }
  }, [open, form]);

  const save = () =>
    submit(
      ZAutorizzazione,
      (v) => visitaAttesaBody(v, ['referente_id', 'nome', 'cognome', 'azienda', 'email', 'tipo_id', 'motivo_id', 'note'] as const),
      async (data) => {
        await call(OPS_VISITE.autorizza, { body: data });
        await qc.invalidateQueries({ queryKey: ['visite'] });
        onClose();
      },
    );

  return (
    <Drawer
      open={open}
      forceRender
      size={640}
      title={t('visite.aut_nuova')}
      onClose={onClose}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('ui.annulla')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="autorizzazione-salva">
            {t('visite.aut_salva')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="autorizzazione" layout="vertical" onFinish={() => void save()} data-testid="autorizzazione-form">
        <Row gutter={16}>
          {desk || admin ? (
            <Col span={24}>
              <Form.Item name="referente_id" label={t('visite.referente')} extra={t('visite.aut_referente_extra')}>
                <LookupSelect numeric path={RES_REFERENTI_VISITA.path} />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} sm={12}>
            <Form.Item name="nome" label={t('visite.nome')}>
              <Input maxLength={80} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="cognome" label={t('visite.cognome')}>
              <Input maxLength={80} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="azienda" label={t('visite.azienda')}>
              <Input maxLength={120} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('visite.email')} rules={[{ type: 'email' as const }]}>
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
          {tipo?.richiede_approvazione ? (
            <Col span={24}>
              <Alert type="warning" showIcon title={t('visite.aut_richiede_approvazione')} style={{ marginBottom: 16 }} data-testid="autorizzazione-richiede-approvazione" />
            </Col>
          ) : null}
          <Col span={24}>
            <Form.Item name="giorni" label={t('visite.aut_giorni')} rules={[requiredRule(t, 'visite.aut_giorni')]}>
              <DatePicker.RangePicker format={UI_DATE} allowClear={false} placeholder={[t('visite.data_dal'), t('visite.data_al')]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="ora_da" label={t('visite.aut_dalle')} rules={[requiredRule(t, 'visite.aut_dalle'), timeRule(t)]}>
              <TimeField format={UI_TIME} minuteStep={5} allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="ora_a" label={t('visite.aut_alle')} rules={[requiredRule(t, 'visite.aut_alle'), timeRule(t)]}>
              <TimeField format={UI_TIME} minuteStep={5} allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
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

// ---- row actions -----------------------------------------------------------------------------------

/** Approve/reject (administrators), revoke (active), let in (desk, when allowed today). */
export function AzioniAutorizzazione({ a }: { a: TAutorizzazioneVisita }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { desk, admin } = usePermessiAutorizzazioni();
  const [busy, setBusy] = useState<string | null>(null);

  async function azione(nome: 'approva' | 'rifiuta' | 'revoca') {
    setBusy(nome);
    try {
      await call(OPS_VISITE[nome], { params: { id: a.id }, body: {} });
      await qc.invalidateQueries({ queryKey: ['visite'] });
    } catch {
      /* notified */
    } finally {
      setBusy(null);
    }
  }

  return (
    <Space size={4} wrap={false}>
      {a.puo_entrare && desk ? <FaiEntrareButton aut={a} /> : null}
      {a.approvazione === 'in_attesa' && admin ? (
        <>
          <Button size="small" icon={<CheckOutlined />} loading={busy === 'approva'} onClick={() => void azione('approva')} data-testid="autorizzazione-approva">
            {t('visite.aut_approva')}
          </Button>
          <Popconfirm title={t('visite.aut_rifiuta_conferma')} okText={t('visite.aut_rifiuta')} cancelText={t('ui.annulla')} onConfirm={() => azione('rifiuta')}>
            <Button size="small" danger icon={<CloseOutlined />} loading={busy === 'rifiuta'} data-testid="autorizzazione-rifiuta">
              {t('visite.aut_rifiuta')}
            </Button>
          </Popconfirm>
        </>
      ) : null}
      {a.puo_revocare ? (
        <Popconfirm title={t('visite.aut_revoca_conferma')} okText={t('visite.aut_revoca')} cancelText={t('ui.annulla')} onConfirm={() => azione('revoca')}>
          <Button size="small" icon={<StopOutlined />} loading={busy === 'revoca'} data-testid="autorizzazione-revoca">
            {t('visite.aut_revoca')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}

// ---- page ------------------------------------------------------------------------------------------

/** /visite/autorizzazioni: expected visits authorised in advance, their approval, check-in at the desk. */
export function AutorizzazioniPage() {
  const { t } = useTranslation();
  const [nuova, setNuova] = useState(false);

  const colonne: ColumnsType<TAutorizzazioneVisita> = [
    { key: 'giorni', title: t('visite.aut_giorni'), render: (_, a) => <span style={{ whiteSpace: 'nowrap' }}>{giorniDi(a)}</span> },
    { key: 'orario', title: t('visite.aut_orario'), render: (_, a) => orarioDi(a) },
    { key: 'visitatore', title: t('visite.visitatore'), render: (_, a) => <Typography.Text strong>{visitatoreDi(a)}</Typography.Text> },
    { key: 'azienda', title: t('visite.azienda'), render: (_, a) => a.azienda ?? '' },
    { key: 'tipo', title: t('visite.tipo'), render: (_, a) => <TipoAutTag a={a} /> },
    { key: 'motivo', title: t('visite.motivo'), render: (_, a) => a.motivo_descrizione ?? '' },
    { key: 'referente', title: t('visite.referente'), render: (_, a) => a.referente_nome ?? '' },
    { key: 'stato', title: t('visite.aut_stato'), render: (_, a) => <StatoTag a={a} /> },
    { key: 'approvazione', title: t('visite.aut_approvazione'), render: (_, a) => <ApprovazioneTag a={a} /> },
  ];

  return (
    <ListPage
      op={OPS_VISITE.autorizzazioni}
      queryKey={['visite', 'autorizzazioni']}
      title="menu.visite.autorizzazioni"
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setNuova(true)} data-testid="autorizzazione-nuova">
          {t('visite.aut_nuova')}
        </Button>
      }
      filters={[
        // "only today" stands for the period, which waits disabled meanwhile
        { type: 'dateRange', name: 'periodo', label: 'visite.periodo', params: ['dal', 'al'], clearable: true, placeholders: ['visite.data_dal', 'visite.data_al'], disabled: (v) => v.oggi === true },
        { type: 'select', name: 'stato', label: 'visite.aut_stato', placeholder: 'visite.aut_tutti_gli_stati', width: 180, options: STATI_AUTORIZZAZIONE_VISITA.map((s) => ({ value: s, label: `visite.stato_${s}` })) },
        { type: 'switch', name: 'oggi', label: 'visite.aut_solo_oggi', on: 'si', testId: 'autorizzazioni-oggi' },
      ]}
      columns={colonne}
      rowActions={(a) => <AzioniAutorizzazione a={a} />}
      expandable={noteEmailExpandable<TAutorizzazioneVisita>(t)}
      emptyText="visite.aut_nessuna"
      testId="autorizzazioni"
    >
      <AutorizzazioneDrawer open={nuova} onClose={() => setNuova(false)} />
    </ListPage>
  );
}
