/**
 * The employees' contracts: an employee's contract rows (each valid from a date), a new row, the correction of one
 * with its reason, the fixed-term chain (issue #28 §3: each contract and extension with its months, the running total,
 * what is still possible), and the employee's gross monthly pay and hourly rate on a chosen date.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Card, Col, DatePicker, Descriptions, Empty, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DISTRIBUZIONI_PART_TIME, provaMassima, QUALIFICHE, TIPI_CONTRATTO, ZContratto, ZContrattoCorrezione, type TCatena, type TContrattoRow, type TOrarioPartTime } from '@tulip/contract';
import { OPS_CONTRATTI, RES_CAUSALI_DETERMINATO, RES_MANSIONI, RES_SEDI } from '@tulip/contract/wire';
import { call, listOf } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { dayjs, formatDate, fromWire, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { DipendenteSelect } from '../../components/people';
import { LookupSelect } from '../../components/LookupSelect';
import { MoneyField, moneyRule, type MoneyValue } from '../../components/MoneyField';
import { formatMoney } from '../../components/money';
import { requiredRule } from '../../components/formRules';
import { tableFit } from '../../components/tableFit';
import { useZodSubmit } from '../../components/useZodSubmit';
import { durataText, showRefusal, useCcnl } from './common';
import { OrarioPartTimeField } from './OrarioPartTime';

export function DipendentiTab() {
  const { t } = useTranslation();
  // the home's warnings open an employee's contracts directly
  const [params] = useSearchParams();
  const [dip, setDip] = useState<number | null>(() => Number(params.get('dipendente')) || null);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form layout="inline">
        <Form.Item label={t('contratti.dipendente')} htmlFor="ctr-dipendente">
          <DipendenteSelect id="ctr-dipendente" value={dip} onChange={(v: number) => setDip(v ?? null)} style={{ width: 320 }} />
        </Form.Item>
      </Form>
      {dip ? <Dipendente key={dip} id={dip} /> : <Empty description={t('contratti.scegli_dipendente')} />}
    </Space>
  );
}

function Dipendente({ id }: { id: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [modulo, setModulo] = useState<{ riga: TContrattoRow | null } | null>(null);
  const righe = useQuery({ queryKey: ['contratti', 'dipendente', id, 'righe'], queryFn: () => call(OPS_CONTRATTI.contratti, { params: { id } }) });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['contratti', 'dipendente', id] });
  const columns: ColumnsType<TContrattoRow> = [
    { key: 'dal', title: t('contratti.decorrenza'), render: (_, r) => formatDate(r.dal) },
    { key: 'al', title: t('contratti.al'), render: (_, r) => formatDate(r.al) },
    { key: 'ccnl', title: t('contratti.ccnl'), dataIndex: 'ccnl_codice' },
    { key: 'livello', title: t('contratti.livello'), dataIndex: 'livello' },
    { key: 'qualifica', title: t('contratti.qualifica'), render: (_, r) => t(`contratti.qualifica_${r.qualifica}`) },
    {
      key: 'tipo', title: t('contratti.tipo_contratto'),
      render: (_, r) => `${t(`contratti.tipo_${r.tipo_contratto}`)}${r.data_fine ? ` (${formatDate(r.data_fine)})` : ''}`,
    },
    { key: 'part_time', title: t('contratti.part_time'), align: 'right', render: (_, r) => (r.part_time ? `${r.percentuale_part_time ?? ''} %` : t('contratti.tempo_pieno')) },
    { key: 'superminimo', title: t('contratti.superminimo'), align: 'right', render: (_, r) => formatMoney(r.superminimo) },
    { key: 'sede', title: t('contratti.sede'), render: (_, r) => r.sede_descrizione ?? '' },
    {
      // D.Lgs 152/1997 art. 3: a change of an art. 1 item is notified in writing by the day it takes effect
      key: 'modifiche', title: t('contratti.modifiche'),
      render: (_, r) =>
        r.da_comunicare ? (
          <Tooltip title={t('contratti.da_comunicare_aiuto', { elementi: r.modifiche_art1.map((m) => t(`modifica_art1.${m}`).toLowerCase()).join(', '), data: formatDate(r.dal) })}>
            <Tag color="orange" data-testid={`da-comunicare-${r.id}`}>{t('contratti.da_comunicare')}</Tag>
          </Tooltip>
        ) : (
          r.modifiche_art1.map((m) => t(`modifica_art1.${m}`)).join(', ')
        ),
    },
    {
      key: 'azioni', title: t('ui.azioni'),
      render: (_, r) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => setModulo({ riga: r })} aria-label={t('contratti.correggi_riga', { data: formatDate(r.dal) })} title={t('contratti.correggi')} />
      ),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card
          size="small"
          title={t('contratti.storia_contrattuale')}
          extra={
            <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setModulo({ riga: null })} data-testid="nuova-riga">
              {t('contratti.nuova_riga')}
            </Button>
          }
        >
          <Table<TContrattoRow>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={righe.data ?? []}
            loading={righe.isFetching}
            pagination={false}
            {...tableFit}
            data-testid="righe-contratto"
            locale={{ emptyText: t('ui.nessun_dato') }}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Catena id={id} />
      </Col>
      <Col xs={24} lg={12}>
        <Paga id={id} />
      </Col>
      {modulo ? <RigaModal dipendente={id} riga={modulo.riga} onClose={() => setModulo(null)} onDone={refresh} /> : null}
    </Row>
  );
}

type VoceCatena = TCatena['voci'][number];
const TIPO_COLORE: Record<VoceCatena['tipo'], string> = { contratto: 'blue', proroga: 'gold', rinnovo: 'purple', variazione: 'default' };

/**
 * The fixed-term chain (D.Lgs 81/2015 art. 19 and 21, tempoDeterminato.ts): each contract, extension, renewal and change
 * with its months, the running total, then what is used and what is still possible.
 */
function Catena({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['contratti', 'dipendente', id, 'catena'], queryFn: () => call(OPS_CONTRATTI.catena, { params: { id } }) });
  const c = q.data;
  const md = (d: { mesi: number; giorni: number }) => durataText(t, d);
  const columns: ColumnsType<VoceCatena> = [
    { key: 'tipo', title: t('contratti.catena_tipo'), render: (_, v) => <Tag color={TIPO_COLORE[v.tipo]}>{t(`contratti.catena_tipo_${v.tipo}`)}</Tag> },
    { key: 'periodo', title: t('contratti.catena_periodo'), render: (_, v) => `${formatDate(v.dal)} – ${formatDate(v.al)}` },
    { key: 'livello', title: t('contratti.livello'), render: (_, v) => `${v.livello} · ${t(`contratti.qualifica_${v.qualifica}`)}` },
    { key: 'durata', title: t('contratti.catena_durata'), render: (_, v) => md(v.durata) },
    { key: 'totale', title: t('contratti.catena_totale'), render: (_, v) => <strong>{md(v.totale)}</strong> },
    { key: 'proroghe', title: t('contratti.catena_proroghe'), align: 'right', dataIndex: 'proroghe' },
    {
      key: 'causale', title: t('contratti.causale'),
      render: (_, v) => (
        <>
          {v.causale ?? ''}
          {v.errore ? (
            <Tag color="red" style={{ marginInlineStart: 4 }}>
              {t('contratti.catena_fuori_limite', { motivo: t(`avvisi.${v.errore.errore}`, v.errore.params) })}
            </Tag>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <Card size="small" title={t('contratti.catena_titolo')} data-testid="catena" loading={q.isLoading}>
      {c && !c.voci.length ? <Empty description={t('contratti.catena_nessuna')} /> : null}
      {c && c.voci.length ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Table<VoceCatena>
            size="small"
            rowKey={(v) => `${v.id ?? ''}-${v.dal}`}
            columns={columns}
            dataSource={c.voci}
            pagination={false}
            {...tableFit}
            data-testid="catena-voci"
          />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Descriptions size="small" column={1} bordered title={t('contratti.catena_usato')}>
                <Descriptions.Item label={t('contratti.catena_totale')}>
                  <strong data-testid="catena-totale">{md(c.totale)}</strong> / {c.massimo_mesi}
                </Descriptions.Item>
                <Descriptions.Item label={t('contratti.catena_proroghe')}>
                  <span data-testid="catena-proroghe">{t('contratti.catena_proroghe_valore', { usate: c.proroghe_usate, massimo: c.massimo_proroghe })}</span>
                </Descriptions.Item>
                {c.termine ? <Descriptions.Item label={t('contratti.catena_termine')}>{formatDate(c.termine)}</Descriptions.Item> : null}
              </Descriptions>
            </Col>
            <Col xs={24} lg={12}>
              <Descriptions size="small" column={1} bordered title={t('contratti.catena_residuo')} data-testid="catena-residuo">
                <Descriptions.Item label={t('contratti.catena_mesi_residui')}>
                  <strong data-testid="catena-mesi-residui">{md(c.residuo)}</strong>
                </Descriptions.Item>
                <Descriptions.Item label={t('contratti.catena_proroghe')}>{t('contratti.catena_proroghe_residue', { count: c.proroghe_residue })}</Descriptions.Item>
                <Descriptions.Item label={t('contratti.catena_senza_causale')}>{md(c.residuo_senza_causale)}</Descriptions.Item>
                {c.rinnovo_dal ? (
                  <Descriptions.Item label={t('contratti.catena_rinnovo_dal')}>
                    <span data-testid="catena-rinnovo-dal">{formatDate(c.rinnovo_dal)}</span>
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
            </Col>
          </Row>
          {c.in_corso ? (
            <Alert
              type={c.proroga_possibile ? 'info' : 'warning'}
              showIcon
              title={c.proroga_possibile ? t('contratti.catena_proroga_possibile') : t('contratti.catena_proroga_non_possibile')}
              description={t('contratti.catena_norma', { livello: c.livello, qualifica: c.qualifica ? t(`contratti.qualifica_${c.qualifica}`) : '' })}
            />
          ) : (
            <Typography.Text type="secondary">{t('contratti.catena_norma', { livello: c.livello, qualifica: c.qualifica ? t(`contratti.qualifica_${c.qualifica}`) : '' })}</Typography.Text>
          )}
        </Space>
      ) : null}
    </Card>
  );
}

/** The employee's gross monthly pay and hourly rate on a date (superminimo and part-time applied). */
function Paga({ id }: { id: number }) {
  const { t } = useTranslation();
  const [data, setData] = useState<Dayjs>(() => dayjs().startOf('day'));
  const wire = toWireDate(data)!;
  const paga = useQuery({
    queryKey: ['contratti', 'dipendente', id, 'paga', wire],
    queryFn: () => call(OPS_CONTRATTI.dipendenteRetribuzione, { params: { id }, query: { data: wire } }, { notifyError: false }),
    retry: false,
  });
  const p = paga.data;
  return (
    <Card size="small" title={t('contratti.retribuzione_dipendente')} data-testid="paga-dipendente" data-data={p?.data}>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('contratti.retribuzione_al')} htmlFor="ctr-paga-data">
          <DatePicker id="ctr-paga-data" format={UI_DATE} value={data} allowClear={false} onChange={(d) => d && setData(d.startOf('day'))} />
        </Form.Item>
      </Form>
      {p ? (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('contratti.lordo_mensile')}>
            <strong data-testid="paga-mensile">{formatMoney(p.totale_mensile)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('contratti.paga_oraria')}>
            <strong data-testid="paga-oraria">{formatMoney(p.paga_oraria)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('contratti.mensile_tempo_pieno')}>{formatMoney(p.mensile_tempo_pieno)}</Descriptions.Item>
          {p.voci.map((v) => (
            <Descriptions.Item key={v.voce} label={v.voce}>
              {formatMoney(v.importo)}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('contratti.superminimo')}>{formatMoney(p.superminimo)}</Descriptions.Item>
          <Descriptions.Item label={t('contratti.part_time')}>{p.percentuale < 100 ? `${p.percentuale} %` : t('contratti.tempo_pieno')}</Descriptions.Item>
          <Descriptions.Item label={t('contratti.decorrenza')}>{t('contratti.riga_in_vigore', { data: formatDate(p.dal), ccnl: p.ccnl_codice, livello: p.livello })}</Descriptions.Item>
        </Descriptions>
      ) : paga.error ? (
        <Empty description={paga.error instanceof ApiError ? t(paga.error.message, { ...(paga.error.body.params ?? {}), data: formatDate(wire) }) : t('ui.nessun_dato')} />
      ) : null}
    </Card>
  );
}

type RigaForm = {
  dal?: Dayjs | null; ccnl_id?: number; livello?: string; qualifica?: string; tipo_contratto?: string; data_fine?: Dayjs | null; causale?: string;
  part_time?: boolean; percentuale_part_time?: number | null; distribuzione_part_time?: string | null; orario_part_time?: TOrarioPartTime | null; superminimo?: MoneyValue; sede_id?: number | null;
  mansione_id?: number | null; prova?: 'giorni' | 'ccnl' | 'nessuno' | null; periodo_prova_giorni?: number | null; note?: string; motivo?: string;
};
const RIGA_FIELDS = [
  'dal', 'ccnl_id', 'livello', 'qualifica', 'tipo_contratto', 'data_fine', 'causale', 'part_time', 'percentuale_part_time', 'distribuzione_part_time', 'orario_part_time', 'superminimo', 'sede_id',
  'mansione_id', 'periodo_prova_giorni', 'note', 'motivo',
] as const;
const MESSAGE_FIELDS = {
  'avvisi.determinato_senza_fine': 'data_fine', 'avvisi.determinato_senza_causale': 'causale', 'avvisi.determinato_oltre_24_mesi': 'data_fine',
  'avvisi.part_time_senza_percentuale': 'percentuale_part_time', 'avvisi.part_time_percentuale': 'percentuale_part_time', 'avvisi.contratto_data_esistente': 'dal',
  'avvisi.contratto_prima_assunzione': 'dal', 'avvisi.contratto_dopo_cessazione': 'dal', 'avvisi.livello_sconosciuto': 'livello',
  'avvisi.periodo_prova_oltre_massimo': 'periodo_prova_giorni', 'avvisi.orario_part_time_vuoto': 'orario_part_time',
};

/** A new contract row valid from a date, or the correction of one with its reason. */
function RigaModal({ dipendente, riga, onClose, onDone }: { dipendente: number; riga: TContrattoRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const ccnl = useCcnl();
  const [form] = Form.useForm<RigaForm>();
  const { saving, submit } = useZodSubmit(form, { fields: RIGA_FIELDS });
  const ccnlId = Form.useWatch('ccnl_id', form);
  const tipo = Form.useWatch('tipo_contratto', form);
  const partTime = Form.useWatch('part_time', form);
  const prova = Form.useWatch('prova', form);
  const distribuzione = Form.useWatch('distribuzione_part_time', form);
  const dal = Form.useWatch('dal', form);
  const fine = Form.useWatch('data_fine', form);
  const livelli = ccnl.data?.find((c) => c.id === ccnlId)?.livelli ?? [];
  // the CCNL's catalogue of reasons: pick one, or type another
  const causali = useQuery({
    queryKey: ['contratti', 'causali', ccnlId],
    queryFn: () => listOf(RES_CAUSALI_DETERMINATO, { ccnl_id: ccnlId, attiva: 'true', size: 100 }).then((r) => r.rows),
    enabled: !!ccnlId && tipo === 'determinato',
  });
  // the law's maximum for this row, shown beside the days (the server refuses more)
  const massimo = dal && tipo ? provaMassima({ dal: toWireDate(dal)!, tipo_contratto: tipo, data_fine: toWireDate(fine) }) : null;

  useEffect(() => {
    if (riga) {
      form.setFieldsValue({
        dal: fromWire(riga.dal), ccnl_id: riga.ccnl_id, livello: riga.livello, qualifica: riga.qualifica, tipo_contratto: riga.tipo_contratto, data_fine: fromWire(riga.data_fine),
        causale: riga.causale ?? undefined, part_time: riga.part_time, percentuale_part_time: riga.percentuale_part_time, distribuzione_part_time: riga.distribuzione_part_time,
        orario_part_time: riga.orario_part_time, superminimo: riga.superminimo, sede_id: riga.sede_id, mansione_id: riga.mansione_id, note: riga.note ?? undefined,
        prova: riga.periodo_prova_giorni ? 'giorni' : riga.periodo_prova, periodo_prova_giorni: riga.periodo_prova_giorni,
      });
    } else form.setFieldsValue({ dal: dayjs().startOf('day'), ccnl_id: ccnl.data?.[0]?.id, tipo_contratto: 'indeterminato', part_time: false, superminimo: 0 });
  }, [riga, form, ccnl.data]);

  const toBody = (v: RigaForm) => {
    const determinato = v.tipo_contratto === 'determinato';
    return {
      dal: toWireDate(v.dal), ccnl_id: v.ccnl_id, livello: v.livello, qualifica: v.qualifica, tipo_contratto: v.tipo_contratto,
      data_fine: determinato ? toWireDate(v.data_fine) : null, causale: determinato && v.causale?.trim() ? v.causale.trim() : null,
      part_time: !!v.part_time, percentuale_part_time: v.part_time ? (v.percentuale_part_time ?? null) : null,
      distribuzione_part_time: v.part_time ? (v.distribuzione_part_time ?? null) : null,
      orario_part_time: v.part_time && v.orario_part_time?.giorni.length ? v.orario_part_time : null,
      superminimo: typeof v.superminimo === 'number' ? v.superminimo : 0, sede_id: v.sede_id ?? null, mansione_id: v.mansione_id ?? null,
      periodo_prova_giorni: v.prova === 'giorni' ? (v.periodo_prova_giorni ?? null) : null, periodo_prova: v.prova === 'ccnl' || v.prova === 'nessuno' ? v.prova : null,
      note: v.note?.trim() || null,
      ...(riga ? { motivo: v.motivo?.trim() } : {}),
    };
  };
  const save = () =>
    riga
      ? submit(ZContrattoCorrezione, toBody, async (body) => {
          try {
            await call(OPS_CONTRATTI.contrattoCorrezione, { params: { id: dipendente, riga: riga.id }, body }, { notifyError: false });
          } catch (e) {
            return showRefusal(e, form, t, RIGA_FIELDS, MESSAGE_FIELDS);
          }
          onDone();
          onClose();
        })
      : submit(ZContratto, toBody, async (body) => {
          try {
            await call(OPS_CONTRATTI.contrattoNuovo, { params: { id: dipendente }, body }, { notifyError: false });
          } catch (e) {
            return showRefusal(e, form, t, RIGA_FIELDS, MESSAGE_FIELDS);
          }
          onDone();
          onClose();
        });

  return (
    <Modal
      open
      width={720}
      title={riga ? t('contratti.correggi_riga', { data: formatDate(riga.dal) }) : t('contratti.nuova_riga')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('ui.salva')}
      cancelText={t('ui.annulla')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="riga-form">
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="dal" label={t('contratti.decorrenza')} rules={[requiredRule(t, 'contratti.decorrenza')]}>
              <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="ccnl_id" label={t('contratti.ccnl')} rules={[requiredRule(t, 'contratti.ccnl')]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={(ccnl.data ?? []).map((c) => ({ value: c.id, label: c.codice }))} onChange={() => form.setFieldValue('livello', undefined)} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="livello" label={t('contratti.livello')} rules={[requiredRule(t, 'contratti.livello')]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={livelli.map((l) => ({ value: l.codice, label: l.codice, title: l.descrizione }))} placeholder={t('ui.seleziona')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="qualifica" label={t('contratti.qualifica')} rules={[requiredRule(t, 'contratti.qualifica')]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={QUALIFICHE.map((q) => ({ value: q, label: t(`contratti.qualifica_${q}`) }))} placeholder={t('ui.seleziona')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="tipo_contratto" label={t('contratti.tipo_contratto')} rules={[requiredRule(t, 'contratti.tipo_contratto')]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={TIPI_CONTRATTO.map((q) => ({ value: q, label: t(`contratti.tipo_${q}`) }))} />
            </Form.Item>
          </Col>
          {tipo === 'determinato' ? (
            <>
              <Col span={8}>
                <Form.Item name="data_fine" label={t('contratti.data_fine')} rules={[requiredRule(t, 'contratti.data_fine')]}>
                  <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item name="causale" label={t('contratti.causale')} extra={t('contratti.causale_aiuto')}>
                  <AutoComplete
                    options={(causali.data ?? []).map((c) => ({ value: c.descrizione }))}
                    showSearch={{ filterOption: (input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase()) }}
                    placeholder={t('contratti.causale_scegli')}
                    maxLength={300}
                  />
                </Form.Item>
              </Col>
            </>
          ) : null}
          <Col span={6}>
            <Form.Item name="part_time" label={t('contratti.part_time')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          {partTime ? (
            <>
              <Col span={9}>
                <Form.Item name="percentuale_part_time" label={t('contratti.percentuale_part_time')} rules={[requiredRule(t, 'contratti.percentuale_part_time')]}>
                  <InputNumber min={1} max={99} suffix="%" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={9}>
                <Form.Item name="distribuzione_part_time" label={t('contratti.distribuzione_part_time')}>
                  <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={DISTRIBUZIONI_PART_TIME.map((d) => ({ value: d, label: t(`contratti.distribuzione_${d}`) }))} placeholder={t('ui.seleziona')} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="orario_part_time" label={t('contratti.orario_part_time')} extra={t('contratti.orario_part_time_aiuto')}>
                  <OrarioPartTimeField distribuzione={distribuzione} id="riga-orario" />
                </Form.Item>
              </Col>
            </>
          ) : null}
          <Col span={12}>
            <Form.Item name="superminimo" label={t('contratti.superminimo')} rules={[moneyRule(t, 'contratti.superminimo')]}>
              <MoneyField />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sede_id" label={t('contratti.sede')}>
              <LookupSelect path={RES_SEDI.path} numeric />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="mansione_id" label={t('contratti.mansione')}>
              <LookupSelect path={RES_MANSIONI.path} numeric />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="prova" label={t('contratti.periodo_prova')}>
              <Select
                allowClear
                placeholder={t('contratti.periodo_prova_non_indicato')}
                options={(['giorni', 'ccnl', 'nessuno'] as const).map((p) => ({ value: p, label: t(`contratti.periodo_prova_${p}`) }))}
              />
            </Form.Item>
          </Col>
          {prova === 'giorni' ? (
            <Col span={12}>
              <Form.Item
                name="periodo_prova_giorni" label={t('contratti.periodo_prova_durata')} rules={[requiredRule(t, 'contratti.periodo_prova_durata')]}
                extra={massimo != null ? <span data-testid="prova-massima">{t('contratti.periodo_prova_massimo', { giorni: massimo })}</span> : null}
              >
                <InputNumber min={1} max={365} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={24}>
            <Form.Item name="note" label={t('contratti.note')}>
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          {riga ? (
            <Col span={24}>
              <Form.Item name="motivo" label={t('contratti.motivo')} rules={[requiredRule(t, 'contratti.motivo')]}>
                <Input.TextArea rows={2} maxLength={300} />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Form>
    </Modal>
  );
}
