import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Progress, Row, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { TConsuntivo } from '@tulip/contract';
import { OPS_COMMESSE } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { openFile, saveFile } from '../../platform/download';
import type { FileAnswer } from '../../platform/http';
import { dayjs, formatDate } from '../../platform/formats';
import { formatAmount, formatMoney } from '../../components/money';
import { tableFit } from '../../components/tableFit';
import { CommessaSelect, ore, ScegliCommessa, StatoTag } from './common';

const ReportChart = lazy(() => import('./ReportChart').then((m) => ({ default: m.ReportChart })));

type Fase = TConsuntivo['fasi'][number];
const ROSSO = '#cf1322';
const VERDE = '#237804';

/** One figure of the totals, coloured when it says something is wrong (or right). */
function Cifra({ title, value, color, testId }: { title: string; value: ReactNode; color?: string; testId?: string }) {
  return (
    <Card size="small" data-testid={testId}>
      <Statistic title={title} value={value as string} styles={{ content: { color, fontSize: 22 } }} />
    </Card>
  );
}

/** How the labour cost was computed: the job role's cost, or the hourly pay × the coefficient (and the minutes that had no contract). */
function CostoModo({ c }: { c: TConsuntivo }) {
  const { t } = useTranslation();
  const retribuzione = c.costo_orario === 'retribuzione';
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }} data-testid="report-costo-modo">
      {retribuzione ? t('commesse.costo_da_retribuzione', { coefficiente: formatAmount(Math.round(c.coefficiente_costi_indiretti * 100)) }) : t('commesse.costo_da_mansione')}
      {retribuzione && c.minuti_costo_mansione > 0 ? (
        <>
          <br />
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {t('commesse.minuti_costo_mansione', { ore: ore(c.minuti_costo_mansione) })}
          </Typography.Text>
        </>
      ) : null}
    </Typography.Text>
  );
}

function Consuntivo({ c }: { c: TConsuntivo }) {
  const { t } = useTranslation();
  const budget = c.minuti_budget ?? 0;
  const residuo = c.minuti_budget === null ? null : c.minuti_budget - c.minuti_registrati;
  const margine = c.costo_budget === null ? null : c.costo_budget - c.costo_registrato;
  const pianoSuBudget = budget ? Math.round((c.minuti_pianificati / budget) * 100) : 0;
  const registratoSuBudget = budget ? Math.round((c.minuti_registrati / budget) * 100) : 0;
  const settimane = c.settimane;

  const columns: ColumnsType<Fase> = [
    { key: 'codice', title: t('commesse.fase_codice'), dataIndex: 'codice', width: 110 },
    { key: 'descrizione', title: t('commesse.fase_descrizione'), dataIndex: 'descrizione' },
    { key: 'previste', title: t('commesse.ore_previste'), align: 'right', render: (_, f) => (f.minuti_previsti === null ? '—' : ore(f.minuti_previsti)) },
    {
      key: 'pianificate', title: t('commesse.pianificate'), align: 'right',
      render: (_, f) => <span style={{ color: f.minuti_previsti !== null && f.minuti_pianificati > f.minuti_previsti ? ROSSO : undefined }}>{ore(f.minuti_pianificati)}</span>,
    },
    { key: 'registrate', title: t('commesse.registrate'), align: 'right', render: (_, f) => ore(f.minuti_registrati) },
    {
      key: 'residue', title: t('commesse.residue'), align: 'right',
      render: (_, f) => {
        if (f.minuti_previsti === null) return '—';
        const r = f.minuti_previsti - f.minuti_registrati;
        return <span style={{ color: r < 0 ? ROSSO : undefined }}>{ore(r)}</span>;
      },
    },
    { key: 'costo', title: t('commesse.costo_manodopera'), align: 'right', render: (_, f) => formatMoney(f.costo_registrato) },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="report">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {c.commessa.codice} – {c.commessa.descrizione} <StatoTag stato={c.commessa.stato} />
        {c.commessa.cliente_ragione_sociale ? <Typography.Text type="secondary"> · {c.commessa.cliente_ragione_sociale}</Typography.Text> : null}
      </Typography.Title>
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6} xl={3}>
          <Cifra title={t('commesse.ore_budget')} value={c.minuti_budget === null ? '—' : ore(c.minuti_budget)} testId="report-budget" />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Cifra title={t('commesse.pianificate')} value={ore(c.minuti_pianificati)} color={budget && c.minuti_pianificati > budget ? ROSSO : undefined} testId="report-pianificate" />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Cifra title={t('commesse.registrate')} value={ore(c.minuti_registrati)} testId="report-registrate" />
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Cifra title={t('commesse.residue')} value={residuo === null ? '—' : ore(residuo)} color={residuo !== null && residuo < 0 ? ROSSO : undefined} testId="report-residue" />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Cifra title={t('commesse.costo_manodopera')} value={formatMoney(c.costo_registrato)} testId="report-costo" />
          <CostoModo c={c} />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Cifra title={t('commesse.costo_budget')} value={c.costo_budget === null ? '—' : formatMoney(c.costo_budget)} testId="report-costo-budget" />
        </Col>
        <Col xs={24} md={8} xl={4}>
          <Cifra
            title={t('commesse.margine')}
            value={margine === null ? '—' : formatMoney(margine)}
            color={margine === null ? undefined : margine < 0 ? ROSSO : VERDE}
            testId="report-margine"
          />
        </Col>
      </Row>
      <Card size="small" title={t('commesse.budget_piano')} data-testid="report-budget-piano">
        {budget ? (
          <>
            <Typography.Text>{t('commesse.piano_su_budget', { pianificate: ore(c.minuti_pianificati), budget: ore(budget), percento: pianoSuBudget })}</Typography.Text>
            <Progress percent={Math.min(100, pianoSuBudget)} status={pianoSuBudget > 100 ? 'exception' : 'normal'} aria-label={t('commesse.pianificate')} format={() => `${pianoSuBudget}%`} />
            <Typography.Text>{t('commesse.registrato_su_budget', { registrate: ore(c.minuti_registrati), budget: ore(budget), percento: registratoSuBudget })}</Typography.Text>
            <Progress percent={Math.min(100, registratoSuBudget)} status={registratoSuBudget > 100 ? 'exception' : 'normal'} aria-label={t('commesse.registrate')} format={() => `${registratoSuBudget}%`} />
          </>
        ) : (
          <Typography.Text type="secondary">{t('commesse.senza_budget')}</Typography.Text>
        )}
      </Card>
      <Card size="small" title={t('commesse.fasi')}>
        <Table<Fase>
          size="small"
          rowKey="fase_id"
          columns={columns}
          dataSource={c.fasi}
          {...tableFit}
          pagination={false}
          locale={{ emptyText: t('commesse.nessuna_fase') }}
          data-testid="report-fasi"
        />
      </Card>
      <Card size="small" title={t('commesse.ore_per_settimana')}>
        {settimane.length ? (
          <Suspense fallback={<Skeleton active />}>
            <ReportChart
              labels={settimane.map((s) => dayjs(s.settimana).format('DD/MM'))}
              registrati={settimane.map((s) => s.minuti_registrati)}
              pianificati={settimane.map((s) => s.minuti_pianificati)}
              nomi={{ registrati: t('commesse.registrate'), pianificati: t('commesse.pianificate'), ore: t('commesse.ore') }}
              descrizione={t('commesse.grafico_descrizione', {
                dal: formatDate(settimane[0].settimana),
                al: formatDate(dayjs(settimane[settimane.length - 1].settimana).add(6, 'day').format('YYYY-MM-DD')),
                registrate: ore(c.minuti_registrati),
                pianificate: ore(c.minuti_pianificati),
              })}
            />
          </Suspense>
        ) : (
          <Typography.Text type="secondary">{t('commesse.nessuna_settimana')}</Typography.Text>
        )}
      </Card>
    </Space>
  );
}

/** /commesse/report/:id?: an order's budget, plan, recorded hours and costs, per phase and per week. */
export function ReportCommessaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const consuntivo = useQuery({
    queryKey: ['commesse', 'consuntivo', id],
    queryFn: () => call(OPS_COMMESSE.consuntivo, { params: { id: id! } }),
    enabled: !!id,
  });
  const codice = consuntivo.data?.commessa.codice ?? String(id);

  async function file(kind: 'xlsx' | 'pdf', get: () => Promise<FileAnswer>) {
    setBusy(kind);
    try {
      const f = await get();
      if (kind === 'pdf') openFile(f, `scheda-${codice}.pdf`);
      else saveFile(f, `consuntivo-${codice}.xlsx`);
    } catch {
      /* notified */
    } finally {
      setBusy(null);
    }
  }

  return (
    <div>
      <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.commesse.report')}
          </Typography.Title>
        </Col>
        <Col>
          <Space wrap>
            <CommessaSelect value={id} onChange={(v: number) => navigate(v ? `/commesse/report/${v}` : '/commesse/report')} testId="report-commessa" />
            <Button icon={<FileExcelOutlined />} disabled={!consuntivo.data} loading={busy === 'xlsx'} onClick={() => void file('xlsx', () => download(OPS_COMMESSE.consuntivoExcel, { params: { id: id! } }))}>
              {t('ui.esporta_excel')}
            </Button>
            <Button icon={<FilePdfOutlined />} disabled={!consuntivo.data} loading={busy === 'pdf'} onClick={() => void file('pdf', () => download(OPS_COMMESSE.scheda, { params: { id: id! } }))}>
              {t('commesse.scheda')}
            </Button>
          </Space>
        </Col>
      </Row>
      {!id ? <ScegliCommessa /> : consuntivo.data ? <Consuntivo c={consuntivo.data} /> : <Card loading={consuntivo.isLoading}>{consuntivo.isError ? t('ui.errore_caricamento') : null}</Card>}
    </div>
  );
}
