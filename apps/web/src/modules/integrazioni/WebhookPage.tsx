import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TWebhook, TWebhookConsegna } from '@tulip/contract';
import { OPS_INTEGRAZIONI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDateTime } from '../../platform/formats';

const STATO_COLORS: Record<string, string> = { in_attesa: 'blue', consegnata: 'green', fallita: 'red' };
type Edit = { id?: number; url: string; eventi: string[]; attivo: boolean };

/** /webhook: the subscriptions (a new one shows its secret once), the recent deliveries with their attempts, resend. */
export function WebhookPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Edit | null>(null);
  const [segreto, setSegreto] = useState<string | null>(null);
  const [soloFallite, setSoloFallite] = useState(false);
  const [form] = Form.useForm<Edit>();
  const eventi = useQuery({ queryKey: ['webhook-eventi'], queryFn: () => call(OPS_INTEGRAZIONI.eventi) });
  const subs = useQuery({ queryKey: ['webhooks'], queryFn: () => call(OPS_INTEGRAZIONI.elenco) });
  const consegne = useQuery({
    queryKey: ['webhook-consegne', soloFallite],
    queryFn: () => call(OPS_INTEGRAZIONI.consegne, { query: { size: 100, ...(soloFallite ? { stato: 'fallita' as const } : {}) } }),
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
      if (r.segreto) setSegreto(r.segreto);
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => call(OPS_INTEGRAZIONI.elimina, { params: { id } }), onSuccess: refresh });
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
        <Button type="primary" onClick={() => open({ url: 'https://', eventi: [], attivo: true })}>
          {t('webhook.nuovo')}
        </Button>
      </Space>

      <Card title={t('webhook.sottoscrizioni')} size="small" style={{ marginBottom: 16 }}>
        <Table<TWebhook>
          rowKey="id"
          size="small"
          loading={subs.isLoading}
          dataSource={subs.data?.rows ?? []}
          pagination={false}
          columns={[
            { key: 'url', title: t('webhook.url'), dataIndex: 'url', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
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
                  <Popconfirm title={t('webhook.elimina_conferma')} onConfirm={() => remove.mutate(r.id)}>
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
              <Table
                rowKey="numero"
                size="small"
                pagination={false}
                dataSource={r.elenco_tentativi}
                columns={[
                  { key: 'numero', title: '#', dataIndex: 'numero' },
                  { key: 'ts', title: t('webhook.creato_il'), render: (_, a) => formatDateTime(a.ts) },
                  { key: 'esito', title: t('webhook.esito'), render: (_, a) => (a.stato_http === null ? t('webhook.nessuna_risposta') : `HTTP ${a.stato_http}`) },
                  { key: 'errore', title: '', dataIndex: 'errore' },
                  { key: 'durata', title: '', render: (_, a) => t('webhook.durata', { ms: a.durata_ms }) },
                ]}
              />
            ),
          }}
          columns={[
            { key: 'creato_il', title: t('webhook.creato_il'), render: (_, r) => formatDateTime(r.creato_il) },
            { key: 'evento', title: t('webhook.evento'), dataIndex: 'evento' },
            { key: 'url', title: t('webhook.url'), dataIndex: 'url', ellipsis: true },
            { key: 'stato', title: t('webhook.stato'), render: (_, r) => statoTag(r.stato) },
            { key: 'tentativi', title: t('webhook.tentativi'), dataIndex: 'tentativi' },
            { key: 'prossimo', title: t('webhook.prossimo_tentativo'), render: (_, r) => formatDateTime(r.prossimo_tentativo) },
            {
              key: 'azioni',
              title: '',
              render: (_, r) =>
                r.stato === 'in_attesa' ? null : (
                  <Button size="small" loading={resend.isPending && resend.variables === r.id} onClick={() => resend.mutate(r.id)}>
                    {t('webhook.reinvia')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>

      <Modal
        open={!!editing}
        title={t(editing?.id ? 'webhook.modifica' : 'webhook.nuovo')}
        onCancel={() => setEditing(null)}
        onOk={() => void form.validateFields().then((v) => save.mutate({ ...v, id: editing?.id }))}
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

      <Modal open={!!segreto} title={t('webhook.segreto')} onOk={() => setSegreto(null)} onCancel={() => setSegreto(null)} cancelButtonProps={{ style: { display: 'none' } }}>
        <Alert type="warning" showIcon message={t('webhook.segreto_una_volta')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable code data-testid="webhook-segreto">
          {segreto}
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}
