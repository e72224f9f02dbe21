import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Select, Statistic, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { ReloadOutlined } from '@ant-design/icons';
import { call } from '../../platform/api';
import { CONTATORE_DI, seesLeaveType, STATI_PRESENZA, type OrdinePresenze, type StatoPresenza, type TContatoriPresenze, type TRigaPresenza } from '@tulip/contract';
import { OPS_CONSULTAZIONE } from '@tulip/contract/wire';
import { useSession } from '../../platform/session';
import { dayjs } from '../../platform/formats';
import { PageHeader } from './components';
import { SearchInput } from '../../components/SearchInput';
import { useSearchParams } from 'react-router';
import { tableFit } from '../../components/tableFit';
import { useServerPaging } from '../../components/serverPaging';
import { useDebounced } from '../../components/useDebounced';

const REFRESH_MS = 20_000;
const DEFAULT_SORT: OrdinePresenze = 'dipendente';

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

/** The counters' figures, in the order of the states. */
const CIFRA_COLORE: Record<StatoPresenza, string> = {
  presente: '#389e0d',
  in_ritardo: '#d4380d',
  atteso: '#08979c',
  uscito: '#0958d9',
  turno_concluso: '#1d39c4',
  assente_giustificato: '#d48806',
  assente: '#cf1322',
  riposo: 'rgba(0,0,0,0.55)',
};

/** A card per state (the state filter's chips), then the total, which clears the filter. */
const CARDS: { key: keyof TContatoriPresenze; stato: StatoPresenza | null; color: string }[] = [
  ...STATI_PRESENZA.map((stato) => ({ key: CONTATORE_DI[stato], stato, color: CIFRA_COLORE[stato] })),
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

/**
 * Presence now, refreshed every 20 s: the counters of everyone in view (the state filter's chips), and one page of
 * the list, filtered, searched and sorted by the server (issue #12 §17: 10,000 employees are never all downloaded).
 */
function Presenze({ op, title }: { op: typeof OPS_CONSULTAZIONE.presenze | typeof OPS_CONSULTAZIONE.presenzeReparto; title: string }) {
  const { t } = useTranslation();
  // ?stato=assente: the home page's counts link here (issue #12)
  const [params] = useSearchParams();
  const [stato, setStato] = useState<StatoPresenza | null>(() => (STATI_PRESENZA as readonly string[]).includes(params.get('stato') ?? '') ? (params.get('stato') as StatoPresenza) : null);
  const [reparto, setReparto] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const cerca = useDebounced(search.trim(), 300);
  const [sort, setSort] = useState<OrdinePresenze>(DEFAULT_SORT);
  const { page, size, setPage, tableProps } = useServerPaging(50);

  const filtri = { sort, ...(stato ? { stato } : {}), ...(reparto ? { reparto_id: reparto } : {}), ...(cerca ? { search: cerca } : {}) };
  const query = useQuery({
    queryKey: ['presenze', op.path, { ...filtri, page, size }],
    queryFn: () => call(op, { query: { ...filtri, page, size } }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const board = query.data;
  const contatori = board?.contatori;

  const aggiornato = board?.aggiornato_il ? dayjs(board.aggiornato_il) : query.dataUpdatedAt ? dayjs(query.dataUpdatedAt) : null;

  // a changed filter goes back to the first page
  const pickStato = (s: StatoPresenza | null) => {
    setStato(s);
    setPage(1);
  };
  const pick = (s: StatoPresenza | null) => pickStato(s === stato ? null : s);
  const onCardKey = (e: KeyboardEvent, s: StatoPresenza | null) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(s);
    }
  };

  const { defs, profile } = useSession();
  const seesCausale = seesLeaveType(profile?.profilo ? { scope: profile.profilo.scope, routes: defs.routes } : null);
  const sortKey = sort.replace(/^-/, '');
  const sortOrder = (key: string) => (sortKey === key ? (sort.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null);
  const columns: TableProps<TRigaPresenza>['columns'] = [
    { key: 'matricola', title: t('dipendenti.matricola'), width: 110, sorter: true, sortOrder: sortOrder('matricola'), render: (_: unknown, r) => r.dipendente.matricola },
    {
      key: 'dipendente',
      title: t('consultazione.dipendente'),
      sorter: true,
      sortOrder: sortOrder('dipendente'),
      render: (_: unknown, r) => (
        <Typography.Text strong>
          {r.dipendente.cognome} {r.dipendente.nome}
        </Typography.Text>
      ),
    },
    { key: 'reparto', title: t('dipendenti.reparto'), sorter: true, sortOrder: sortOrder('reparto'), render: (_: unknown, r) => r.dipendente.reparto_descrizione ?? '—' },
    { key: 'turno', title: t('cartellino.turno'), render: (_: unknown, r) => r.turno ?? '—' },
    { key: 'stato', title: t('presenti.stato'), sorter: true, sortOrder: sortOrder('stato'), render: (_: unknown, r) => <StatoTag stato={r.stato} /> },
    { key: 'ultima', title: t('presenti.ultima_timbratura'), sorter: true, sortOrder: sortOrder('ultima'), render: (_: unknown, r) => <UltimaTimbratura r={r} /> },
    // the leave type is shown to who manages leave only (the server sends it to them alone): no empty column for reception
    ...(seesCausale ? [{ key: 'causale', title: t('presenti.causale'), render: (_: unknown, r: TRigaPresenza) => (r.causale ? <Tag>{r.causale}</Tag> : '') }] : []),
  ];
  const paging = tableProps(board?.total ?? 0);
  const onTableChange: TableProps<TRigaPresenza>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return paging.onChange(pagination);
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TRigaPresenza> | undefined;
    // an order cleared goes back to the default one, by name
    const key = s?.order ? String(s.columnKey) : null;
    setSort(key ? ((s?.order === 'descend' ? `-${key}` : key) as OrdinePresenze) : DEFAULT_SORT);
    setPage(1);
  };

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
            onChange={(v) => pickStato(v ?? null)}
            options={STATI_PRESENZA.map((s) => ({ value: s, label: t(`presenti.stato_${s}`) }))}
          />
        </Col>
        <Col>
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('dipendenti.reparto')}
            placeholder={t('presenti.tutti_i_reparti')}
            notFoundContent={t('ui.nessun_dato')}
            style={{ width: 220 }}
            value={reparto ?? undefined}
            onChange={(v) => {
              setReparto(v ?? null);
              setPage(1);
            }}
            options={(board?.reparti ?? []).map((r) => ({ value: r.id, label: r.descrizione }))}
          />
        </Col>
        <Col>
          <SearchInput
            allowClear
            aria-label={t('presenti.cerca_dipendente')}
            placeholder={t('presenti.cerca_dipendente')}
            style={{ width: 260 }}
            maxLength={100}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </Col>
      </Row>
      <div data-testid="presenze-tabella">
        <Table<TRigaPresenza>
          size="middle"
          rowKey={(r) => String(r.dipendente.id)}
          columns={columns}
          dataSource={board?.rows ?? []}
          loading={query.isLoading}
          {...tableFit}
          locale={{ emptyText: query.isLoading ? t('app.caricamento') : t('presenti.nessun_dipendente') }}
          pagination={{ ...paging.pagination, hideOnSinglePage: true }}
          onChange={onTableChange}
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
