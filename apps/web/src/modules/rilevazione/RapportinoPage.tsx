/**
 * /rilevazione/rapportino/:id? — the daily work report (issue #15): an employee's day or a field technician's
 * intervention at a customer's site. Without an id, the caller's reports of a period (a manager picks an employee to
 * see theirs); `nuovo` or a report's id opens it (RapportinoScheda.tsx): the form while it is a draft, the customer's
 * signature on the screen, then the signed report with its PDF, and the manager's approval.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, Card, Empty, Result, Typography } from 'antd';
import { PlusOutlined, RightOutlined } from '@ant-design/icons';
import { STATI_RAPPORTINO } from '@tulip/contract';
import { OPS_RAPPORTINI, RES_DIPENDENTI } from '@tulip/contract/wire';
import { formatDate } from '../../platform/formats';
import { useScope } from '../../components/people';
import { formatMinuti } from '../../components/minuti';
import { LookupSelect } from '../../components/LookupSelect';
import { ListPage, type FilterDef, type ListQuery, type ListRow } from '../../components/ListPage';
import type { Dayjs } from '../../platform/formats';
import { RapportinoScheda } from './RapportinoScheda';
import { StatoRapportinoTag } from './RapportinoCampi';
import { meseDi, oggi } from './rapportino';

type Elenco = typeof OPS_RAPPORTINI.elenco;
type Filtri = { periodo: [Dayjs, Dayjs]; stato: string | null };

const filters: FilterDef<ListQuery<Elenco>, Filtri>[] = [
  { type: 'dateRange', name: 'periodo', label: 'rapportino.periodo', params: ['dal', 'al'], testId: 'rapportini-periodo' },
  {
    type: 'select', name: 'stato', label: 'rapportino.stato', placeholder: 'rapportino.tutti_gli_stati', width: 170, testId: 'rapportini-stato',
    options: STATI_RAPPORTINO.map((s) => ({ value: s, label: `rapportino.stato_${s}` })),
  },
];

/**
 * The reports of a period: the caller's own, or for a manager those of an employee they choose. A user with no
 * employee of their own (an administrator) chooses one first.
 */
function RapportiniElenco() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { routes, dipendente } = useScope();
  // the managers (recording per employee) see the reports of the people in their scope
  const capo = routes.includes('rilevazione.commessa2');
  const [scelto, setScelto] = useState<number | null>(null);
  const selettore = capo ? (
    <LookupSelect
      path={RES_DIPENDENTI.path}
      numeric
      aria-label={t('rapportino.dipendente')}
      placeholder={t(dipendente ? 'rapportino.i_miei' : 'rapportino.scegli_dipendente')}
      value={scelto ?? undefined}
      onChange={((v?: number) => setScelto(v ?? null)) as never}
      style={{ width: 260 }}
      data-testid="rapportini-dipendente"
    />
  ) : null;

  if (!dipendente && !scelto)
    return (
      <div data-testid="rapportini">
        <Typography.Title level={3} style={{ margin: '0 0 16px' }}>
          {t('menu.rilevazione.rapportino')}
        </Typography.Title>
        <Card>
          {selettore}
          <Empty description={t(capo ? 'rapportino.scegli_dipendente_testo' : 'rapportino.nessun_dipendente')} style={{ padding: 32 }} />
        </Card>
      </div>
    );

  const apri = (id: number) => navigate(`/rilevazione/rapportino/${id}`);
  return (
    <ListPage<Elenco, Filtri>
      op={OPS_RAPPORTINI.elenco}
      queryKey={['rilevazione', 'rapportini']}
      query={{ dipendente_id: scelto ?? undefined }}
      title="menu.rilevazione.rapportino"
      testId="rapportini"
      tableTestId="rapportini-tabella"
      filters={filters}
      defaults={{ periodo: meseDi(oggi()), stato: null }}
      toolbar={() => selettore}
      emptyText="rapportino.nessun_rapportino"
      actions={
        <Button type="primary" icon={<PlusOutlined />} data-testid="rapportino-nuovo" onClick={() => navigate(`/rilevazione/rapportino/nuovo${scelto ? `?dipendente=${scelto}` : ''}`)}>
          {t('rapportino.nuovo')}
        </Button>
      }
      columns={[
        {
          key: 'data', title: t('rapportino.data'), width: 110,
          render: (_, r: ListRow<Elenco>) => <Link to={`/rilevazione/rapportino/${r.id}`}>{formatDate(r.data)}</Link>,
        },
        { key: 'cliente', title: t('rapportino.cliente'), dataIndex: 'cliente_ragione_sociale' },
        { key: 'sito', title: t('rapportino.sito'), dataIndex: 'sito' },
        { key: 'commessa', title: t('rapportino.commessa'), dataIndex: 'commessa_codice', width: 110 },
        { key: 'ore', title: t('rapportino.ore'), align: 'right', width: 80, render: (_, r: ListRow<Elenco>) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMinuti(r.minuti)}</span> },
        { key: 'stato', title: t('rapportino.stato'), width: 110, render: (_, r: ListRow<Elenco>) => <StatoRapportinoTag stato={r.stato} /> },
      ]}
      rowActions={(r) => (
        <Button type="text" size="small" icon={<RightOutlined />} aria-label={t('rapportino.apri_di', { data: formatDate(r.data) })} title={t('rapportino.apri')} onClick={() => apri(r.id)} />
      )}
      actionsWidth={64}
    />
  );
}

/** The list, or one report: `nuovo` for a new one, else its id. */
export function RapportinoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const location = useLocation();
  if (!id) return <RapportiniElenco />;
  if (id !== 'nuovo' && !/^\d{1,9}$/.test(id))
    return (
      <Result
        status="404"
        title={t('rapportino.non_trovato')}
        extra={<Button onClick={() => navigate('/rilevazione/rapportino')}>{t('rapportino.torna_elenco')}</Button>}
      />
    );
  // a report just created from `nuovo` keeps its form mounted (what was typed while it was saved stays on it)
  const da = (location.state as { da?: string } | null)?.da;
  return <RapportinoScheda key={da ?? id} id={id === 'nuovo' ? null : Number(id)} />;
}
