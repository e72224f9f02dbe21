/**
 * The table of a CCNL in force on a date: one row per level, one column per component, the monthly total and the
 * hourly rate. From here: a new component from a decorrenza, a level's history, the comparison of two dates, the
 * import of components from CSV or Excel and the Excel export.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Card, DatePicker, Drawer, Empty, Form, Modal, Select, Space, Table, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ZVoce, type OpResult } from '@tulip/contract';
import { OPS_CONTRATTI } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { saveFile } from '../../platform/download';
import { dayjs, formatDate, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { ImportModal } from '../../components/ImportModal';
import type { ImportField } from '../../components/importRows';
import { MoneyField, moneyRule, type MoneyValue } from '../../components/MoneyField';
import { formatMoney } from '../../components/money';
import { requiredRule } from '../../components/formRules';
import { tableFit } from '../../components/tableFit';
import { useZodSubmit } from '../../components/useZodSubmit';
import { formatPercent, showRefusal, useCcnl } from './common';

type Tabella = OpResult<typeof OPS_CONTRATTI.tabella>;
type LivelloTabella = Tabella['livelli'][number];
type Confronto = OpResult<typeof OPS_CONTRATTI.confronto>['livelli'][number];

const IMPORT_FIELDS: ImportField[] = [
  { name: 'livello', label: 'contratti.livello' },
  { name: 'voce', label: 'contratti.voce' },
  { name: 'decorrenza', label: 'contratti.decorrenza', type: 'date' },
  { name: 'importo', label: 'contratti.importo_centesimi', type: 'number' },
];

export function TabellaTab({ ccnlId, onCcnl }: { ccnlId: number | null; onCcnl: (id: number) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const ccnl = useCcnl();
  const [data, setData] = useState<Dayjs>(() => dayjs().startOf('day'));
  const [nuova, setNuova] = useState(false);
  const [importa, setImporta] = useState(false);
  const [storico, setStorico] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const scelto = ccnlId ?? ccnl.data?.[0]?.id ?? null;
  const wire = toWireDate(data)!;

  useEffect(() => {
    if (ccnlId === null && ccnl.data?.[0]) onCcnl(ccnl.data[0].id);
  }, [ccnlId, ccnl.data, onCcnl]);

  const tabella = useQuery({
    queryKey: ['contratti', 'tabella', scelto, wire],
    queryFn: () => call(OPS_CONTRATTI.tabella, { params: { id: scelto! }, query: { data: wire } }),
    enabled: scelto !== null,
    retry: false,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['contratti'] });

  async function esporta() {
    if (scelto === null) return;
    setExporting(true);
    try {
      saveFile(await download(OPS_CONTRATTI.tabellaExcel, { params: { id: scelto }, query: { data: wire } }), `tabella-${wire}.xlsx`);
    } catch {
      /* notified */
    } finally {
      setExporting(false);
    }
  }

  const tab = tabella.data;
  const columns: ColumnsType<LivelloTabella> = [
    {
      key: 'livello', title: t('contratti.livello'), fixed: 'left',
      render: (_, l) => (
        <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => setStorico(l.livello)} aria-label={t('contratti.storico_livello', { livello: l.livello })} data-testid={`livello-${l.livello}`}>
          {l.livello}
        </Button>
      ),
    },
    { key: 'descrizione', title: t('contratti.descrizione'), dataIndex: 'descrizione', ellipsis: true, width: 260 },
    ...(tab?.voci ?? []).map((v) => ({
      key: `voce-${v}`, title: v, align: 'right' as const,
      render: (_: unknown, l: LivelloTabella) => formatMoney(l.voci.find((x) => x.voce === v)?.importo),
    })),
    { key: 'decorrenza', title: t('contratti.decorrenza'), render: (_, l) => formatDate(l.decorrenza) },
    { key: 'totale', title: t('contratti.totale_mensile'), align: 'right', render: (_, l) => <strong data-testid={`totale-${l.livello}`}>{formatMoney(l.totale_mensile)}</strong> },
    { key: 'oraria', title: t('contratti.paga_oraria'), align: 'right', render: (_, l) => <span data-testid={`oraria-${l.livello}`}>{formatMoney(l.paga_oraria)}</span> },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label={t('contratti.ccnl')} htmlFor="ctr-ccnl">
          <Select
            id="ctr-ccnl"
            style={{ width: 320 }}
            value={scelto ?? undefined}
            loading={ccnl.isLoading}
            onChange={(v: number) => onCcnl(v)}
            options={(ccnl.data ?? []).map((c) => ({ value: c.id, label: `${c.codice} - ${c.descrizione}` }))}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('contratti.scegli_ccnl')}
            notFoundContent={t('ui.nessun_dato')}
          />
        </Form.Item>
        <Form.Item label={t('contratti.data')} htmlFor="ctr-data">
          <DatePicker id="ctr-data" format={UI_DATE} value={data} allowClear={false} onChange={(d) => d && setData(d.startOf('day'))} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} disabled={!tab} onClick={() => setNuova(true)} data-testid="nuova-voce">
            {t('contratti.nuova_voce')}
          </Button>
          <Button icon={<UploadOutlined />} disabled={scelto === null} onClick={() => setImporta(true)}>
            {t('contratti.importa_voci')}
          </Button>
          <Button icon={<FileExcelOutlined />} disabled={!tab} loading={exporting} onClick={() => void esporta()}>
            {t('ui.esporta_excel')}
          </Button>
        </Space>
      </Form>
      {tab?.tabella_scaduta ? (
        // the server says so against today, whatever date is shown (retribuzione.ts tabellaScaduta)
        <Alert type="warning" showIcon data-testid="tabella-scaduta" title={t('contratti.tabella_scaduta_titolo')} description={t('contratti.tabella_scaduta', { data: formatDate(tab.ultima_decorrenza) })} />
      ) : null}
      <Card size="small" title={tab ? `${tab.codice} - ${tab.descrizione} · ${t('contratti.in_vigore_al', { data: formatDate(tab.data) })}` : t('contratti.tab_tabella')}>
        <Table<LivelloTabella>
          size="small"
          rowKey="livello"
          columns={columns}
          dataSource={tab?.livelli ?? []}
          loading={tabella.isFetching}
          pagination={false}
          {...tableFit}
          data-testid="tabella-ccnl"
          locale={{ emptyText: t('ui.nessun_dato') }}
        />
        {tab ? (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {`${t('contratti.mensilita')}: ${tab.mensilita} · ${t('contratti.divisore_orario')}: ${tab.divisore_orario}`}
          </Typography.Paragraph>
        ) : null}
      </Card>
      {scelto !== null ? <ConfrontoCard ccnlId={scelto} al={data} /> : null}
      {tab ? <NuovaVoce open={nuova} tabella={tab} data={data} onClose={() => setNuova(false)} onDone={refresh} /> : null}
      <ImportModal
        open={importa}
        operation={OPS_CONTRATTI.importaVoci}
        params={scelto !== null ? { id: scelto } : undefined}
        fields={IMPORT_FIELDS}
        hint={t('contratti.importa_voci_aiuto')}
        summary={(p) => t('contratti.voci_importate_n', { count: p.righe })}
        onClose={() => setImporta(false)}
        onDone={refresh}
      />
      {scelto !== null ? <Storico ccnlId={scelto} livello={storico} onClose={() => setStorico(null)} /> : null}
    </Space>
  );
}

type VoceForm = { livello?: string; voce?: string; decorrenza?: Dayjs | null; importo?: MoneyValue };
const VOCE_FIELDS = ['livello', 'voce', 'decorrenza', 'importo'] as const;

/** A new component of a level from a decorrenza (a version added, never overwritten). */
function NuovaVoce({ open, tabella, data, onClose, onDone }: { open: boolean; tabella: Tabella; data: Dayjs; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VoceForm>();
  const { saving, submit } = useZodSubmit(form, { fields: VOCE_FIELDS });
  useEffect(() => {
    if (open) form.setFieldsValue({ livello: undefined, voce: tabella.voci[0], decorrenza: data, importo: null });
  }, [open, form, tabella, data]);
  const save = () =>
    submit(
      ZVoce,
      (v) => ({ livello: v.livello, voce: v.voce?.trim(), decorrenza: toWireDate(v.decorrenza), importo: v.importo }),
      async (body) => {
        try {
          await call(OPS_CONTRATTI.voce, { params: { id: tabella.ccnl_id }, body }, { notifyError: false });
        } catch (e) {
          return showRefusal(e, form, t, VOCE_FIELDS, { 'avvisi.livello_sconosciuto': 'livello' });
        }
        onDone();
        onClose();
      },
    );
  return (
    <Modal open={open} title={t('contratti.nuova_voce')} onCancel={onClose} onOk={() => void save()} okText={t('ui.salva')} cancelText={t('ui.annulla')} confirmLoading={saving} destroyOnHidden forceRender>
      <Form form={form} layout="vertical" data-testid="voce-form" onFinish={() => void save()}>
        <Typography.Paragraph type="secondary">{t('contratti.nuova_voce_aiuto')}</Typography.Paragraph>
        <Form.Item name="livello" label={t('contratti.livello')} rules={[requiredRule(t, 'contratti.livello')]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={tabella.livelli.map((l) => ({ value: l.livello, label: `${l.livello} - ${l.descrizione}` }))} placeholder={t('ui.seleziona')} />
        </Form.Item>
        <Form.Item name="voce" label={t('contratti.voce')} rules={[requiredRule(t, 'contratti.voce')]}>
          <AutoComplete options={tabella.voci.map((v) => ({ value: v }))} placeholder={t('contratti.voce_esempio')} />
        </Form.Item>
        <Form.Item name="decorrenza" label={t('contratti.decorrenza')} rules={[requiredRule(t, 'contratti.decorrenza')]}>
          <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} />
        </Form.Item>
        <Form.Item name="importo" label={t('contratti.importo')} rules={[requiredRule(t, 'contratti.importo'), moneyRule(t, 'contratti.importo')]}>
          <MoneyField />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A level's timeline: the table from each of its decorrenze, latest first. */
function Storico({ ccnlId, livello, onClose }: { ccnlId: number; livello: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const storico = useQuery({
    queryKey: ['contratti', 'storico', ccnlId, livello],
    queryFn: () => call(OPS_CONTRATTI.storico, { params: { id: ccnlId, livello: livello! } }),
    enabled: !!livello,
  });
  const s = storico.data;
  return (
    <Drawer open={!!livello} onClose={onClose} title={livello ? t('contratti.storico_di', { livello }) : ''} size={480} destroyOnHidden>
      {s ? (
        <>
          <Typography.Paragraph type="secondary">{s.descrizione}</Typography.Paragraph>
          <Timeline
            data-testid="storico-timeline"
            items={[...s.versioni].reverse().map((v) => ({
              key: v.decorrenza,
              title: <strong>{t('contratti.dal', { data: formatDate(v.decorrenza) })}</strong>,
              content: (
                <div>
                  {v.voci.map((x) => (
                    <div key={x.voce}>{`${x.voce}: ${formatMoney(x.importo)}`}</div>
                  ))}
                  <div>
                    <strong>{`${t('contratti.totale_mensile')}: ${formatMoney(v.totale_mensile)}`}</strong>
                  </div>
                  <div>{`${t('contratti.paga_oraria')}: ${formatMoney(v.paga_oraria)}`}</div>
                </div>
              ),
            }))}
          />
        </>
      ) : storico.isFetching ? null : (
        <Empty description={t('ui.nessun_dato')} />
      )}
    </Drawer>
  );
}

/** The comparison of two dates: per level the totals, the increase in euro and in per cent. */
function ConfrontoCard({ ccnlId, al }: { ccnlId: number; al: Dayjs }) {
  const { t, i18n } = useTranslation();
  const [dal, setDal] = useState<Dayjs>(() => al.subtract(1, 'year'));
  const [fino, setFino] = useState<Dayjs>(al);
  const [chiesto, setChiesto] = useState<{ dal: string; al: string }>(() => ({ dal: toWireDate(al.subtract(1, 'year'))!, al: toWireDate(al)! }));
  const confronto = useQuery({
    queryKey: ['contratti', 'confronto', ccnlId, chiesto.dal, chiesto.al],
    queryFn: () => call(OPS_CONTRATTI.confronto, { params: { id: ccnlId }, query: chiesto }),
    retry: false,
  });
  const columns: ColumnsType<Confronto> = [
    { key: 'livello', title: t('contratti.livello'), dataIndex: 'livello' },
    { key: 'descrizione', title: t('contratti.descrizione'), dataIndex: 'descrizione', ellipsis: true, width: 260 },
    { key: 'dal', title: formatDate(confronto.data?.dal), align: 'right', render: (_, l) => formatMoney(l.totale_dal) },
    { key: 'al', title: formatDate(confronto.data?.al), align: 'right', render: (_, l) => formatMoney(l.totale_al) },
    { key: 'aumento', title: t('contratti.aumento'), align: 'right', render: (_, l) => <strong data-testid={`aumento-${l.livello}`}>{formatMoney(l.differenza)}</strong> },
    { key: 'percentuale', title: t('contratti.aumento_percentuale'), align: 'right', render: (_, l) => <span data-testid={`percentuale-${l.livello}`}>{formatPercent(l.percentuale, i18n.language)}</span> },
  ];
  return (
    <Card size="small" title={t('contratti.confronto')} data-testid="confronto">
      <Form layout="inline" style={{ rowGap: 8, marginBottom: 12 }} onFinish={() => setChiesto({ dal: toWireDate(dal)!, al: toWireDate(fino)! })}>
        <Form.Item label={t('contratti.confronto_dal')} htmlFor="ctr-confronto-dal">
          <DatePicker id="ctr-confronto-dal" format={UI_DATE} value={dal} allowClear={false} onChange={(d) => d && setDal(d)} />
        </Form.Item>
        <Form.Item label={t('contratti.confronto_al')} htmlFor="ctr-confronto-al">
          <DatePicker id="ctr-confronto-al" format={UI_DATE} value={fino} allowClear={false} onChange={(d) => d && setFino(d)} />
        </Form.Item>
        <Button htmlType="submit" data-testid="confronta">
          {t('contratti.confronta')}
        </Button>
      </Form>
      <Table<Confronto>
        size="small"
        rowKey="livello"
        columns={columns}
        dataSource={confronto.data?.livelli ?? []}
        loading={confronto.isFetching}
        pagination={false}
        {...tableFit}
        locale={{ emptyText: t('ui.nessun_dato') }}
      />
    </Card>
  );
}
