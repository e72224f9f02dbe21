/**
 * One expense note (GET dettaglio): its header and trip, the warnings to look at before sending, the live totals, the
 * lines with their split, the advances and the history; only the buttons of the actions the server allows (`azioni`).
 * The employee's screen and HR's drawer both show it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, DatePicker, Form, Input, Popconfirm, Result, Skeleton, Space, Table, Timeline, Tooltip, Typography } from 'antd';
import { AuditOutlined, CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { OPS_SPESE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { useSession } from '../../platform/session';
import { dayjs, formatDate, formatDateTime, UI_DATE, type Dayjs } from '../../platform/formats';
import { MoneyField, moneyRule } from '../../components/MoneyField';
import { requiredRule } from '../../components/formRules';
import { AvvisiRiepilogo, euro, useApprovaNota, PdfButton, RigheNota, TestataNota, TotaliNota, useRiferimenti, type Nota, type Riga } from './common';
import { MotivoButton } from '../../components/MotivoButton';
import { NotaDrawer } from './NotaForm';
import { RigaDrawer } from './RigaForm';
import { LiquidaButton } from './Liquida';

export const notaKey = (id: number) => ['spese', 'nota', id] as const;

export function useNota(id: number | null) {
  return useQuery({ queryKey: notaKey(id ?? 0), queryFn: () => call(OPS_SPESE.dettaglio, { params: { id: id! } }), enabled: !!id });
}

/** Advances of a note: HR records them, they are subtracted at settlement. */
function Anticipi({ nota, onChange }: { nota: Nota; onChange: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ data: Dayjs; importo: number | null; note?: string }>();
  const [busy, setBusy] = useState(false);
  const can = nota.azioni.includes('anticipi');
  if (!can && !nota.anticipi.length) return null;
  async function add() {
    let v;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await call(OPS_SPESE.aggiungiAnticipo, { params: { id: nota.id }, body: { data: v.data.format('YYYY-MM-DD'), importo: v.importo ?? 0, note: v.note?.trim() || null } });
      form.resetFields();
      onChange();
    } catch (e) {
      if (e instanceof ApiError) form.setFields(Object.entries(e.fields).map(([k, m]) => ({ name: k as 'importo', errors: [t(m)] })));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card size="small" title={t('spese.anticipi')} style={{ marginTop: 16 }} data-testid="anticipi">
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={nota.anticipi}
        locale={{ emptyText: t('spese.nessun_anticipo') }}
        columns={[
          { key: 'data', title: t('spese.data'), render: (_, a) => formatDate(a.data) },
          { key: 'importo', title: t('spese.importo'), align: 'right', render: (_, a) => <span className="tl-spese-num">{euro(a.importo)}</span> },
          { key: 'note', title: t('spese.note'), dataIndex: 'note' },
          ...(can
            ? [
                {
                  key: 'azioni', title: t('ui.azioni'), align: 'right' as const,
                  render: (_: unknown, a: Nota['anticipi'][number]) => (
                    <Popconfirm title={t('spese.elimina_anticipo_conferma')} okText={t('ui.elimina')} cancelText={t('ui.annulla')} okButtonProps={{ danger: true }}
                      onConfirm={async () => {
                        await call(OPS_SPESE.eliminaAnticipo, { params: { id: nota.id, riga: a.id } }).catch(() => undefined);
                        onChange();
                      }}
                    >
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('spese.elimina_anticipo_di', { data: formatDate(a.data) })} />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {can ? (
        <Form form={form} layout="inline" style={{ marginTop: 12, rowGap: 8 }} initialValues={{ data: dayjs(), importo: null }} onFinish={() => void add()} data-testid="anticipo-form">
          <Form.Item name="data" label={t('spese.data')} rules={[requiredRule(t, 'spese.data')]}>
            <DatePicker format={UI_DATE} allowClear={false} />
          </Form.Item>
          <Form.Item name="importo" label={t('spese.importo')} rules={[requiredRule(t, 'spese.importo'), moneyRule(t, 'spese.importo')]}>
            <MoneyField />
          </Form.Item>
          <Form.Item name="note" label={t('spese.note')}>
            <Input maxLength={200} style={{ width: 180 }} />
          </Form.Item>
          <Button htmlType="submit" icon={<PlusOutlined />} loading={busy}>
            {t('spese.aggiungi_anticipo')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

const AZIONI_STORIA: Record<string, string> = {
  create: 'spese.storia_create', update: 'spese.storia_update', invia: 'spese.storia_invia', approva: 'spese.storia_approva', rifiuta: 'spese.storia_rifiuta',
  riapri: 'spese.storia_riapri', liquida: 'spese.storia_liquida', revisione: 'spese.storia_revisione', anticipo: 'spese.storia_anticipo', anticipo_eliminato: 'spese.storia_anticipo_eliminato',
};

function Storia({ nota }: { nota: Nota }) {
  const { t } = useTranslation();
  if (!nota.storia.length) return null;
  return (
    <Collapse
      style={{ marginTop: 16 }}
      items={[
        {
          key: 'storia',
          label: t('spese.storia'),
          children: (
            <Timeline
              items={nota.storia.map((e, i) => ({
                key: i,
                content: (
                  <div>
                    <strong>{AZIONI_STORIA[e.azione] ? t(AZIONI_STORIA[e.azione]) : e.azione}</strong> · {formatDateTime(e.quando)}
                    {e.chi ? ` · ${e.chi}` : ''}
                    {e.motivo ? <div className="tl-spese-meta">{e.motivo}</div> : null}
                  </div>
                ),
              }))}
            />
          ),
        },
      ]}
    />
  );
}

/**
 * The note with its actions. `admin`: seen from HR's list (the review link instead of editing lines).
 * `onGone`: the note was deleted.
 */
export function NotaDettaglio({ id, admin, onGone }: { id: number; admin?: boolean; onGone?: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { defs } = useSession();
  const navigate = useNavigate();
  const q = useNota(id);
  const rif = useRiferimenti();
  const [riga, setRiga] = useState<Riga | 'nuova' | null>(null);
  const [header, setHeader] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['spese'] });
  const approvaNota = useApprovaNota(refresh);

  if (q.isLoading) return <Skeleton active />;
  if (q.isError || !q.data)
    return <Result status="404" title={t('spese.nota_non_trovata')} extra={onGone ? <Button onClick={onGone}>{t('spese.torna_elenco')}</Button> : undefined} />;
  const nota = q.data;
  const az = new Set(nota.azioni);
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch {
      /* notified */
    }
    await refresh();
  };
  const modificabile = az.has('modifica');

  return (
    <div data-testid="nota-dettaglio" data-nota={nota.id}>
      <TestataNota nota={nota} extra={<PdfButton id={nota.id} />} />
      <div className="tl-spese-nota-azioni">
        {approvaNota.holder}
        {modificabile ? (
          <Button icon={<PlusOutlined />} type="primary" onClick={() => setRiga('nuova')} data-testid="riga-nuova">
            {t('spese.aggiungi_riga')}
          </Button>
        ) : null}
        {modificabile ? (
          <Button icon={<EditOutlined />} onClick={() => setHeader(true)} data-testid="nota-modifica">
            {t('spese.modifica_nota')}
          </Button>
        ) : null}
        {az.has('invia') ? (
          <Popconfirm
            title={t('spese.invia_conferma')}
            description={nota.n_avvisi ? t('spese.invia_con_avvisi', { count: nota.n_avvisi }) : undefined}
            okText={t('spese.invia')}
            cancelText={t('ui.annulla')}
            onConfirm={() => act(() => call(OPS_SPESE.invia, { params: { id } }))}
          >
            <Button icon={<SendOutlined />} type={modificabile ? 'default' : 'primary'} disabled={!nota.righe.length} data-testid="nota-invia">
              {t('spese.invia')}
            </Button>
          </Popconfirm>
        ) : null}
        {az.has('riapri') ? (
          <Button type="primary" icon={<EditOutlined />} onClick={() => void act(() => call(OPS_SPESE.riapri, { params: { id } }))} data-testid="nota-riapri">
            {t('spese.correggi')}
          </Button>
        ) : null}
        {az.has('approva') ? (
          <Button type="primary" icon={<CheckOutlined />} onClick={() => void approvaNota.approva(id, nota.n_avvisi)} data-testid="nota-approva">
            {t('spese.approva')}
          </Button>
        ) : null}
        {az.has('rifiuta') ? (
          <MotivoButton
            icon={<RollbackOutlined />}
            label={t('spese.rifiuta')}
            title={t('spese.rifiuta_titolo')}
            conferma={t('spese.rifiuta')}
            testId="nota-rifiuta"
            onConfirm={async (motivo) => {
              await call(OPS_SPESE.rifiuta, { params: { id }, body: { motivo } });
              await refresh();
            }}
          />
        ) : null}
        {az.has('liquida') ? <LiquidaButton ids={[id]} onDone={refresh} testId="nota-liquida" /> : null}
        {az.has('rivedi') && admin && defs.routes.includes('speseadmin') ? (
          <Button icon={<AuditOutlined />} onClick={() => navigate(`/speseadmin/${id}`)} data-testid="nota-rivedi">
            {t('spese.rivedi_righe')}
          </Button>
        ) : null}
        {az.has('elimina') ? (
          <Popconfirm
            title={t('spese.elimina_nota_conferma')}
            okText={t('ui.elimina')}
            cancelText={t('ui.annulla')}
            okButtonProps={{ danger: true }}
            onConfirm={async () => {
              try {
                await call(OPS_SPESE.elimina, { params: { id } });
                await refresh();
                onGone?.();
              } catch {
                /* notified */
              }
            }}
          >
            <Button danger icon={<DeleteOutlined />} data-testid="nota-elimina">
              {t('spese.elimina_nota')}
            </Button>
          </Popconfirm>
        ) : null}
      </div>
      {nota.stato === 'bozza' ? <AvvisiRiepilogo righe={nota.righe} title={t('spese.avvisi_prima_di_inviare')} /> : null}
      <TotaliNota totali={nota.totali} />
      <Card size="small" title={t('spese.righe')} styles={{ body: { padding: 0 } }}>
        {nota.righe.length ? (
          <RigheNota
            righe={nota.righe}
            rif={rif.data}
            azioni={
              modificabile
                ? (r) => (
                    <Space size={0}>
                      <Tooltip title={t('ui.modifica')}>
                        <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('spese.modifica_riga_di', { data: formatDate(r.data), tipo: r.tipo_spesa_descrizione })} onClick={() => setRiga(r)} />
                      </Tooltip>
                      <Popconfirm
                        title={t('spese.elimina_riga_conferma')}
                        okText={t('ui.elimina')}
                        cancelText={t('ui.annulla')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => act(() => call(OPS_SPESE.eliminaRiga, { params: { id, riga: r.id } }))}
                      >
                        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('spese.elimina_riga_di', { data: formatDate(r.data), tipo: r.tipo_spesa_descrizione })} />
                      </Popconfirm>
                    </Space>
                  )
                : undefined
            }
            azioniWidth={80}
          />
        ) : (
          <Typography.Paragraph style={{ padding: 16, margin: 0 }}>{t('spese.nessuna_riga')}</Typography.Paragraph>
        )}
      </Card>
      {nota.stato === 'bozza' && !nota.righe.length ? <Alert type="info" showIcon style={{ marginTop: 16 }} title={t('spese.nota_vuota_hint')} /> : null}
      <Anticipi nota={nota} onChange={() => void refresh()} />
      <Storia nota={nota} />
      <RigaDrawer
        open={riga !== null}
        nota={nota}
        riga={riga === 'nuova' ? null : riga}
        rif={rif.data}
        onClose={() => setRiga(null)}
        onSaved={() => {
          setRiga(null);
          void refresh();
        }}
      />
      <NotaDrawer
        open={header}
        nota={nota}
        onClose={() => setHeader(false)}
        onSaved={() => {
          setHeader(false);
          void refresh();
        }}
      />
    </div>
  );
}

