import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Modal, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { CopyOutlined, SaveOutlined } from '@ant-design/icons';
import { ZAssociazioni, ZCostiMansione, type OpResult } from '@tulip/contract';
import { OPS_COMMESSE, RES_DIPENDENTI, RES_MANSIONI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { useLookup } from '../../platform/queries';
import { notifyNegative } from '../../platform/notifications/store';
import { ChildRowsField } from '../../components/ChildRowsField';
import { LookupSelect } from '../../components/LookupSelect';
import { MoneyField, moneyRule, type MoneyValue } from '../../components/MoneyField';
import { formatAmount } from '../../components/money';
import { requiredRule } from '../../components/formRules';
import { tableFit } from '../../components/tableFit';
import { CommessaSelect, ScegliCommessa } from './common';
import { CostoLavoro } from './CostoLavoro';

type Lette = OpResult<typeof OPS_COMMESSE.associazioni>;
type Esito = OpResult<typeof OPS_COMMESSE.applicaAssociazioni>['data'];
type CostoMansione = OpResult<typeof OPS_COMMESSE.costiMansione>[number];
type MansioneValues = { mansione_id?: number; costo_orario?: MoneyValue; predefinita?: boolean };
type Values = { fasi: { fase_id: number; mansioni: MansioneValues[] }[]; team: number[] };

const cents = (v: MoneyValue | undefined) => (typeof v === 'number' ? v : null);

/** The roles of each phase with their hourly cost and default phase, and the order's team. */
function AssociazioniCommessa({ commessaId }: { commessaId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [applica, setApplica] = useState(false);
  const dipendenti = useLookup(RES_DIPENDENTI.path);
  const lette = useQuery({
    queryKey: ['commesse', 'associazioni', commessaId],
    queryFn: () => call(OPS_COMMESSE.associazioni, { params: { id: commessaId } }),
  });
  const data: Lette | undefined = lette.data;
  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      fasi: data.fasi.map((f) => ({ fase_id: f.fase_id, mansioni: f.mansioni.map((m) => ({ mansione_id: m.mansione_id, costo_orario: m.costo_orario, predefinita: m.predefinita })) })),
      team: data.team.map((x) => x.dipendente_id),
    });
  }, [data, form]);

  /** A role has one default phase per order: choosing another one clears the earlier. */
  function onValuesChange(changed: Partial<Values>, all: Values) {
    (changed.fasi ?? []).forEach((f, i) =>
      (f?.mansioni ?? []).forEach((m, j) => {
        if (!m?.predefinita) return;
        const mansione = all.fasi[i]?.mansioni[j]?.mansione_id;
        all.fasi.forEach((g, k) =>
          g.mansioni.forEach((x, l) => {
            if ((k !== i || l !== j) && x?.predefinita && x.mansione_id === mansione) form.setFieldValue(['fasi', k, 'mansioni', l, 'predefinita'], false);
          }),
        );
      }),
    );
  }

  async function save() {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const v = form.getFieldsValue(true) as Values;
    const body = {
      fasi: (v.fasi ?? []).map((f) => ({
        fase_id: f.fase_id,
        mansioni: (f.mansioni ?? []).map((m) => ({ mansione_id: m.mansione_id, costo_orario: cents(m.costo_orario), predefinita: !!m.predefinita })),
      })),
      team: v.team ?? [],
    };
    const parsed = ZAssociazioni.safeParse(body);
    if (!parsed.success) return void notifyNegative(t(parsed.error.issues[0]?.message ?? 'avvisi.valore_non_valido'));
    setSaving(true);
    try {
      await call(OPS_COMMESSE.salvaAssociazioni, { params: { id: commessaId }, body: parsed.data });
      await qc.invalidateQueries({ queryKey: ['commesse', 'associazioni', commessaId] });
    } catch {
      /* notified */
    } finally {
      setSaving(false);
    }
  }

  if (!data) return <Card loading />;
  const capo = dipendenti.data?.find((d) => Number(d.value) === data.capo_commessa_id)?.label;
  return (
    <Form form={form} layout="vertical" name="associazioni" onValuesChange={onValuesChange} data-testid="associazioni-form">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card
          title={t('commesse.mansioni_per_fase')}
          extra={
            <Space wrap>
              <Button icon={<CopyOutlined />} onClick={() => setApplica(true)}>
                {t('commesse.applica_altre')}
              </Button>
              <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="associazioni-salva">
                {t('ui.salva')}
              </Button>
            </Space>
          }
        >
          <Typography.Paragraph type="secondary">{t('commesse.costo_vuoto_standard')}</Typography.Paragraph>
          {data.fasi.length ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('commesse.nessuna_fase')} />}
          {data.fasi.map((f, i) => (
            <div key={f.fase_id} className="tl-assoc-fase">
              <ChildRowsField
                name={['fasi', i, 'mansioni']}
                label={`${f.codice} – ${f.descrizione}`}
                addLabel="commesse.aggiungi_mansione"
                defaults={{ predefinita: false }}
                fields={[
                  {
                    name: 'mansione_id', label: 'commesse.mansione', width: 240, rules: [requiredRule(t, 'commesse.mansione')],
                    input: <LookupSelect path={RES_MANSIONI.path} numeric />,
                  },
                  { name: 'costo_orario', label: 'commesse.costo_orario', width: 160, rules: [moneyRule(t, 'commesse.costo_orario')], input: <MoneyField /> },
                  { name: 'predefinita', label: 'commesse.predefinita', valuePropName: 'checked', input: <Switch /> },
                ]}
              />
            </div>
          ))}
        </Card>
        <Card title={t('commesse.squadra')}>
          <Typography.Paragraph>
            {t('commesse.capo_commessa')}: <Typography.Text strong>{capo ?? t('ui.nessuno')}</Typography.Text>
          </Typography.Paragraph>
          <Form.Item name="team" label={t('commesse.squadra_dipendenti')} extra={t('commesse.squadra_extra')}>
            <LookupSelect path={RES_DIPENDENTI.path} numeric multiple />
          </Form.Item>
        </Card>
      </Space>
      <ApplicaModal open={applica} da={commessaId} onClose={() => setApplica(false)} />
    </Form>
  );
}

/** "Applica ad altre commesse": this order's associations copied to others, phase by phase code. */
function ApplicaModal({ open, da, onClose }: { open: boolean; da: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [a, setA] = useState<number[]>([]);
  const [team, setTeam] = useState(false);
  const [busy, setBusy] = useState(false);
  const [esito, setEsito] = useState<Esito | null>(null);
  const close = () => {
    setA([]);
    setTeam(false);
    setEsito(null);
    onClose();
  };
  async function apply() {
    setBusy(true);
    try {
      const answer = await call(OPS_COMMESSE.applicaAssociazioni, { body: { da, a: a.filter((x) => x !== da), team } });
      setEsito(answer.data);
    } catch {
      /* notified */
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={open}
      title={t('commesse.applica_altre')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{esito ? t('ui.chiudi') : t('ui.annulla')}</Button>
          {esito ? null : (
            <Button type="primary" disabled={!a.filter((x) => x !== da).length} loading={busy} onClick={() => void apply()}>
              {t('commesse.applica')}
            </Button>
          )}
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('commesse.applica_testo')}
        </Typography.Paragraph>
        <CommessaSelect multiple value={a} onChange={(v: number[]) => setA(v ?? [])} label="commesse.commesse_destinazione" placeholder="commesse.commesse_destinazione" style={{ width: '100%' }} />
        <Space>
          <Switch checked={team} onChange={setTeam} aria-label={t('commesse.copia_squadra')} />
          <span>{t('commesse.copia_squadra')}</span>
        </Space>
        {esito ? (
          <Alert
            type={esito.fasi_mancanti.length ? 'warning' : 'success'}
            showIcon
            data-testid="applica-esito"
            title={t('commesse.applicate', { count: esito.commesse, associazioni: esito.associazioni })}
            description={
              esito.fasi_mancanti.length ? (
                <>
                  {t('commesse.fasi_mancanti')}{' '}
                  {esito.fasi_mancanti.map((c) => (
                    <Tag key={c}>{c}</Tag>
                  ))}
                </>
              ) : undefined
            }
          />
        ) : null}
      </Space>
    </Modal>
  );
}

/** The standard hourly cost of each role, used where an order's phase names none. */
function CostiStandard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ costi: { mansione_id: number; costo_orario: MoneyValue }[] }>();
  const [saving, setSaving] = useState(false);
  const costi = useQuery({ queryKey: ['commesse', 'costi-mansione'], queryFn: () => call(OPS_COMMESSE.costiMansione) });
  useEffect(() => {
    if (costi.data) form.setFieldsValue({ costi: costi.data.map((c) => ({ mansione_id: c.mansione_id, costo_orario: c.costo_orario })) });
  }, [costi.data, form]);
  async function save() {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const v = form.getFieldsValue(true) as { costi?: { mansione_id: number; costo_orario: MoneyValue }[] };
    const parsed = ZCostiMansione.safeParse({ costi: (v.costi ?? []).map((c) => ({ mansione_id: c.mansione_id, costo_orario: cents(c.costo_orario) })) });
    if (!parsed.success) return void notifyNegative(t(parsed.error.issues[0]?.message ?? 'avvisi.valore_non_valido'));
    setSaving(true);
    try {
      await call(OPS_COMMESSE.salvaCostiMansione, { body: parsed.data });
      await qc.invalidateQueries({ queryKey: ['commesse', 'costi-mansione'] });
    } catch {
      /* notified */
    } finally {
      setSaving(false);
    }
  }
  const rows = costi.data ?? [];
  return (
    <Card
      title={t('commesse.costi_standard')}
      extra={
        <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!rows.length} onClick={() => void save()}>
          {t('ui.salva')}
        </Button>
      }
    >
      <Form form={form} name="costi-mansione" component={false}>
        <Table<CostoMansione>
          size="small"
          rowKey="mansione_id"
          dataSource={rows}
          loading={costi.isFetching}
          {...tableFit}
          pagination={false}
          locale={{ emptyText: t('ui.nessun_dato') }}
          columns={[
            { key: 'codice', title: t('commesse.codice'), dataIndex: 'codice', width: 140 },
            { key: 'descrizione', title: t('commesse.mansione'), dataIndex: 'descrizione' },
            {
              key: 'costo', title: t('commesse.costo_orario'), width: 220,
              render: (_, c, i) => (
                <Form.Item name={['costi', i, 'costo_orario']} rules={[moneyRule(t, 'commesse.costo_orario')]} style={{ margin: 0 }}>
                  <MoneyField aria-label={`${t('commesse.costo_orario')} ${c.descrizione}`} placeholder={c.costo_orario === null ? '—' : formatAmount(c.costo_orario)} />
                </Form.Item>
              ),
            },
          ]}
        />
      </Form>
    </Card>
  );
}

/** /commesse/associa: the roles that work on each phase with their cost, the default phases, the team; the standard costs; how the report costs an hour. */
export function AssociaPage() {
  const { t } = useTranslation();
  const [commessa, setCommessa] = useState<number | null>(null);
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('menu.commesse.associa')}
      </Typography.Title>
      <Tabs
        items={[
          {
            key: 'associazioni',
            label: t('commesse.associazioni'),
            children: (
              <>
                <Space wrap style={{ marginBottom: 16 }}>
                  <CommessaSelect value={commessa} onChange={(v: number) => setCommessa(v ?? null)} testId="associa-commessa" />
                </Space>
                {commessa ? <AssociazioniCommessa key={commessa} commessaId={commessa} /> : <ScegliCommessa />}
              </>
            ),
          },
          { key: 'costi', label: t('commesse.costi_standard'), children: <CostiStandard /> },
          { key: 'costo-lavoro', label: t('commesse.costo_lavoro'), children: <CostoLavoro /> },
        ]}
      />
    </div>
  );
}
