import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Calendar, Card, Col, Empty, Row, Segmented, Space, Spin, Table, Tooltip, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { dayjs, formatDateTime, type Dayjs } from '../../platform/formats';
import { call } from '../../platform/api';
import { solidColors } from '../../platform/colors';
import { type TGiustificativo } from '@tulip/contract';
import { OPS_GIUSTIFICATIVI } from '@tulip/contract/wire';
import { meseAnno } from '../../platform/formats';
import { DipendenteSelect, RepartoSelect, useScope } from '../../components/people';
import { PeriodNav } from '../../components/PeriodNav';
import { AnnullaButton, CausaleTag, DecisioneButtons, periodo, quantita, StatoTag, type StatoGiustificativo } from './common';
import { RichiestaDrawer } from './RichiestaDrawer';
import '../../components/presenze.css';
import { useSearchParams } from 'react-router';
import { tableFit } from '../../components/tableFit';

type StatoFiltro = 'tutti' | StatoGiustificativo;
const STATI: StatoFiltro[] = ['tutti', 'richiesto', 'approvato', 'rifiutato', 'annullato'];
const MAX_IN_CELL = 3;

function shortName(full: string | undefined): string {
  if (!full) return '';
  const parts = full.split(' ');
  if (parts.length < 2) return full;
  return `${parts.slice(0, -1).join(' ')} ${parts[parts.length - 1][0]}.`;
}

/** /giustificativi/calendario — month calendar of leave, requests list with approvals, new request. */
export function GiustificativiPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { soloProprio, dipendente, scope } = useScope();
  const team = !soloProprio;
  const [mese, setMese] = useState<Dayjs>(dayjs());
  const [reparto, setReparto] = useState<number | undefined>();
  const [dipendenteId, setDipendenteId] = useState<number | undefined>();
  // ?stato=richiesto: the home page's "to approve" count links here (issue #12)
  const [params] = useSearchParams();
  const [stato, setStato] = useState<StatoFiltro>(() => (STATI.includes(params.get('stato') as StatoFiltro) ? (params.get('stato') as StatoFiltro) : 'tutti'));
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [nuova, setNuova] = useState<{ data: string | null } | null>(null);

  // The calendar shows six weeks: the data covers them all.
  const gridStart = mese.startOf('month').startOf('week');
  const gridEnd = gridStart.add(41, 'day');
  const filters = { reparto_id: team ? reparto : undefined, dipendente_id: team ? dipendenteId : undefined };
  const calQuery = { dal: gridStart.format('YYYY-MM-DD'), al: gridEnd.format('YYYY-MM-DD'), ...filters, page: 1, size: 1000 };
  const cal = useQuery({
    queryKey: ['giustificativi', 'calendario', calQuery],
    queryFn: () => call(OPS_GIUSTIFICATIVI.elenco, { query: calQuery }),
    placeholderData: keepPreviousData,
  });
  const listQuery = {
    dal: mese.startOf('month').format('YYYY-MM-DD'),
    al: mese.endOf('month').format('YYYY-MM-DD'),
    ...filters,
    stato: stato === 'tutti' ? undefined : stato,
    page,
    size,
  };
  const list = useQuery({
    queryKey: ['giustificativi', 'lista', listQuery],
    queryFn: () => call(OPS_GIUSTIFICATIVI.elenco, { query: listQuery }),
    placeholderData: keepPreviousData,
  });

  const visibili = useMemo(() => (cal.data?.rows ?? []).filter((r) => r.stato === 'richiesto' || r.stato === 'approvato'), [cal.data]);
  const byDay = useMemo(() => {
    const m = new Map<string, TGiustificativo[]>();
    for (const r of visibili) {
      for (let d = dayjs(r.dal); !d.isAfter(dayjs(r.al)) && !d.isAfter(gridEnd); d = d.add(1, 'day')) {
        const k = d.format('YYYY-MM-DD');
        m.set(k, [...(m.get(k) ?? []), r]);
      }
    }
    return m;
  }, [visibili, gridEnd]);

  const refresh = () => qc.invalidateQueries({ queryKey: ['giustificativi'] });
  const own = (r: TGiustificativo) => !!dipendente && r.dipendente_id === dipendente.id;

  const cell = (date: Dayjs) => {
    const items = byDay.get(date.format('YYYY-MM-DD')) ?? [];
    if (!items.length) return null;
    return (
      <ul className="tl-gcell">
        {items.slice(0, MAX_IN_CELL).map((r) => {
          const label = team ? `${shortName(r.dipendente_nome)} · ${r.codice}` : r.minuti ? `${r.codice} ${quantita(r, t)}` : r.causale_descrizione || r.codice;
          const bg = r.colore || '#52c41a';
          const pending = r.stato === 'richiesto';
          return (
            <li
              key={r.id}
              className={`tl-gcell__item${pending ? ' is-pending' : ''}`}
              style={pending ? { borderColor: bg, background: '#fff' } : { ...solidColors(bg), borderColor: bg }}
              title={`${r.dipendente_nome ?? ''} ${r.codice} ${periodo(r)} — ${t(`giustificativi.stato_${r.stato}`)}`}
            >
              {label}
            </li>
          );
        })}
        {items.length > MAX_IN_CELL ? <li className="tl-gcell__more">{t('giustificativi.altri', { n: items.length - MAX_IN_CELL })}</li> : null}
      </ul>
    );
  };

  const rows = list.data?.rows ?? [];

  return (
    <div>
      <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.giustificativi.calendario')}
          </Typography.Title>
          <Typography.Text type="secondary">{team ? t(`giustificativi.vista_${scope}`) : t('giustificativi.vista_proprio')}</Typography.Text>
        </Col>
        <Col>
          <Space wrap>
            {team ? (
              <>
                <RepartoSelect
                  value={reparto}
                  onChange={(v) => {
                    setReparto(v);
                    setPage(1);
                  }}
                />
                <DipendenteSelect
                  value={dipendenteId}
                  allowClear
                  style={{ width: 240 }}
                  placeholder={t('giustificativi.tutti_i_dipendenti')}
                  onChange={(v: number | undefined) => {
                    setDipendenteId(v);
                    setPage(1);
                  }}
                />
              </>
            ) : null}
            <PeriodNav
              value={mese}
              onChange={(d) => {
                setMese(d);
                setPage(1);
              }}
              unit="month"
            />
            <Tooltip title={t('ui.aggiorna')}>
              <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void refresh()} />
            </Tooltip>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setNuova({ data: null })}>
              {t('giustificativi.nuova_richiesta')}
            </Button>
          </Space>
        </Col>
      </Row>

      <Card size="small" style={{ marginBottom: 16 }}>
        <Spin spinning={cal.isFetching}>
          <div data-testid="giustificativi-calendario" className="tl-gcal">
            <Calendar
              value={mese}
              fullscreen
              headerRender={() => null}
              cellRender={(date, info) => (info.type === 'date' ? cell(date) : info.originNode)}
              onSelect={(date, info) => {
                if (info.source !== 'date') return;
                if (date.format('YYYY-MM') !== mese.format('YYYY-MM')) {
                  setMese(date);
                  return;
                }
                setNuova({ data: date.format('YYYY-MM-DD') });
              }}
              onChange={(d) => d.format('YYYY-MM') !== mese.format('YYYY-MM') && setMese(d)}
            />
          </div>
        </Spin>
        <div className="tl-tlegend">
          <span>
            <span className="tl-gcell__item tl-legend-pill" style={{ ...solidColors('#52c41a'), borderColor: '#52c41a' }}>
              FER
            </span>{' '}
            {t('giustificativi.stato_approvato')}
          </span>
          <span>
            <span className="tl-gcell__item tl-legend-pill is-pending" style={{ borderColor: '#52c41a' }}>
              FER
            </span>{' '}
            {t('giustificativi.stato_richiesto')}
          </span>
          <span>{t('giustificativi.hint_calendario')}</span>
        </div>
      </Card>

      <Card
        size="small"
        title={t('giustificativi.richieste_mese', { mese: meseAnno(mese) })}
        extra={
          <Segmented<StatoFiltro>
            aria-label={t('giustificativi.stato')}
            value={stato}
            onChange={(v) => {
              setStato(v);
              setPage(1);
            }}
            options={(['tutti', 'richiesto', 'approvato', 'rifiutato', 'annullato'] as const).map((s) => ({
              value: s,
              label: s === 'tutti' ? t('giustificativi.tutti') : t(`giustificativi.stato_${s}`),
            }))}
          />
        }
      >
        <div data-testid="giustificativi-list">
          <Table<TGiustificativo>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={rows}
            {...tableFit}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('giustificativi.nessuna_richiesta')} /> }}
            pagination={{
              current: page,
              pageSize: size,
              total: list.data?.total ?? rows.length,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              hideOnSinglePage: (list.data?.total ?? 0) <= 10,
              showTotal: (n) => t('ui.totale_elementi', { count: n }),
              onChange: (p, s) => {
                setPage(s !== size ? 1 : p);
                setSize(s);
              },
            }}
            columns={[
              ...(team
                ? [
                    {
                      key: 'dipendente',
                      title: t('giustificativi.dipendente'),
                      render: (_: unknown, r: TGiustificativo) => (
                        <div>
                          <div>{r.dipendente_nome}</div>
                          {r.reparto_descrizione ? <Typography.Text type="secondary">{r.reparto_descrizione}</Typography.Text> : null}
                        </div>
                      ),
                    },
                  ]
                : []),
              {
                key: 'causale',
                title: t('giustificativi.causale'),
                render: (_, r) => (
                  <Space>
                    <CausaleTag codice={r.codice} colore={r.colore} descrizione={r.causale_descrizione} dashed={r.stato === 'richiesto'} />
                    <span>{r.causale_descrizione}</span>
                  </Space>
                ),
              },
              { key: 'periodo', title: t('giustificativi.periodo'), render: (_, r) => periodo(r) },
              { key: 'quantita', title: t('giustificativi.quantita'), align: 'right', render: (_, r) => quantita(r, t) },
              { key: 'stato', title: t('giustificativi.stato'), render: (_, r) => <StatoTag stato={r.stato} /> },
              { key: 'richiesto_il', title: t('giustificativi.richiesto_il'), render: (_, r) => formatDateTime(r.richiesto_il) },
              {
                key: 'note',
                title: t('giustificativi.note'),
                render: (_, r) => (
                  <div className="tl-note">
                    {r.note ? <div>{r.note}</div> : null}
                    {r.certificato ? (
                      <Typography.Text type="secondary">
                        {t('giustificativi.certificato_breve')}: {r.certificato}
                      </Typography.Text>
                    ) : null}
                    {r.stato !== 'richiesto' && (r.motivo_decisione || r.deciso_da_nome) ? (
                      <Typography.Text type="secondary">
                        {r.deciso_da_nome ? t('giustificativi.deciso_da', { nome: r.deciso_da_nome }) : ''}
                        {r.motivo_decisione ? `: ${r.motivo_decisione}` : ''}
                      </Typography.Text>
                    ) : null}
                  </div>
                ),
              },
              {
                key: '__actions',
                title: t('ui.azioni'),
                align: 'right',
                fixed: 'right',
                render: (_, r) => (
                  <Space size={4} wrap>
                    {team && r.stato === 'richiesto' && !own(r) ? <DecisioneButtons row={r} onDone={() => void refresh()} /> : null}
                    {(own(r) && r.stato === 'richiesto') || (scope === 'tutti' && (r.stato === 'richiesto' || r.stato === 'approvato')) ? (
                      <AnnullaButton row={r} onDone={() => void refresh()} />
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </div>
      </Card>

      <RichiestaDrawer
        open={!!nuova}
        initialDate={nuova?.data}
        canChooseDipendente={team}
        approvaSubito={scope === 'tutti'}
        defaultDipendenteId={team ? (dipendenteId ?? dipendente?.id) : dipendente?.id}
        onClose={() => setNuova(null)}
        onDone={() => {
          setNuova(null);
          void refresh();
        }}
      />
    </div>
  );
}
