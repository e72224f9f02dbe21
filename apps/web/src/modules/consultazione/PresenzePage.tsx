import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Select, Statistic, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { call } from '../../platform/api';
import { seesLeaveType, STATI_PRESENZA, type StatoPresenza, type TContatoriPresenze, type TRigaPresenza } from '@tulip/contract';
import { OPS_CONSULTAZIONE } from '@tulip/contract/wire';
import { useSession } from '../../platform/session';
import { dayjs } from '../../platform/formats';
import { PageHeader } from './components';
import { contaPresenze, filtraPresenze } from './format';
import { SearchInput } from '../../components/SearchInput';
import { useSearchParams } from 'react-router';
import { tableFit } from '../../components/tableFit';

const REFRESH_MS = 20_000;

export const STATO_COLORE: Record<StatoPresenza, string> = {
  presente: 'green',
  in_ritardo: 'orange',
  atteso: 'cyan',
  uscito: 'blue',
  turno_concluso: 'geekblue',
  assente_giustificato: 'gold',
  assente: 'red',
  riposo: 'default',
};

const CARDS: { key: keyof TContatoriPresenze; stato: StatoPresenza | null; color: string }[] = [
  { key: 'presenti', stato: 'presente', color: '#389e0d' },
  { key: 'in_ritardo', stato: 'in_ritardo', color: '#d4380d' },
  { key: 'attesi', stato: 'atteso', color: '#08979c' },
  { key: 'usciti', stato: 'uscito', color: '#0958d9' },
  { key: 'turno_concluso', stato: 'turno_concluso', color: '#1d39c4' },
  { key: 'assenti_giustificati', stato: 'assente_giustificato', color: '#d48806' },
  { key: 'assenti', stato: 'assente', color: '#cf1322' },
  { key: 'riposo', stato: 'riposo', color: 'rgba(0,0,0,0.55)' },
  { key: 'totale', stato: null, color: 'rgba(0,0,0,0.88)' },
];

function StatoTag({ stato }: { stato: StatoPresenza }) {
  const { t } = useTranslation();
  return <Tag color={STATO_COLORE[stato] ?? 'default'}>{t(`presenti.stato_${stato}`, { defaultValue: stato })}</Tag>;
}

function UltimaTimbratura({ r }: { r: TRigaPresenza }) {
  const { t } = useTranslation();
  const u = r.ultima_timbratura;
  if (!u) return <Typography.Text type="secondary">—</Typography.Text>;
  const d = dayjs(u.ts);
  const today = d.isSame(dayjs(), 'day');
  return (
    <span title={d.format('DD/MM/YYYY HH:mm:ss')}>
      {today ? d.format('HH:mm') : d.format('DD/MM HH:mm')}{' '}
      <Tag color={u.verso === 'E' ? 'green' : 'blue'} style={{ marginInlineEnd: 0 }}>
        {t(`cartellino.verso_${u.verso}`)}
      </Tag>
    </span>
  );
}

/** Presence now: counters, a filterable list, refreshed every 20 s. */
function Presenze({ op, title }: { op: typeof OPS_CONSULTAZIONE.presenze | typeof OPS_CONSULTAZIONE.presenzeReparto; title: string }) {
  const { t } = useTranslation();
  // ?stato=assente: the home page's counts link here (issue #12)
  const [params] = useSearchParams();
  const [stato, setStato] = useState<StatoPresenza | null>(() => (STATI_PRESENZA as readonly string[]).includes(params.get('stato') ?? '') ? (params.get('stato') as StatoPresenza) : null);
  const [reparto, setReparto] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  const query = useQuery({
    queryKey: ['presenze', op.path],
    queryFn: () => call(op, { query: {} }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  const righe = useMemo(() => query.data?.righe ?? [], [query.data]);
  const reparti = useMemo(
    () => [...new Set(righe.map((r) => r.dipendente.reparto_descrizione).filter((x): x is string => !!x))].sort((a, b) => a.localeCompare(b)),
    [righe],
  );
  const delReparto = useMemo(() => (reparto ? filtraPresenze(righe, { reparto }) : righe), [righe, reparto]);
  const contatori: TContatoriPresenze | undefined = reparto ? contaPresenze(delReparto) : query.data?.contatori;
  const visibili = useMemo(() => filtraPresenze(delReparto, { stato, search }), [delReparto, stato, search]);

  const aggiornato = query.data?.aggiornato_il ? dayjs(query.data.aggiornato_il) : query.dataUpdatedAt ? dayjs(query.dataUpdatedAt) : null;

  const pick = (s: StatoPresenza | null) => setStato((cur) => (s === cur ? null : s));
  const onCardKey = (e: KeyboardEvent, s: StatoPresenza | null) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(s);
    }
  };

  const { defs, profile } = useSession();
  const seesCausale = seesLeaveType(profile?.profilo ? { scope: profile.profilo.scope, routes: defs.routes } : null);
  const columns: TableProps<TRigaPresenza>['columns'] = [
    {
      key: 'matricola',
      title: t('dipendenti.matricola'),
      width: 110,
      sorter: (a, b) => a.dipendente.matricola.localeCompare(b.dipendente.matricola, undefined, { numeric: true }),
      render: (_: unknown, r) => r.dipendente.matricola,
    },
    {
      key: 'dipendente',
      title: t('consultazione.dipendente'),
      defaultSortOrder: 'ascend',
      sorter: (a, b) => `${a.dipendente.cognome} ${a.dipendente.nome}`.localeCompare(`${b.dipendente.cognome} ${b.dipendente.nome}`),
      render: (_: unknown, r) => (
        <Typography.Text strong>
          {r.dipendente.cognome} {r.dipendente.nome}
        </Typography.Text>
      ),
    },
    {
      key: 'reparto',
      title: t('dipendenti.reparto'),
      sorter: (a, b) => (a.dipendente.reparto_descrizione ?? '').localeCompare(b.dipendente.reparto_descrizione ?? ''),
      render: (_: unknown, r) => r.dipendente.reparto_descrizione ?? '—',
    },
    { key: 'turno', title: t('cartellino.turno'), render: (_: unknown, r) => r.turno ?? '—' },
    {
      key: 'stato',
      title: t('presenti.stato'),
      sorter: (a, b) => STATI_PRESENZA.indexOf(a.stato) - STATI_PRESENZA.indexOf(b.stato),
      render: (_: unknown, r) => <StatoTag stato={r.stato} />,
    },
    {
      key: 'ultima',
      title: t('presenti.ultima_timbratura'),
      sorter: (a, b) => (a.ultima_timbratura?.ts ?? '').localeCompare(b.ultima_timbratura?.ts ?? ''),
      render: (_: unknown, r) => <UltimaTimbratura r={r} />,
    },
    // the leave type is shown to who manages leave only (the server sends it to them alone): no empty column for reception
    ...(seesCausale ? [{ key: 'causale', title: t('presenti.causale'), render: (_: unknown, r: TRigaPresenza) => (r.causale ? <Tag>{r.causale}</Tag> : '') }] : []),
  ];

  return (
    <div data-testid="presenze">
      <PageHeader
        title={t(title)}
        extra={
          <>
            <Typography.Text type="secondary" aria-live="polite" data-testid="presenze-aggiornato">
              {aggiornato ? t('presenti.aggiornato_alle', { ora: aggiornato.format('HH:mm:ss') }) : ''}
            </Typography.Text>
            <Tooltip title={t('ui.aggiorna')}>
              <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} loading={query.isFetching} onClick={() => void query.refetch()} />
            </Tooltip>
          </>
        }
      />
      {query.isError && !query.data ? (
        <Alert type="error" showIcon title={t('consultazione.errore_caricamento')} style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }} role="group" aria-label={t('presenti.contatori')}>
        {CARDS.map((c) => {
          const active = c.stato !== null && stato === c.stato;
          return (
            <Col key={c.key} flex="1 1 120px">
              <Card
                className={`tl-stat-card${active ? ' tl-stat-card--attivo' : ''}`}
                hoverable
                role="button"
                tabIndex={0}
                aria-pressed={c.stato === null ? stato === null : active}
                onClick={() => pick(c.stato)}
                onKeyDown={(e) => onCardKey(e, c.stato)}
                data-testid={`presenze-${c.key}`}
              >
                <Statistic
                  title={t(`presenti.contatore_${c.key}`)}
                  value={contatori?.[c.key] ?? 0}
                  loading={query.isLoading}
                  styles={{ content: { color: c.color } }}
                />
              </Card>
            </Col>
          );
        })}
      </Row>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col>
          <Select<StatoPresenza>
            allowClear
            aria-label={t('presenti.stato')}
            placeholder={t('presenti.tutti_gli_stati')}
            style={{ width: 200 }}
            value={stato ?? undefined}
            onChange={(v) => setStato(v ?? null)}
            options={STATI_PRESENZA.map((s) => ({ value: s, label: t(`presenti.stato_${s}`) }))}
          />
        </Col>
        <Col>
          <Select<string>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('dipendenti.reparto')}
            placeholder={t('presenti.tutti_i_reparti')}
            notFoundContent={t('ui.nessun_dato')}
            style={{ width: 220 }}
            value={reparto ?? undefined}
            onChange={(v) => setReparto(v ?? null)}
            options={reparti.map((r) => ({ value: r, label: r }))}
          />
        </Col>
        <Col>
          <SearchInput
            allowClear
            aria-label={t('presenti.cerca_dipendente')}
            placeholder={t('presenti.cerca_dipendente')}
            style={{ width: 260 }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Col>
      </Row>
      <div data-testid="presenze-tabella">
        <Table<TRigaPresenza>
          size="middle"
          rowKey={(r) => String(r.dipendente.id)}
          columns={columns}
          dataSource={visibili}
          loading={query.isLoading}
          {...tableFit}
          locale={{ emptyText: query.isLoading ? t('app.caricamento') : t('presenti.nessun_dipendente') }}
          pagination={{
            defaultPageSize: 50,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100, 200],
            showTotal: (n) => t('ui.totale_elementi', { count: n }),
            hideOnSinglePage: true,
          }}
        />
      </div>
    </div>
  );
}

/** /presentiassenti: everyone in the user's scope. */
export function PresentiAssentiPage() {
  return <Presenze op={OPS_CONSULTAZIONE.presenze} title="menu.presentiassenti" />;
}

/** /presentireparto: the departments the manager is responsible for. */
export function PresentiRepartoPage() {
  return <Presenze op={OPS_CONSULTAZIONE.presenzeReparto} title="menu.presentireparto" />;
}
