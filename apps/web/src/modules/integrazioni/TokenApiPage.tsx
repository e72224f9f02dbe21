/**
 * /integrazioni/token: API tokens for other systems' machines (issue #32 §3). A new token is shown once, in a modal with
 * a copy button; the list never has the secret; a revocation takes effect at the token's next request.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Modal, Popconfirm, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { SecretOnceModal } from '../../components/SecretOnceModal';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { ZTokenApiInput, type TTokenApi } from '@tulip/contract';
import { OPS_TOKEN_API, RES_PROFILI, RES_UTENTI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDate, formatDateTime, UI_DATE, type Dayjs } from '../../platform/formats';
import { notifyPositive } from '../../platform/notifications/store';
import { LookupSelect } from '../../components/LookupSelect';
import { requiredRule } from '../../components/formRules';
import { useZodSubmit } from '../../components/useZodSubmit';
import { tableFit } from '../../components/tableFit';

const QUERY_KEY = ['integrazioni', 'token'];

/** The secret of a new token, shown once with a copy button and a warning. */
function TokenModal({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceModal
      value={token}
      onClose={onClose}
      inputId="token-api-segreto"
      testIds={{ root: 'token-creato', value: 'token-segreto', close: 'token-chiudi' }}
      texts={{
        title: t('integrazioni.token_creato'), alert: t('integrazioni.token_avviso'), instructions: t('integrazioni.token_istruzioni'), label: t('integrazioni.token'),
        copy: t('integrazioni.copia'), copied: t('integrazioni.copiato'), copiedNotice: t('integrazioni.token_copiato'), close: t('integrazioni.token_ho_copiato'),
      }}
    />
  );
}

type FormValues = { nome?: string; profilo_id?: number; utente_id?: number | null; scadenza?: Dayjs | null };

/** The form of a new token: its name, the profile it acts with, an optional last day. */
function NuovoTokenModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (token: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const { saving, submit } = useZodSubmit(form, { fields: ['nome', 'profilo_id', 'utente_id', 'scadenza'] });

  const save = () =>
    submit(
      ZTokenApiInput,
      (v: FormValues) => ({ nome: v.nome, profilo_id: v.profilo_id, utente_id: v.utente_id ?? null, scadenza: v.scadenza ? v.scadenza.format('YYYY-MM-DD') : null }),
      async (body) => {
        const creato = (await call(OPS_TOKEN_API.tokenCrea, { body }, { notifySuccess: false })).data;
        await qc.invalidateQueries({ queryKey: QUERY_KEY });
        form.resetFields();
        onClose();
        onCreated(creato.token);
      },
    );

  return (
    <Modal
      open={open}
      title={t('integrazioni.token_nuovo')}
      onCancel={onClose}
      okText={t('integrazioni.token_crea')}
      cancelText={t('ui.annulla')}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('integrazioni.token_nuovo_testo')}</Typography.Paragraph>
      <Form form={form} name="token-api" layout="vertical" onFinish={() => void save()} data-testid="token-form">
        <Form.Item name="nome" label={t('integrazioni.nome')} extra={t('integrazioni.nome_extra')} rules={[requiredRule(t, 'integrazioni.nome')]}>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="profilo_id" label={t('integrazioni.profilo')} extra={t('integrazioni.profilo_extra')} rules={[requiredRule(t, 'integrazioni.profilo')]}>
          <LookupSelect numeric path={RES_PROFILI.path} />
        </Form.Item>
        <Form.Item name="utente_id" label={t('integrazioni.utente')} extra={t('integrazioni.utente_extra')}>
          <LookupSelect numeric path={RES_UTENTI.path} placeholder={t('integrazioni.nessun_utente')} />
        </Form.Item>
        <Form.Item name="scadenza" label={t('integrazioni.scadenza')} extra={t('integrazioni.scadenza_extra')}>
          <DatePicker format={UI_DATE} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function StatoTag({ r }: { r: TTokenApi }) {
  const { t } = useTranslation();
  if (r.revocato_il) return <Tag>{t('integrazioni.stato_revocato')}</Tag>;
  if (r.scadenza && r.scadenza < new Date().toISOString().slice(0, 10)) return <Tag color="orange">{t('integrazioni.stato_scaduto')}</Tag>;
  return <Tag color="green">{t('integrazioni.stato_attivo')}</Tag>;
}

export function TokenApiPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [nuovo, setNuovo] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const list = useQuery({ queryKey: QUERY_KEY, queryFn: () => call(OPS_TOKEN_API.tokenElenco) });

  async function revoca(r: TTokenApi) {
    try {
      await call(OPS_TOKEN_API.tokenRevoca, { params: { id: r.id } }, { notifySuccess: false });
      notifyPositive(t('integrazioni.revocato_ok'));
      await qc.invalidateQueries({ queryKey: QUERY_KEY });
    } catch {
      /* notified */
    }
  }

  const columns: ColumnsType<TTokenApi> = [
    { key: 'nome', title: t('integrazioni.nome'), render: (_, r) => <Typography.Text strong>{r.nome}</Typography.Text> },
    { key: 'profilo', title: t('integrazioni.profilo'), render: (_, r) => (r.utente ? `${r.profilo} · ${r.utente}` : r.profilo) },
    { key: 'stato', title: t('integrazioni.stato'), render: (_, r) => <StatoTag r={r} /> },
    { key: 'scadenza', title: t('integrazioni.scadenza'), render: (_, r) => (r.scadenza ? formatDate(r.scadenza) : t('integrazioni.nessuna_scadenza')) },
    { key: 'creato', title: t('integrazioni.creato'), render: (_, r) => `${formatDateTime(r.creato_il)}${r.creato_da ? ` · ${r.creato_da}` : ''}` },
    { key: 'ultimo_uso', title: t('integrazioni.ultimo_uso'), render: (_, r) => (r.ultimo_uso ? formatDateTime(r.ultimo_uso) : t('integrazioni.mai_usato')) },
    { key: 'revocato_il', title: t('integrazioni.revocato_il'), render: (_, r) => (r.revocato_il ? formatDateTime(r.revocato_il) : '') },
    {
      key: 'azioni', title: t('ui.azioni'), fixed: 'right', width: 80,
      render: (_, r) =>
        r.revocato_il ? null : (
          <Popconfirm
            title={t('integrazioni.revoca_conferma', { nome: r.nome })}
            description={t('integrazioni.revoca_testo')}
            okText={t('integrazioni.revoca')}
            okButtonProps={{ danger: true }}
            cancelText={t('ui.annulla')}
            onConfirm={() => revoca(r)}
          >
            <Tooltip title={t('integrazioni.revoca')}>
              <Button type="text" size="small" danger icon={<StopOutlined />} aria-label={t('integrazioni.revoca')} data-testid="token-revoca" />
            </Tooltip>
          </Popconfirm>
        ),
    },
  ];

  return (
    <div data-testid="token-api">
      <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.integrazioni.token')}
          </Typography.Title>
        </Col>
        <Col>
          <Space wrap>
            <Tooltip title={t('ui.aggiorna')}>
              <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void list.refetch()} />
            </Tooltip>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setNuovo(true)} data-testid="token-nuovo">
              {t('integrazioni.token_nuovo')}
            </Button>
          </Space>
        </Col>
      </Row>
      <Alert type="info" showIcon title={t('integrazioni.token_intro')} style={{ marginBottom: 16 }} />
      <Card>
        {list.isError && !list.data ? <Alert type="error" showIcon title={t('ui.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
        <Table<TTokenApi>
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          {...tableFit}
          pagination={false}
          locale={{ emptyText: t('integrazioni.nessun_token') }}
        />
      </Card>
      <NuovoTokenModal open={nuovo} onClose={() => setNuovo(false)} onCreated={setToken} />
      <TokenModal token={token} onClose={() => setToken(null)} />
    </div>
  );
}
