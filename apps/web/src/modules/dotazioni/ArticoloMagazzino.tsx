/**
 * One article's stock, in the drawer of /dotazioni/anagrafica: the stock per size (the sum of its movements), a load
 * with its document or an adjustment with its reason, every movement, and for serial-numbered items each unit with its
 * state (sent for repair, available again, written off with a reason).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Card, Col, DatePicker, Descriptions, Form, Input, InputNumber, Radio, Row, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, StopOutlined, ToolOutlined } from '@ant-design/icons';
import { fineVita, type OpResult, type TArticoloRow } from '@tulip/contract';
import { OPS_DOTAZIONI, RES_ARTICOLI_DOTAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { dayjs, formatDate, formatDateTime, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { requiredRule } from '../../components/formRules';
import { formatMoney } from '../../components/money';
import { tableFit } from '../../components/tableFit';
import { CategoriaTag, FineVita } from './common';
import { MotivoButton } from '../../components/MotivoButton';

type Movimento = OpResult<typeof OPS_DOTAZIONI.movimenti>['rows'][number];
type Unita = OpResult<typeof OPS_DOTAZIONI.unita>[number];
type Valori = {
  causale: 'carico' | 'rettifica'; taglia?: string; quantita?: number | null; riferimento?: string; motivo?: string; numeri_serie?: string[]; lotto?: string; data_fabbricazione?: Dayjs | null;
};

const COLORE_UNITA: Record<Unita['stato'], string> = { disponibile: 'green', assegnato: 'blue', in_riparazione: 'orange', dismesso: 'default' };

export function ArticoloMagazzino({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const articolo = useQuery({
    queryKey: ['dotazioni', 'articolo', id],
    // the resource layer types a record loosely; this one is the contract's row
    queryFn: async () => (await call(RES_ARTICOLI_DOTAZIONE.ops.dettaglio, { params: { id } })) as TArticoloRow,
  });
  const movimenti = useQuery({ queryKey: ['dotazioni', 'movimenti', id], queryFn: () => call(OPS_DOTAZIONI.movimenti, { params: { id } }) });
  const a = articolo.data;
  const unita = useQuery({ queryKey: ['dotazioni', 'unita', id], queryFn: () => call(OPS_DOTAZIONI.unita, { params: { id } }), enabled: !!a?.numero_serie });

  const refresh = async () => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: ['dotazioni', 'articolo', id] }),
      qc.invalidateQueries({ queryKey: ['dotazioni', 'movimenti', id] }),
      qc.invalidateQueries({ queryKey: ['dotazioni', 'unita', id] }),
      qc.invalidateQueries({ queryKey: ['dotazioni', 'riordino'] }),
    ]);
    onChanged();
  };

  if (articolo.isError) return <Alert type="error" showIcon title={t('ui.errore_caricamento')} />;
  if (!a) return null;

  const movColumns: ColumnsType<Movimento> = [
    { key: 'quando', title: t('dotazioni.quando'), render: (_, m) => <span className="tl-dot-num">{formatDateTime(m.creato_il)}</span> },
    { key: 'causale', title: t('dotazioni.causale'), render: (_, m) => <Tag>{t(`dotazioni_valori.mov_${m.causale}`)}</Tag> },
    ...(a.taglie ? [{ key: 'taglia', title: t('dotazioni.taglia'), dataIndex: 'taglia' } satisfies ColumnsType<Movimento>[number]] : []),
    {
      key: 'quantita', title: t('dotazioni.quantita'), align: 'right',
      render: (_, m) => <span className={`tl-dot-num ${m.quantita < 0 ? 'is-meno' : 'is-piu'}`}>{m.quantita > 0 ? `+${m.quantita}` : m.quantita}</span>,
    },
    ...(a.numero_serie ? [{ key: 'numero_serie', title: t('dotazioni.numero_serie'), dataIndex: 'numero_serie' } satisfies ColumnsType<Movimento>[number]] : []),
    { key: 'lotto', title: t('dotazioni.lotto'), render: (_, m) => (m.lotto ? [m.lotto, m.data_fabbricazione && t('dotazioni.fabbricato_il', { data: formatDate(m.data_fabbricazione) })].filter(Boolean).join(' · ') : '') },
    { key: 'rif', title: t('dotazioni.riferimento_motivo'), render: (_, m) => [m.riferimento, m.motivo].filter(Boolean).join(' · ') },
    { key: 'chi', title: t('dotazioni.registrato_da'), dataIndex: 'creato_da' },
  ];

  return (
    <div data-testid="articolo-magazzino">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('dotazioni.tipologia')}>
          <Space size={4} wrap>
            {a.tipologia_descrizione}
            <CategoriaTag categoria={a.categoria} dpi={a.dpi} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('dotazioni.fornitore')}>{a.fornitore ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('dotazioni.costo')}>{a.costo === null ? '—' : formatMoney(a.costo)}</Descriptions.Item>
        <Descriptions.Item label={t('dotazioni.marcatura_ce')}>
          {a.marcatura_ce ? `CE${a.organismo_notificato ? ` ${a.organismo_notificato}` : ''}` : t('ui.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('dotazioni.scorta_minima')}>{a.scorta_minima ?? '—'}</Descriptions.Item>
        {a.vita_utile_mesi ? <Descriptions.Item label={t('dotazioni.vita_utile')}>{t('dotazioni.mesi_n', { count: a.vita_utile_mesi })}</Descriptions.Item> : null}
        <Descriptions.Item label={t('dotazioni.giacenza')}>
          <Space size={4}>
            <strong data-testid="articolo-giacenza">{a.giacenza}</strong>
            {a.sotto_scorta ? <Tag color="red">{t('dotazioni.sotto_scorta')}</Tag> : null}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        items={[
          {
            key: 'giacenza',
            label: t('dotazioni.tab_giacenza'),
            children: (
              <>
                <Giacenze a={a} />
                <Lotti a={a} />
                <MovimentoForm a={a} onDone={refresh} />
              </>
            ),
          },
          {
            key: 'movimenti',
            label: t('dotazioni.tab_movimenti'),
            children: (
              <Table<Movimento>
                size="small"
                rowKey="id"
                columns={movColumns}
                dataSource={movimenti.data?.rows ?? []}
                loading={movimenti.isFetching}
                {...tableFit}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                locale={{ emptyText: t('dotazioni.nessun_movimento') }}
                data-testid="articolo-movimenti"
              />
            ),
          },
          ...(a.numero_serie
            ? [{ key: 'unita', label: t('dotazioni.tab_unita'), children: <UnitaTable rows={unita.data ?? []} loading={unita.isFetching} onDone={refresh} /> }]
            : []),
        ]}
      />
    </div>
  );
}

function Giacenze({ a }: { a: TArticoloRow }) {
  const { t } = useTranslation();
  const righe = a.taglie ? a.giacenze : [{ taglia: null, quantita: a.giacenza }];
  return (
    <Table
      size="small"
      rowKey={(g) => g.taglia ?? '-'}
      dataSource={righe}
      pagination={false}
      {...tableFit}
      style={{ marginBottom: 16 }}
      locale={{ emptyText: t('dotazioni.nessuna_giacenza') }}
      data-testid="articolo-giacenze"
      columns={[
        ...(a.taglie ? [{ key: 'taglia', title: t('dotazioni.taglia'), dataIndex: 'taglia' }] : []),
        {
          key: 'quantita', title: t('dotazioni.giacenza'), align: 'right' as const,
          render: (_: unknown, g: { taglia: string | null; quantita: number }) => (
            <Space size={4}>
              <span className="tl-dot-num">{g.quantita}</span>
              {a.scorta_minima !== null && g.quantita < a.scorta_minima ? <Tag color="red">{t('dotazioni.sotto_scorta')}</Tag> : null}
            </Space>
          ),
        },
      ]}
    />
  );
}

/** The lots loaded, with their date of manufacture and the manufacturer's end of life. */
function Lotti({ a }: { a: TArticoloRow }) {
  const { t } = useTranslation();
  if (!a.lotti.length) return null;
  return (
    <Table
      size="small"
      rowKey={(l) => `${l.lotto}|${l.taglia ?? ''}`}
      dataSource={a.lotti}
      pagination={false}
      {...tableFit}
      style={{ marginBottom: 16 }}
      data-testid="articolo-lotti"
      columns={[
        { key: 'lotto', title: t('dotazioni.lotto'), dataIndex: 'lotto' },
        ...(a.taglie ? [{ key: 'taglia', title: t('dotazioni.taglia'), dataIndex: 'taglia' }] : []),
        { key: 'fabbricato', title: t('dotazioni.fabbricato'), render: (_: unknown, l: TArticoloRow['lotti'][number]) => formatDate(l.data_fabbricazione) },
        { key: 'fine_vita', title: t('dotazioni.fine_vita'), render: (_: unknown, l: TArticoloRow['lotti'][number]) => <FineVita data={fineVita(l.data_fabbricazione, a.vita_utile_mesi)} /> },
      ]}
    />
  );
}

/** A load (with the document: a delivery note, an invoice) or an adjustment (signed, with its reason). */
function MovimentoForm({ a, onDone }: { a: TArticoloRow; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Valori>();
  const [busy, setBusy] = useState(false);
  const causale = Form.useWatch('causale', form) ?? 'carico';
  const serie = a.numero_serie && causale === 'carico';

  async function salva(v: Valori) {
    setBusy(true);
    try {
      const numeri = serie ? (v.numeri_serie ?? []).map((s) => s.trim()).filter(Boolean) : undefined;
      await call(OPS_DOTAZIONI.movimento, {
        params: { id: a.id },
        body: {
          causale: v.causale,
          taglia: a.taglie ? v.taglia?.trim() || null : null,
          quantita: serie ? (numeri?.length ?? 0) : Number(v.quantita),
          riferimento: v.causale === 'carico' ? v.riferimento?.trim() || null : null,
          motivo: v.causale === 'rettifica' ? v.motivo?.trim() || null : null,
          ...(numeri ? { numeri_serie: numeri } : {}),
          ...(v.causale === 'carico' ? { lotto: v.lotto?.trim() || null, data_fabbricazione: toWireDate(v.data_fabbricazione ?? null) } : {}),
        },
      });
      form.resetFields(['quantita', 'riferimento', 'motivo', 'numeri_serie', 'lotto', 'data_fabbricazione']);
      await onDone();
    } catch {
      /* notified */
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card size="small" title={t('dotazioni.movimento_titolo')}>
      <Form form={form} layout="vertical" initialValues={{ causale: 'carico' }} onFinish={(v) => void salva(v)} data-testid="movimento-form">
        <Form.Item name="causale" label={t('dotazioni.causale')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'carico', label: t('dotazioni_valori.mov_carico') },
              { value: 'rettifica', label: t('dotazioni_valori.mov_rettifica') },
            ]}
          />
        </Form.Item>
        <Row gutter={12}>
          {a.taglie ? (
            <Col xs={24} sm={8}>
              <Form.Item name="taglia" label={t('dotazioni.taglia')} rules={[requiredRule(t, 'dotazioni.taglia', { whitespace: true })]}>
                <AutoComplete options={a.giacenze.filter((g) => g.taglia).map((g) => ({ value: g.taglia! }))} maxLength={10} />
              </Form.Item>
            </Col>
          ) : null}
          {serie ? (
            <Col xs={24} sm={a.taglie ? 16 : 24}>
              <Form.Item name="numeri_serie" label={t('dotazioni.numeri_serie')} extra={t('dotazioni.numeri_serie_aiuto')} rules={[requiredRule(t, 'dotazioni.numeri_serie', { type: 'array' })]}>
                <Select mode="tags" tokenSeparators={[',', ' ', ';']} open={false} suffixIcon={null} />
              </Form.Item>
            </Col>
          ) : (
            <Col xs={24} sm={8}>
              <Form.Item
                name="quantita"
                label={t('dotazioni.quantita')}
                extra={causale === 'rettifica' ? t('dotazioni.rettifica_aiuto') : undefined}
                rules={[requiredRule(t, 'dotazioni.quantita')]}
              >
                <InputNumber precision={0} min={causale === 'carico' ? 1 : -100000} max={100000} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {causale === 'carico' ? (
            <Col xs={24} sm={serie ? 24 : 8}>
              <Form.Item name="riferimento" label={t('dotazioni.riferimento')}>
                <Input maxLength={80} placeholder={t('dotazioni.riferimento_esempio')} />
              </Form.Item>
            </Col>
          ) : (
            <Col xs={24} sm={a.taglie ? 8 : 16}>
              <Form.Item name="motivo" label={t('dotazioni.motivo')} rules={[requiredRule(t, 'dotazioni.motivo', { whitespace: true })]}>
                <Input maxLength={300} />
              </Form.Item>
            </Col>
          )}
        </Row>
        {causale === 'carico' ? (
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item name="lotto" label={t('dotazioni.lotto')} extra={t('dotazioni.lotto_aiuto')} rules={a.vita_utile_mesi ? [requiredRule(t, 'dotazioni.lotto', { whitespace: true })] : undefined}>
                <Input maxLength={40} data-testid="movimento-lotto" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="data_fabbricazione" label={t('dotazioni.data_fabbricazione')} rules={a.vita_utile_mesi ? [requiredRule(t, 'dotazioni.data_fabbricazione')] : undefined}>
                <DatePicker format={UI_DATE} style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} data-testid="movimento-fabbricazione" />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="movimento-salva">
          {t(causale === 'carico' ? 'dotazioni.registra_carico' : 'dotazioni.registra_rettifica')}
        </Button>
      </Form>
    </Card>
  );
}

function UnitaTable({ rows, loading, onDone }: { rows: Unita[]; loading: boolean; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const cambia = (u: Unita, stato: 'disponibile' | 'in_riparazione' | 'dismesso') => async (motivo: string) => {
    await call(OPS_DOTAZIONI.statoUnita, { params: { id: u.id }, body: { stato, motivo } });
    await onDone();
  };
  const columns: ColumnsType<Unita> = [
    { key: 'numero_serie', title: t('dotazioni.numero_serie'), dataIndex: 'numero_serie' },
    { key: 'lotto', title: t('dotazioni.lotto'), render: (_, u) => u.lotto ?? '' },
    { key: 'fabbricato', title: t('dotazioni.fabbricato'), render: (_, u) => formatDate(u.data_fabbricazione) },
    { key: 'fine_vita', title: t('dotazioni.fine_vita'), render: (_, u) => <FineVita data={u.fine_vita} /> },
    { key: 'stato', title: t('dotazioni.stato'), render: (_, u) => <Tag color={COLORE_UNITA[u.stato]}>{t(`dotazioni_valori.unita_${u.stato}`)}</Tag> },
    {
      key: 'chi', title: t('dotazioni.assegnata_a'),
      render: (_, u) => (u.dipendente_nome ? `${u.dipendente_nome}${u.consegnata_il ? ` · ${formatDate(u.consegnata_il)}` : ''}` : ''),
    },
    {
      key: 'azioni', title: t('ui.azioni'), align: 'right', fixed: 'right',
      render: (_, u) => (
        <Space size={4} wrap>
          {u.stato === 'disponibile' ? (
            <MotivoButton size="small" danger={false} icon={<ToolOutlined />} label={t('dotazioni.in_riparazione')} title={t('dotazioni.in_riparazione')} conferma={t('dotazioni.conferma')} onConfirm={cambia(u, 'in_riparazione')} testId={`riparazione-${u.numero_serie}`} />
          ) : null}
          {u.stato === 'in_riparazione' ? (
            <MotivoButton size="small" danger={false} icon={<CheckOutlined />} label={t('dotazioni.rendi_disponibile')} title={t('dotazioni.rendi_disponibile')} conferma={t('dotazioni.conferma')} onConfirm={cambia(u, 'disponibile')} testId={`disponibile-${u.numero_serie}`} />
          ) : null}
          {u.stato === 'disponibile' || u.stato === 'in_riparazione' ? (
            <MotivoButton size="small" icon={<StopOutlined />} label={t('dotazioni.dismetti')} title={t('dotazioni.dismetti_titolo')} conferma={t('dotazioni.dismetti')} onConfirm={cambia(u, 'dismesso')} testId={`dismetti-${u.numero_serie}`} />
          ) : null}
          {u.stato === 'assegnato' ? <Typography.Text type="secondary">{t('dotazioni.solo_con_reso')}</Typography.Text> : null}
        </Space>
      ),
    },
  ];
  return (
    <Table<Unita>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      {...tableFit}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: t('dotazioni.nessuna_unita') }}
      data-testid="articolo-unita"
    />
  );
}
