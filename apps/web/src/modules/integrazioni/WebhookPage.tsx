import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { SecretOnceModal } from '../../components/SecretOnceModal';
import { ReloadOutlined } from '@ant-design/icons';
import { ZParametriWebhook, type TParametriWebhook, type TWebhook, type TWebhookConsegna } from '@tulip/contract';
import { OPS_INTEGRAZIONI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDateTime } from '../../platform/formats';
import { requiredRule } from '../../components/formRules';
import { SettingsCard, useSettingsForm } from '../../components/SettingsPage';

const STATO_COLORS: Record<string, string> = { in_attesa: 'blue', consegnata: 'green', fallita: 'red' };
type Edit = { id?: number; url: string; eventi: string[]; attivo: boolean };
/** A secret shown once: a new subscription's, or a rotation's (with until when the old one still signs). */
type Shown = { segreto: string; fino?: string };
/** The lists refresh by themselves, sooner while a delivery is on its way: the operator sees it land or fail. */
const REFRESH_MS = 10_000;
const REFRESH_PENDING_MS = 5_000;

/** How the last attempt went: its HTTP status or why none came back. */
function lastOutcome(t: (k: string) => string, r: TWebhookConsegna) {
  const a = r.elenco_tentativi.at(-1);
  if (!a) return '—';
  const status = a.stato_http === null ? t('webhook.nessuna_risposta') : `HTTP ${a.stato_http}`;
  return a.errore && a.errore !== status ? `${status} · ${a.errore}` : status;
}

/** The retention of the delivered deliveries (the job purges older ones). */
function Conservazione() {
  const { t } = useTranslation();
  const settings = useSettingsForm<TParametriWebhook>({
    queryKey: ['webhook-parametri'],
    read: () => call(OPS_INTEGRAZIONI.parametri),
    schema: ZParametriWebhook,
    toBody: (v) => ({ conservazione_giorni: v.conservazione_giorni }),
    write: (body) => call(OPS_INTEGRAZIONI.salvaParametri, { body }),
  });
  return (
    <SettingsCard title="webhook.conservazione" text="webhook.conservazione_aiuto" name="parametri-webhook" settings={settings} testId="webhook-conservazione">
      <Form.Item name="conservazione_giorni" label={t('webhook.conservazione_giorni')} rules={[requiredRule(t, 'webhook.conservazione_giorni')]}>
        <InputNumber min={1} max={3650} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </SettingsCard>
  );
}

/** /webhook: the subscriptions (a new one shows its secret once), the recent deliveries with their attempts, resend. */
export function WebhookPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Edit | null>(null);
  const [segreto, setSegreto] = useState<Shown | null>(null);
  const [soloFallite, setSoloFallite] = useState(false);
  const [form] = Form.useForm<Edit>();
  const eventi = useQuery({ queryKey: ['webhook-eventi'], queryFn: () => call(OPS_INTEGRAZIONI.eventi) });
  const subs = useQuery({ queryKey: ['webhooks'], queryFn: () => call(OPS_INTEGRAZIONI.elenco), refetchInterval: REFRESH_MS });
  const consegne = useQuery({
    queryKey: ['webhook-consegne', soloFallite],
    queryFn: () => call(OPS_INTEGRAZIONI.consegne, { query: { size: 100, ...(soloFallite ? { stato: 'fallita' as const } : {}) } }),
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.stato === 'in_attesa') ? REFRESH_PENDING_MS : REFRESH_MS),
  });
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['webhooks'] }), qc.invalidateQueries({ queryKey: ['webhook-consegne'] })]);

  const save = useMutation({
    mutationFn: async (v: Edit) => {
      const body = { url: v.url, eventi: v.eventi, attivo: v.attivo };
      if (v.id) return { segreto: null, ...(await call(OPS_INTEGRAZIONI.modifica, { params: { id: v.id }, body })) };
      return call(OPS_INTEGRAZIONI.crea, { body });
    },
    onSuccess: async (r) => {
      setEditing(null);
      if (r.segreto) setSegreto({ segreto: r.segreto });
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => call(OPS_INTEGRAZIONI.elimina, { params: { id } }), onSuccess: refresh });
  const rotate = useMutation({
    mutationFn: (id: number) => call(OPS_INTEGRAZIONI.ruotaSegreto, { params: { id } }),
    onSuccess: async (r) => {
      setSegreto({ segreto: r.segreto, fino: r.segreto_precedente_fino });
      await refresh();
    },
  });
  const resend = useMutation({ mutationFn: (id: string) => call(OPS_INTEGRAZIONI.reinvia, { params: { id } }), onSuccess: refresh });

  const open = (e: Edit) => {
    form.setFieldsValue(e);
    setEditing(e);
  };
  const statoTag = (s: string) => <Tag color={STATO_COLORS[s] ?? 'default'}>{t(`webhook.stato_${s}`)}</Tag>;

  return (
    <div data-testid="webhook">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('webhook.titolo')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('webhook.sottotitolo')}</Typography.Text>
        </div>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={subs.isFetching || consegne.isFetching} data-testid="webhook-aggiorna">
            {t('webhook.aggiorna')}
          </Button>
          <Button type="primary" onClick={() => open({ url: 'https://', eventi: [], attivo: true })}>
            {t('webhook.nuovo')}
          </Button>
        </Space>
      </Space>

      <Card title={t('webhook.sottoscrizioni')} size="small" style={{ marginBottom: 16 }} data-testid="webhook-sottoscrizioni">
        <Table<TWebhook>
          rowKey="id"
          size="small"
          loading={subs.isLoading}
          dataSource={subs.data?.rows ?? []}
          pagination={false}
          columns={[
            {
              key: 'url',
              title: t('webhook.url'),
              render: (_, r) => (
                <>
                  <Typography.Text code>{r.url}</Typography.Text>
                  {r.segreto_precedente_fino ? (
                    <div>
                      <Typography.Text type="secondary">{t('webhook.precedente_fino', { fino: formatDateTime(r.segreto_precedente_fino) })}</Typography.Text>
                    </div>
                  ) : null}
                </>
              ),
            },
            { key: 'eventi', title: t('webhook.eventi'), render: (_, r) => r.eventi.map((e) => <Tag key={e}>{e}</Tag>) },
            { key: 'attivo', title: t('webhook.attivo'), render: (_, r) => (r.attivo ? <Tag color="green">{t('webhook.attivo')}</Tag> : <Tag>—</Tag>) },
            { key: 'fallite', title: t('webhook.fallite'), dataIndex: 'fallite', render: (n: number) => (n ? <Tag color="red">{n}</Tag> : '0') },
            { key: 'creata_il', title: t('webhook.creato_il'), render: (_, r) => formatDateTime(r.creata_il) },
            {
              key: 'azioni',
              title: '',
              render: (_, r) => (
                <Space>
                  <Button size="small" onClick={() => open({ id: r.id, url: r.url, eventi: r.eventi, attivo: r.attivo })}>
                    {t('webhook.modifica')}
                  </Button>
                  <Popconfirm title={t('webhook.ruota_conferma')} onConfirm={() => rotate.mutate(r.id)} okText={t('webhook.ruota_segreto')} styles={{ root: { maxWidth: 360 } }}>
                    <Button size="small" loading={rotate.isPending && rotate.variables === r.id}>
                      {t('webhook.ruota_segreto')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm title={t('webhook.elimina_conferma')} onConfirm={() => remove.mutate(r.id)} okText={t('webhook.elimina')} okButtonProps={{ danger: true }}>
                    <Button size="small" danger>
                      {t('webhook.elimina')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <Card
        title={t('webhook.consegne')}
        size="small"
        data-testid="webhook-consegne"
        extra={
          <Space>
            <Switch checked={soloFallite} onChange={setSoloFallite} aria-label={t('webhook.solo_fallite')} />
            <span>{t('webhook.solo_fallite')}</span>
          </Space>
        }
      >
        <Table<TWebhookConsegna>
          rowKey="id"
          size="small"
          loading={consegne.isLoading}
          dataSource={consegne.data?.rows ?? []}
          pagination={{ pageSize: 20 }}
          expandable={{
            expandedRowRender: (r) => (
              <div data-testid="webhook-consegna-dettaglio">
                <Table
                  rowKey="numero"
                  size="small"
                  pagination={false}
                  dataSource={r.elenco_tentativi}
                  columns={[
                    { key: 'numero', title: '#', dataIndex: 'numero' },
                    { key: 'ts', title: t('webhook.tentativo_il'), render: (_, a) => formatDateTime(a.ts) },
                    { key: 'esito', title: t('webhook.esito'), render: (_, a) => (a.stato_http === null ? t('webhook.nessuna_risposta') : `HTTP ${a.stato_http}`) },
                    // the error when it says more than the status ('HTTP 500' twice says nothing)
                    { key: 'errore', title: t('webhook.errore'), render: (_, a) => (a.errore === `HTTP ${a.stato_http}` ? '' : a.errore) },
                    { key: 'durata', title: t('webhook.durata_titolo'), render: (_, a) => t('webhook.durata', { ms: a.durata_ms }) },
                  ]}
                />
                <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
                  {t('webhook.dati')}
                </Typography.Text>
                <pre tabIndex={0} aria-label={t('webhook.dati')} style={{ margin: 0, maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {JSON.stringify(r.dati, null, 2)}
                </pre>
              </div>
            ),
          }}
          columns={[
            { key: 'creato_il', title: t('webhook.creato_il'), render: (_, r) => formatDateTime(r.creato_il) },
            { key: 'evento', title: t('webhook.evento'), render: (_, r) => <Tag>{r.evento}</Tag> },
            { key: 'url', title: t('webhook.url'), dataIndex: 'url', ellipsis: true },
            { key: 'stato', title: t('webhook.stato'), render: (_, r) => statoTag(r.stato) },
            { key: 'tentativi', title: t('webhook.tentativi'), dataIndex: 'tentativi' },
            { key: 'esito', title: t('webhook.ultimo_esito'), render: (_, r) => lastOutcome(t, r) },
            { key: 'prossimo', title: t('webhook.prossimo_tentativo'), render: (_, r) => (r.prossimo_tentativo ? formatDateTime(r.prossimo_tentativo) : '—') },
            {
              key: 'azioni',
              title: '',
              // a pending one too: the receiver is back, and the operator need not wait for the backoff
              render: (_, r) => (
                <Button size="small" loading={resend.isPending && resend.variables === r.id} onClick={() => resend.mutate(r.id)}>
                  {t('webhook.reinvia')}
                </Button>
              ),
            },
          ]}
        />
      </Card>

      <div style={{ marginTop: 16 }}>
        <Conservazione />
      </div>

      <Modal
        open={!!editing}
        title={t(editing?.id ? 'webhook.modifica' : 'webhook.nuovo')}
        onCancel={() => setEditing(null)}
        onOk={() => void form.validateFields().then((v) => save.mutate({ ...v, id: editing?.id }))}
        okText={t('ui.salva')}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="url" label={t('webhook.url')} rules={[{ required: true, message: t('avvisi.campo_richiesto') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="eventi" label={t('webhook.eventi')} rules={[{ required: true, message: t('avvisi.campo_richiesto') }]}>
            <Select mode="multiple" options={(eventi.data ?? []).map((e) => ({ value: e, label: e }))} />
          </Form.Item>
          <Form.Item name="attivo" label={t('webhook.attivo')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>

      <SecretOnceModal
        value={segreto?.segreto ?? null}
        onClose={() => setSegreto(null)}
        inputId="webhook-segreto-valore"
        testIds={{ root: 'webhook-segreto-dialogo', value: 'webhook-segreto' }}
        texts={{
          title: t(segreto?.fino ? 'webhook.segreto_nuovo' : 'webhook.segreto'), alert: t('webhook.segreto_una_volta'), label: t('webhook.segreto'),
          copy: t('webhook.copia'), copied: t('webhook.copiato'), copiedNotice: t('webhook.segreto_copiato'), close: t('ui.chiudi'),
        }}
      >
        {segreto?.fino ? <Typography.Paragraph type="secondary">{t('webhook.segreto_precedente_fino', { fino: formatDateTime(segreto.fino) })}</Typography.Paragraph> : null}
      </SecretOnceModal>
    </div>
  );
}
