import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Select, Space, Table, Tabs, Tooltip, Typography, type TableProps } from 'antd';
import { FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TPianificazioneGriglia, TPianificazioneQuery } from '@tulip/contract';
import { OPS_COMMESSE } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { saveFile } from '../../platform/download';
import { dayjs, formatDate, type Dayjs } from '../../platform/formats';
import { notifyNegative } from '../../platform/notifications/store';
import { ChildRowsField } from '../../components/ChildRowsField';
import { MinutiInput, minutiRule } from '../../components/minuti';
import { PeriodNav } from '../../components/PeriodNav';
import { RepartoSelect } from '../../components/people';
import { SearchInput } from '../../components/SearchInput';
import { requiredRule } from '../../components/formRules';
import { CapoSelect, CommessaSelect, FaseSelect, ore, ReportLink } from './common';
import { Cronoprogramma } from './Cronoprogramma';

type Riga = TPianificazioneGriglia['righe'][number];
type Cella = Riga['celle'][number];
type Aperta = { riga: Riga; cella: Cella };
type Linea = { commessa_id?: number; fase_id?: number | null; minuti?: number | null };

const WIRE = 'YYYY-MM-DD';
/** The Monday of a day's week (weeks start on Monday). */
export const lunedi = (d: Dayjs) => d.subtract((d.day() + 6) % 7, 'day').startOf('day');
const SETTIMANE = [4, 8, 12] as const;
const chiave = (a: { commessa_id: number; fase_id?: number | null }) => `${a.commessa_id}|${a.fase_id ?? ''}`;

/** The phase of a line, among its order's phases (read with the order); closed phases cannot be chosen. */
function FaseLinea({ line, ...injected }: { line: number; id?: string; value?: number | null; onChange?: (v: number | null) => void }) {
  const commessaId = Form.useWatch(['righe', line, 'commessa_id']) as number | undefined;
  return <FaseSelect commessaId={commessaId} {...injected} />;
}

/** One employee's week: what is planned on which order and phase, edited and saved together (0 hours removes). */
function SettimanaDrawer({ aperta, griglia, onClose, onSaved }: { aperta: Aperta | null; griglia: TPianificazioneGriglia | undefined; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ righe: Linea[] }>();
  const [saving, setSaving] = useState(false);
  const dip = aperta?.riga.dipendente;
  const settimana = aperta?.cella.settimana ?? '';
  // the week's assignments in the latest answer (a refresh behind the drawer brings them anew)
  const esistenti = useMemo(
    () => (dip ? (griglia?.righe.find((r) => r.dipendente.id === dip.id)?.celle.find((c) => c.settimana === settimana)?.assegnazioni ?? []) : []),
    [griglia, dip, settimana],
  );
  const codici = useMemo(() => new Map((griglia?.commesse ?? []).map((c) => [c.id, c.codice])), [griglia]);
  const key = aperta ? `${aperta.riga.dipendente.id}|${settimana}` : null;
  useEffect(() => {
    if (key) form.setFieldsValue({ righe: esistenti.map((a) => ({ commessa_id: a.commessa_id, fase_id: a.fase_id, minuti: a.minuti })) });
    // the week opened, not every new list of assignments (a refresh behind the drawer keeps what is typed)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, form]);

  async function save() {
    if (!dip) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const linee = ((form.getFieldsValue(true) as { righe?: Linea[] }).righe ?? []).filter((l) => l.commessa_id);
    const nuove = linee.map((l) => ({ commessa_id: l.commessa_id!, fase_id: l.fase_id ?? null, dipendente_id: dip.id, settimana, minuti: l.minuti ?? 0 }));
    const keys = nuove.map(chiave);
    if (new Set(keys).size !== keys.length) return void notifyNegative(t('commesse.riga_ripetuta'));
    // what was planned and is no longer there goes with 0 hours
    const tolte = esistenti
      .filter((a) => !keys.includes(chiave(a)))
      .map((a) => ({ commessa_id: a.commessa_id, fase_id: a.fase_id, dipendente_id: dip.id, settimana, minuti: 0 }));
    const righe = [...nuove, ...tolte];
    if (!righe.length) return onClose();
    setSaving(true);
    try {
      await call(OPS_COMMESSE.pianifica, { body: { righe } });
      onSaved();
      onClose();
    } catch {
      /* notified */
    } finally {
      setSaving(false);
    }
  }

  const fine = settimana ? formatDate(dayjs(settimana).add(6, 'day').format(WIRE)) : '';
  return (
    <Drawer
      open={!!aperta}
      forceRender
      size={760}
      title={dip ? t('commesse.settimana_di', { nome: `${dip.cognome} ${dip.nome}`, dal: formatDate(settimana), al: fine }) : ''}
      onClose={onClose}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('ui.annulla')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="pianifica-salva">
            {t('ui.salva')}
          </Button>
        </Space>
      }
    >
      {aperta ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('commesse.capacita')}>{ore(aperta.cella.capacita)}</Descriptions.Item>
            <Descriptions.Item label={t('commesse.pianificate')}>{ore(aperta.cella.pianificati)}</Descriptions.Item>
            <Descriptions.Item label={t('commesse.registrate')}>{ore(aperta.cella.registrati)}</Descriptions.Item>
          </Descriptions>
          {aperta.cella.pianificati > aperta.cella.capacita ? (
            <Alert type="error" showIcon title={t('commesse.sovraccarico_testo', { ore: ore(aperta.cella.pianificati - aperta.cella.capacita) })} />
          ) : null}
          {esistenti.length ? (
            <Typography.Paragraph style={{ margin: 0 }}>
              {t('commesse.vai_al_consuntivo')}{' '}
              {[...new Map(esistenti.map((a) => [a.commessa_id, a])).values()].map((a, i) => (
                <span key={a.commessa_id}>
                  {i ? ', ' : ''}
                  <ReportLink id={a.commessa_id}>{codici.get(a.commessa_id)}</ReportLink>
                </span>
              ))}
            </Typography.Paragraph>
          ) : null}
        </Space>
      ) : null}
      <Form form={form} layout="vertical" name="pianifica" style={{ marginTop: 16 }} data-testid="pianifica-form">
        <ChildRowsField
          name="righe"
          label="commesse.assegnazioni"
          addLabel="commesse.aggiungi_assegnazione"
          fields={[
            { name: 'commessa_id', label: 'commesse.commessa', width: 280, rules: [requiredRule(t, 'commesse.commessa')], input: <CommessaSelect style={{ width: '100%' }} /> },
            { name: 'fase_id', label: 'commesse.fase', width: 200, input: (line) => <FaseLinea line={line} /> },
            {
              name: 'minuti', label: 'commesse.ore', width: 90,
              rules: [requiredRule(t, 'commesse.ore'), minutiRule(t('turni.formato_ore'))],
              input: <MinutiInput />,
            },
          ]}
        />
      </Form>
    </Drawer>
  );
}

/** The grid: employees × weeks, planned against capacity, with the filters and the export. */
function Griglia() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [ref, setRef] = useState<Dayjs>(() => dayjs());
  const [settimane, setSettimane] = useState<number>(8);
  const [reparto, setReparto] = useState<number | undefined>();
  const [commessa, setCommessa] = useState<number | undefined>();
  const [capo, setCapo] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const [aperta, setAperta] = useState<Aperta | null>(null);
  const [exporting, setExporting] = useState(false);

  const query: TPianificazioneQuery = {
    dal: lunedi(ref).format(WIRE), settimane, reparto_id: reparto, commessa_id: commessa, capo_commessa_id: capo, search: search || undefined,
  };
  const griglia = useQuery({
    queryKey: ['commesse', 'pianificazione', query],
    queryFn: () => call(OPS_COMMESSE.pianificazione, { query }),
    placeholderData: keepPreviousData,
  });
  const data = griglia.data;
  const refresh = () => qc.invalidateQueries({ queryKey: ['commesse', 'pianificazione'] });

  async function exportExcel() {
    setExporting(true);
    try {
      saveFile(await download(OPS_COMMESSE.pianificazioneExcel, { query }), `pianificazione_${query.dal}.xlsx`);
    } catch {
      /* notified */
    } finally {
      setExporting(false);
    }
  }

  const columns: NonNullable<TableProps<Riga>['columns']> = [
    {
      key: 'dipendente',
      title: t('commesse.dipendente'),
      fixed: 'left',
      width: 190,
      render: (_, r) => (
        <div className="tl-pian-dip">
          <div className="tl-pian-dip__nome">
            {r.dipendente.cognome} {r.dipendente.nome}
          </div>
          <div className="tl-pian-dip__meta">
            {r.dipendente.matricola}
            {r.dipendente.reparto_descrizione ? ` · ${r.dipendente.reparto_descrizione}` : ''}
          </div>
        </div>
      ),
    },
    ...(data?.settimane ?? []).map((s, i) => ({
      key: s,
      // eight weeks fit a 1366 px laptop beside the employee, without scrolling sideways
      width: 104,
      align: 'center' as const,
      className: 'tl-pian-col',
      title: (
        <div className="tl-pian-head">
          <div>{dayjs(s).format('DD/MM')}</div>
          <div className="tl-pian-head__al">{dayjs(s).add(6, 'day').format('DD/MM')}</div>
        </div>
      ),
      render: (_: unknown, r: Riga) => {
        const c = r.celle[i];
        if (!c) return null;
        const over = c.pianificati > c.capacita;
        // what the cell shows, then for a screen reader (and in the tooltip) whose week it is and what it means
        const chi = [`${r.dipendente.cognome} ${r.dipendente.nome}`, t('commesse.settimana_dal', { data: formatDate(s) }), over ? t('commesse.sovraccarico') : '']
          .filter(Boolean)
          .join(', ');
        const title = [
          t('commesse.pianificate_su', { pianificate: ore(c.pianificati), capacita: ore(c.capacita) }),
          c.registrati > 0 ? t('commesse.registrate_ore', { ore: ore(c.registrati) }) : '',
          chi,
        ]
          .filter(Boolean)
          .join(', ');
        return (
          <button
            type="button"
            className={`tl-pian-cell${over ? ' is-over' : ''}${c.pianificati === 0 ? ' is-empty' : ''}`}
            title={title}
            data-testid={`cella-${r.dipendente.id}-${s}`}
            onClick={() => setAperta({ riga: r, cella: c })}
          >
            <span className="tl-pian-cell__ore">
              {ore(c.pianificati)} / {ore(c.capacita)}
            </span>
            {c.registrati > 0 ? <span className="tl-pian-cell__reg">{t('commesse.registrate_breve', { ore: ore(c.registrati) })}</span> : null}
            <span className="tl-sr-only">, {chi}</span>
          </button>
        );
      },
    })),
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <PeriodNav value={ref} onChange={setRef} unit="week" />
        <Select<number>
          aria-label={t('commesse.numero_settimane')}
          value={settimane}
          onChange={setSettimane}
          style={{ width: 130 }}
          options={SETTIMANE.map((n) => ({ value: n, label: t('commesse.n_settimane', { count: n }) }))}
        />
        <RepartoSelect value={reparto} onChange={setReparto} style={{ width: 190 }} />
        <CommessaSelect value={commessa} onChange={(v: number) => setCommessa(v ?? undefined)} placeholder="commesse.tutte_le_commesse" style={{ width: 220 }} />
        <CapoSelect value={capo} onChange={setCapo} />
        <SearchInput allowClear aria-label={t('commesse.cerca_dipendente')} placeholder={t('commesse.cerca_dipendente')} style={{ width: 220 }} onSearch={(v) => setSearch(v.trim())} />
        <Tooltip title={t('ui.aggiorna')}>
          <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void griglia.refetch()} />
        </Tooltip>
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportExcel()}>
          {t('ui.esporta_excel')}
        </Button>
      </Space>
      <div className="tl-pian-legend">
        <span className="tl-pian-cell tl-pian-cell--legend">8:00 / 40:00</span> {t('commesse.legenda_cella')}
        <span className="tl-pian-cell tl-pian-cell--legend is-over">48:00 / 40:00</span> {t('commesse.sovraccarico')}
      </div>
      {griglia.isError && !data ? <Alert type="error" showIcon title={t('ui.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
      <div data-testid="pianificazione-griglia" className="tl-pian">
        <Table<Riga>
          rowKey={(r) => r.dipendente.id}
          size="small"
          bordered
          columns={columns}
          dataSource={data?.righe ?? []}
          loading={griglia.isFetching}
          locale={{ emptyText: t('ui.nessun_dato') }}
          pagination={{ defaultPageSize: 50, pageSizeOptions: [25, 50, 100], showSizeChanger: true, hideOnSinglePage: true, showTotal: (n) => t('ui.totale_elementi', { count: n }) }}
          scroll={{ x: 'max-content' }}
        />
      </div>
      <SettimanaDrawer aperta={aperta} griglia={data} onClose={() => setAperta(null)} onSaved={() => void refresh()} />
    </>
  );
}

/** /commesse/pianificazione: hours per order and phase, per employee, per week, against capacity; the orders' timeline. */
export function PianificazionePage() {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('menu.commesse.pianificazione')}
      </Typography.Title>
      <Tabs
        items={[
          { key: 'griglia', label: t('commesse.pianificazione'), children: <Griglia /> },
          { key: 'cronoprogramma', label: t('commesse.cronoprogramma'), children: <Cronoprogramma /> },
        ]}
      />
    </div>
  );
}
