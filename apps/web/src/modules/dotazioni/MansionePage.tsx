/**
 * /dotazioni/mansione: the standard kit of each mansione (the types it needs, how many, whether mandatory, from and
 * until when), saved whole, or copied from another mansione; and the report of who lacks what: employees whose
 * mandatory kit is incomplete or expired, by department, with its Excel export (the home page's count leads here,
 * `?tab=mancanti`).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Empty, Form, InputNumber, Row, Select, Space, Switch, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyOutlined, FileExcelOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { ZKit, type OpResult } from '@tulip/contract';
import { OPS_DOTAZIONI } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { saveFile } from '../../platform/download';
import { fromWire, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { notifyNegative } from '../../platform/notifications/store';
import { ChildRowsField } from '../../components/ChildRowsField';
import { requiredRule } from '../../components/formRules';
import { RepartoSelect } from '../../components/people';
import { tableFit } from '../../components/tableFit';
import { useTipologie } from './common';

type MansioneRow = OpResult<typeof OPS_DOTAZIONI.mansioni>[number];
type Kit = OpResult<typeof OPS_DOTAZIONI.kit>;
type Mancante = OpResult<typeof OPS_DOTAZIONI.mancanti>[number];
type RigaKit = { tipologia_id?: number; quantita?: number | null; obbligatoria?: boolean; valida_dal?: Dayjs | null; valida_al?: Dayjs | null };

const righeForm = (k: Kit): RigaKit[] =>
  k.righe.map((r) => ({ tipologia_id: r.tipologia_id, quantita: r.quantita, obbligatoria: r.obbligatoria, valida_dal: fromWire(r.valida_dal), valida_al: fromWire(r.valida_al) }));

function useMansioni() {
  return useQuery({ queryKey: ['dotazioni', 'mansioni'], queryFn: () => call(OPS_DOTAZIONI.mansioni) });
}

export function MansionePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mancanti' ? 'mancanti' : 'kit';
  return (
    <div data-testid="dotazioni-mansione">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.dotazioni.mansione')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'mancanti' ? { tab: k } : {}, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'kit', label: t('dotazioni.tab_kit'), children: <KitTab /> },
          { key: 'mancanti', label: t('dotazioni.tab_mancanti'), children: <MancantiTab /> },
        ]}
      />
    </div>
  );
}

function KitTab() {
  const { t } = useTranslation();
  const mansioni = useMansioni();
  const [scelta, setScelta] = useState<number | null>(null);
  const rows = mansioni.data ?? [];
  const columns: ColumnsType<MansioneRow> = [
    {
      key: 'mansione', title: t('dotazioni.mansione'),
      render: (_, m) => (
        <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => setScelta(m.mansione_id)} aria-pressed={scelta === m.mansione_id} data-testid={`mansione-${m.codice}`}>
          {m.descrizione}
        </Button>
      ),
    },
    { key: 'tipi', title: t('dotazioni.tipi_kit'), align: 'right', render: (_, m) => <span className="tl-dot-num">{`${m.obbligatorie}/${m.tipologie}`}</span> },
    { key: 'dipendenti', title: t('dotazioni.dipendenti'), align: 'right', render: (_, m) => <span className="tl-dot-num">{m.dipendenti}</span> },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card title={t('dotazioni.mansioni')} size="small">
          <Table<MansioneRow>
            size="small"
            rowKey="mansione_id"
            columns={columns}
            dataSource={rows}
            loading={mansioni.isFetching}
            pagination={false}
            {...tableFit}
            rowClassName={(m) => (m.mansione_id === scelta ? 'tl-dot-scelta' : '')}
            locale={{ emptyText: t('ui.nessun_dato') }}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('dotazioni.tipi_kit_aiuto')}
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        {scelta ? <KitEditor key={scelta} mansioneId={scelta} mansioni={rows} /> : <Empty description={t('dotazioni.scegli_mansione')} />}
      </Col>
    </Row>
  );
}

/** A mansione's kit as editable lines, saved whole (the server replaces every line). */
function KitEditor({ mansioneId, mansioni }: { mansioneId: number; mansioni: MansioneRow[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tipologie = useTipologie();
  const [form] = Form.useForm<{ righe: RigaKit[] }>();
  const [busy, setBusy] = useState(false);
  const [copiaDa, setCopiaDa] = useState<number | undefined>();
  const [copiata, setCopiata] = useState<string | null>(null);
  const kit = useQuery({ queryKey: ['dotazioni', 'kit', mansioneId], queryFn: () => call(OPS_DOTAZIONI.kit, { params: { mansione_id: mansioneId } }) });
  const mansione = mansioni.find((m) => m.mansione_id === mansioneId);

  useEffect(() => {
    if (kit.data) form.setFieldsValue({ righe: righeForm(kit.data) });
  }, [kit.data, form]);

  async function copia() {
    if (!copiaDa) return;
    try {
      const altro = await call(OPS_DOTAZIONI.kit, { params: { mansione_id: copiaDa } });
      form.setFieldsValue({ righe: righeForm(altro) });
      setCopiata(altro.mansione_descrizione);
    } catch {
      /* notified */
    }
  }

  async function salva() {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const righe = ((form.getFieldsValue(true) as { righe?: RigaKit[] }).righe ?? []).map((r) => ({
      tipologia_id: r.tipologia_id!, quantita: Number(r.quantita), obbligatoria: !!r.obbligatoria, valida_dal: toWireDate(r.valida_dal), valida_al: toWireDate(r.valida_al),
    }));
    const parsed = ZKit.safeParse({ righe });
    if (!parsed.success) return notifyNegative(t(parsed.error.issues[0]?.message ?? 'avvisi.validation'));
    setBusy(true);
    try {
      await call(OPS_DOTAZIONI.salvaKit, { params: { mansione_id: mansioneId }, body: parsed.data });
      setCopiata(null);
      await qc.invalidateQueries({ queryKey: ['dotazioni'] });
    } catch {
      /* notified */
    } finally {
      setBusy(false);
    }
  }

  const opzioni = (tipologie.data ?? []).filter((x) => x.attivo).map((x) => ({ value: x.id, label: x.descrizione }));
  return (
    <Card
      title={t('dotazioni.kit_di', { mansione: mansione?.descrizione ?? kit.data?.mansione_descrizione ?? '' })}
      size="small"
      loading={kit.isLoading}
      data-testid="kit-editor"
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('dotazioni.copia_da')}
          placeholder={t('dotazioni.copia_da')}
          style={{ width: 240, maxWidth: '100%' }}
          value={copiaDa}
          onChange={setCopiaDa}
          options={mansioni.filter((m) => m.mansione_id !== mansioneId).map((m) => ({ value: m.mansione_id, label: m.descrizione }))}
        />
        <Button icon={<CopyOutlined />} disabled={!copiaDa} onClick={() => void copia()} data-testid="kit-copia">
          {t('dotazioni.copia')}
        </Button>
      </Space>
      {copiata ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('dotazioni.copiata_da', { mansione: copiata })} /> : null}
      <Form form={form} layout="vertical" onFinish={() => void salva()} data-testid="kit-form">
        <ChildRowsField
          name="righe"
          label="dotazioni.tipi_della_mansione"
          addLabel="dotazioni.aggiungi_tipo"
          max={100}
          defaults={{ quantita: 1, obbligatoria: true }}
          fields={[
            {
              name: 'tipologia_id', label: 'dotazioni.tipologia', width: 230, rules: [requiredRule(t, 'dotazioni.tipologia')],
              input: <Select showSearch={{ optionFilterProp: 'label' }} options={opzioni} placeholder={t('ui.seleziona')} notFoundContent={t('ui.nessun_dato')} />,
            },
            { name: 'quantita', label: 'dotazioni.quantita', width: 90, rules: [requiredRule(t, 'dotazioni.quantita')], input: <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} /> },
            { name: 'obbligatoria', label: 'dotazioni.obbligatoria', width: 100, valuePropName: 'checked', input: <Switch /> },
            { name: 'valida_dal', label: 'dotazioni.valida_dal', width: 150, input: <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} /> },
            { name: 'valida_al', label: 'dotazioni.valida_al', width: 150, input: <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} /> },
          ]}
        />
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy} style={{ marginTop: 16 }} data-testid="kit-salva">
          {t('dotazioni.salva_kit')}
        </Button>
      </Form>
    </Card>
  );
}

type PerDipendente = { dipendente_id: number; matricola: string; nome: string; mansione: string | null; righe: Mancante[] };

/** Who lacks what: one card per department, one line per employee with the types they lack. */
function MancantiTab() {
  const { t } = useTranslation();
  const mansioni = useMansioni();
  const [reparto, setReparto] = useState<number | undefined>();
  const [mansione, setMansione] = useState<number | undefined>();
  const query = { reparto_id: reparto, mansione_id: mansione };
  const q = useQuery({ queryKey: ['dotazioni', 'mancanti', query], queryFn: () => call(OPS_DOTAZIONI.mancanti, { query }) });
  const [scaricando, setScaricando] = useState(false);

  const reparti = useMemo(() => {
    const out = new Map<string, Map<number, PerDipendente>>();
    for (const r of q.data ?? []) {
      const rep = r.reparto_descrizione ?? '';
      if (!out.has(rep)) out.set(rep, new Map());
      const dip = out.get(rep)!;
      if (!dip.has(r.dipendente_id)) dip.set(r.dipendente_id, { dipendente_id: r.dipendente_id, matricola: r.matricola, nome: r.dipendente_nome, mansione: r.mansione_descrizione, righe: [] });
      dip.get(r.dipendente_id)!.righe.push(r);
    }
    return [...out].sort(([a], [b]) => a.localeCompare(b)).map(([nome, dip]) => ({ nome, dipendenti: [...dip.values()].sort((a, b) => a.nome.localeCompare(b.nome)) }));
  }, [q.data]);

  async function excel() {
    setScaricando(true);
    try {
      saveFile(await download(OPS_DOTAZIONI.mancantiExcel, { query }), 'dotazioni-mancanti.xlsx');
    } catch {
      /* notified */
    } finally {
      setScaricando(false);
    }
  }

  const columns: ColumnsType<PerDipendente> = [
    {
      key: 'dipendente', title: t('dotazioni.dipendente'),
      render: (_, d) => (
        <div>
          <div>{d.nome}</div>
          <div className="tl-dot-meta">{[d.matricola, d.mansione].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    {
      key: 'manca', title: t('dotazioni.manca'),
      render: (_, d) => (
        <Space size={[4, 4]} wrap>
          {d.righe.map((r) => (
            <Tag key={r.tipologia_id} color={r.scaduti ? 'orange' : 'red'}>
              {t('dotazioni.manca_riga', { tipologia: r.tipologia_descrizione, mancanti: r.mancanti, richiesti: r.richiesti })}
              {r.scaduti ? ` · ${t('dotazioni.scaduti_n', { count: r.scaduti })}` : ''}
            </Tag>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="tab-mancanti">
      <Space wrap style={{ marginBottom: 12 }}>
        <RepartoSelect value={reparto} onChange={setReparto} />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('dotazioni.mansione')}
          placeholder={t('dotazioni.tutte_le_mansioni')}
          style={{ width: 220 }}
          value={mansione}
          onChange={setMansione}
          options={(mansioni.data ?? []).map((m) => ({ value: m.mansione_id, label: m.descrizione }))}
        />
        <Tooltip title={t('ui.aggiorna')}>
          <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void q.refetch()} />
        </Tooltip>
        <Button icon={<FileExcelOutlined />} loading={scaricando} onClick={() => void excel()} data-testid="mancanti-excel">
          {t('ui.esporta_excel')}
        </Button>
      </Space>
      {q.isError && !q.data ? <Alert type="error" showIcon title={t('ui.errore_caricamento')} /> : null}
      {q.data && !reparti.length ? <Empty description={t('dotazioni.nessuno_manca')} data-testid="mancanti-vuoto" /> : null}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {reparti.map((r) => (
          <Card
            key={r.nome}
            size="small"
            title={`${r.nome || t('dotazioni.senza_reparto')} · ${t('dotazioni.dipendenti_n', { count: r.dipendenti.length })}`}
            data-testid="mancanti-reparto"
          >
            <Table<PerDipendente>
              size="small"
              rowKey="dipendente_id"
              columns={columns}
              dataSource={r.dipendenti}
              pagination={false}
              {...tableFit}
              onRow={(d) => ({ 'data-testid': `mancante-${d.matricola}` }) as React.HTMLAttributes<HTMLTableRowElement>}
            />
          </Card>
        ))}
      </Space>
    </div>
  );
}
