/** /visite/linkvisitatore: invite a visitor by e-mail to register on the public page; the links sent and their state. */
import { useState } from 'react';
import { CAMPO_FORM, visitaAttesaBody, type VisitaAttesaValues } from './visitaAttesa';
import { LookupSelect } from '../../components/LookupSelect';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { SecretOnceModal } from '../../components/SecretOnceModal';
import type { ColumnsType } from 'antd/es/table';
import { MailOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { STATI_LINK_VISITATORE, ZLinkVisitatore, type TLinkCreato, type TLinkVisitatoreRiga, type TStatoLinkVisitatore } from '@tulip/contract';
import { OPS_VISITE, RES_MOTIVI_VISITA, RES_REFERENTI_VISITA, RES_TIPI_VISITATORE } from '@tulip/contract/wire';
import { call, listOf } from '../../platform/api';
import { dayjs, formatDateTime, UI_DATE } from '../../platform/formats';
import { ListPage } from '../../components/ListPage';
import { useZodSubmit } from '../../components/useZodSubmit';
import { ApprovazioneTag, giorniDi, orarioDi, usePermessiAutorizzazioni } from './AutorizzazioniPage';
import { COLORE_STATO_LINK, visitatoreDi } from './api';
import { requiredRule, timeRule } from '../../components/formRules';
import { TimeField } from '../../components/TimeField';

const UI_TIME = 'HH:mm';
const LINGUE = ['it', 'en'] as const;

export function StatoLinkTag({ stato }: { stato: TStatoLinkVisitatore }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORE_STATO_LINK[stato] ?? 'default'} data-testid="link-stato">
      {t(`visite.link_stato_${stato}`, { defaultValue: stato })}
    </Tag>
  );
}

// ---- the link, shown once ----------------------------------------------------------------------------

function LinkCreatoModal({ link, onClose }: { link: TLinkCreato | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceModal
      value={link ? link.url : null}
      onClose={onClose}
      inputId="link-visitatore-url"
      testIds={{ root: 'link-creato', value: 'link-creato-url', copy: 'link-creato-copia', close: 'link-creato-chiudi' }}
      texts={{
        title: t('visite.link_generato'), alert: t('visite.link_generato_testo', { email: link?.email ?? '' }), alertType: 'success', alertIcon: <MailOutlined />,
        label: t('visite.link_url'), copy: t('visite.link_copia'), copied: t('visite.link_copiato'), copiedNotice: t('visite.link_copiato_notifica'), close: t('visite.chiudi'),
      }}
    />
  );
}

// ---- the invitation form -----------------------------------------------------------------------------

type FormValues = VisitaAttesaValues;
const CAMPI = ['email', 'nome', 'cognome', 'azienda', 'tipo_id', 'motivo_id', 'referente_id', 'note', 'lingua'] as const;
const CAMPI_FORM = [...CAMPI, 'giorni', 'ora_da', 'ora_a'];

function InvitoForm({ onCreato }: { onCreato: (l: TLinkCreato) => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const { desk, admin } = usePermessiAutorizzazioni();
  const [form] = Form.useForm<FormValues>();
  const { saving, submit } = useZodSubmit(form, { fields: CAMPI_FORM, fieldOf: CAMPO_FORM });
  const tipoId = Form.useWatch('tipo_id', form);

  // Type flags (approval needed): read when allowed, quietly otherwise.
  const tipi = useQuery({
    queryKey: ['visite', 'tipi-flag', 100],
    queryFn: () => listOf(RES_TIPI_VISITATORE, { page: 1, size: 100 }, { notifyError: false }),
    staleTime: 60_000,
    retry: false,
    select: (a) => (Array.isArray(a?.rows) ? a.rows : []),
  });
  const tipo = tipi.data?.find((x) => x.id === tipoId);

  const iniziali = (): FormValues => {
    const oggi = dayjs().startOf('day');
    return { giorni: [oggi, oggi], ora_da: oggi.hour(8), ora_a: oggi.hour(18), lingua: i18n.language === 'en' ? 'en' : 'it' };
  };

  const [initialValues] = useState(iniziali);

  const save = () =>
    submit(ZLinkVisitatore, (v) => visitaAttesaBody(v, CAMPI), async (data) => {
      const creato = (await call(OPS_VISITE.invitaLink, { body: data })).data;
      await qc.invalidateQueries({ queryKey: ['visite'] });
      const { lingua, referente_id } = form.getFieldsValue(true) as FormValues;
      form.resetFields();
      form.setFieldsValue({ ...iniziali(), lingua, referente_id });
      if (creato && typeof creato.url === 'string') onCreato(creato);
    });

  return (
    <Card title={t('visite.link_invita')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('visite.link_invita_testo')}</Typography.Paragraph>
      <Form form={form} name="link-visitatore" layout="vertical" initialValues={initialValues} onFinish={() => void save()} data-testid="link-form">
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="email" label={t('visite.email')} extra={t('visite.link_email_extra')} rules={[requiredRule(t, 'visite.email'), { type: 'email' as const }]}>
              <Input type="email" maxLength={254} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="nome" label={t('visite.nome')}>
              <Input maxLength={80} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="cognome" label={t('visite.cognome')}>
              <Input maxLength={80} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="azienda" label={t('visite.azienda')}>
              <Input maxLength={120} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="tipo_id" label={t('visite.tipo')} rules={[requiredRule(t, 'visite.tipo')]}>
              <LookupSelect numeric path={RES_TIPI_VISITATORE.path} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="motivo_id" label={t('visite.motivo')} rules={[requiredRule(t, 'visite.motivo')]}>
              <LookupSelect numeric path={RES_MOTIVI_VISITA.path} />
            </Form.Item>
          </Col>
          {tipo?.richiede_approvazione ? (
            <Col span={24}>
              <Alert type="warning" showIcon title={t('visite.aut_richiede_approvazione')} style={{ marginBottom: 16 }} data-testid="link-richiede-approvazione" />
            </Col>
          ) : null}
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="giorni" label={t('visite.aut_giorni')} rules={[requiredRule(t, 'visite.aut_giorni')]}>
              <DatePicker.RangePicker format={UI_DATE} allowClear={false} placeholder={[t('visite.data_dal'), t('visite.data_al')]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={4}>
            <Form.Item name="ora_da" label={t('visite.aut_dalle')} rules={[requiredRule(t, 'visite.aut_dalle'), timeRule(t)]}>
              <TimeField format={UI_TIME} minuteStep={5} allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={4}>
            <Form.Item name="ora_a" label={t('visite.aut_alle')} rules={[requiredRule(t, 'visite.aut_alle'), timeRule(t)]}>
              <TimeField format={UI_TIME} minuteStep={5} allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {desk || admin ? (
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="referente_id" label={t('visite.referente')} extra={t('visite.aut_referente_extra')}>
                <LookupSelect numeric path={RES_REFERENTI_VISITA.path} />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="lingua" label={t('visite.link_lingua')}>
              <Select options={LINGUE.map((l) => ({ value: l, label: t(`visite.lingua_${l}`) }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="note" label={t('visite.note')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={saving} data-testid="link-invia">
            {t('visite.link_invia')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

// ---- row actions -------------------------------------------------------------------------------------

function AzioniLink({ l, onReinviato }: { l: TLinkVisitatoreRiga; onReinviato: (x: TLinkCreato) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<'reinvia' | 'revoca' | null>(null);
  if (l.stato !== 'inviato' && l.stato !== 'compilato') return null;

  async function reinvia() {
    setBusy('reinvia');
    try {
      const x = (await call(OPS_VISITE.reinviaLink, { params: { id: l.id }, body: undefined })).data;
      await qc.invalidateQueries({ queryKey: ['visite'] });
      if (x && typeof x.url === 'string') onReinviato(x);
    } catch {
      /* notified */
    } finally {
      setBusy(null);
    }
  }

  async function revoca() {
    setBusy('revoca');
    try {
      await call(OPS_VISITE.revocaLink, { params: { id: l.id }, body: undefined });
      await qc.invalidateQueries({ queryKey: ['visite'] });
    } catch {
      /* notified */
    } finally {
      setBusy(null);
    }
  }

  return (
    <Space size={4} wrap={false}>
      <Popconfirm title={t('visite.link_reinvia_conferma')} okText={t('visite.link_reinvia')} cancelText={t('ui.annulla')} onConfirm={() => reinvia()}>
        <Button size="small" icon={<SendOutlined />} loading={busy === 'reinvia'} data-testid="link-reinvia">
          {t('visite.link_reinvia')}
        </Button>
      </Popconfirm>
      {l.puo_revocare ? (
        <Popconfirm
          title={t('visite.link_revoca_conferma')}
          okText={t('visite.link_revoca')}
          okButtonProps={{ danger: true }}
          cancelText={t('ui.annulla')}
          onConfirm={() => revoca()}
        >
          <Button size="small" danger icon={<StopOutlined />} loading={busy === 'revoca'} data-testid="link-revoca">
            {t('visite.link_revoca')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}

// ---- page --------------------------------------------------------------------------------------------

export function LinkVisitatorePage() {
  const { t } = useTranslation();
  const [creato, setCreato] = useState<TLinkCreato | null>(null);

  const colonne: ColumnsType<TLinkVisitatoreRiga> = [
    {
      key: 'visitatore',
      title: t('visite.visitatore'),
      render: (_, l) => {
        const nome = visitatoreDi({ nome: l.nome, cognome: l.cognome, azienda: null });
        return (
          <Space orientation="vertical" size={0}>
            {nome ? <Typography.Text strong>{nome}</Typography.Text> : null}
            {l.azienda ? <span>{l.azienda}</span> : null}
            {nome || l.azienda ? <Typography.Text type="secondary">{l.email}</Typography.Text> : <Typography.Text strong>{l.email}</Typography.Text>}
          </Space>
        );
      },
    },
    {
      key: 'quando',
      title: t('visite.aut_giorni'),
      render: (_, l) => (
        <Space orientation="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
          <span>{giorniDi(l)}</span>
          <Typography.Text type="secondary">{orarioDi(l)}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'tipo',
      title: `${t('visite.tipo')} / ${t('visite.motivo')}`,
      render: (_, l) => (
        <Space orientation="vertical" size={0}>
          <span>{l.tipo_descrizione ?? ''}</span>
          <Typography.Text type="secondary">{l.motivo_descrizione ?? ''}</Typography.Text>
        </Space>
      ),
    },
    { key: 'referente', title: t('visite.referente'), render: (_, l) => l.referente_nome ?? '' },
    {
      key: 'stato',
      title: t('visite.aut_stato'),
      render: (_, l) => (
        <Space size={4} wrap>
          <StatoLinkTag stato={l.stato} />
          <ApprovazioneTag a={l} />
        </Space>
      ),
    },
    {
      key: 'codice',
      title: t('visite.link_codice'),
      render: (_, l) =>
        l.codice ? (
          <Typography.Text code style={{ whiteSpace: 'nowrap' }} data-testid="link-codice">
            {l.codice}
          </Typography.Text>
        ) : (
          ''
        ),
    },
    { key: 'inviato', title: t('visite.link_inviato_il'), render: (_, l) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.inviato_il)}</span> },
  ];

  return (
    <ListPage
      op={OPS_VISITE.link}
      queryKey={['visite', 'link']}
      title="menu.visite.linkvisitatore"
      intro={<InvitoForm onCreato={setCreato} />}
      listTitle="visite.link_elenco"
      filters={[
        { type: 'search', name: 'search', label: 'visite.link_cerca', width: 280 },
        { type: 'select', name: 'stato', label: 'visite.aut_stato', placeholder: 'visite.aut_tutti_gli_stati', width: 180, options: STATI_LINK_VISITATORE.map((s) => ({ value: s, label: `visite.link_stato_${s}` })) },
      ]}
      columns={colonne}
      rowActions={(l) => <AzioniLink l={l} onReinviato={setCreato} />}
      emptyText="visite.link_nessuno"
      testId="link-visitatori"
      tableTestId="link-tabella"
    >
      <LinkCreatoModal link={creato} onClose={() => setCreato(null)} />
    </ListPage>
  );
}
