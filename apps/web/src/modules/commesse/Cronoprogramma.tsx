/** The orders' timeline (Gantt-like): a bar per order from its start to its planned end, filled by its progress. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { OpResult, TStatoCommessa } from '@tulip/contract';
import { OPS_COMMESSE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { capitalize, dayjs, formatDate, meseAnno, type Dayjs } from '../../platform/formats';
import { tableFit } from '../../components/tableFit';
import { FiltriCommessa, ore, ReportLink, StatoTag } from './common';

type Riga = OpResult<typeof OPS_COMMESSE.timeline>['rows'][number];
const WIRE = 'YYYY-MM-DD';

/** The months of a period, each with where it starts and how wide it is (percent of the period). */
function mesi(dal: Dayjs, al: Dayjs) {
  const giorni = al.diff(dal, 'day') + 1;
  const out: { key: string; label: string; left: number; width: number }[] = [];
  for (let m = dal.startOf('month'); !m.isAfter(al); m = m.add(1, 'month')) {
    const from = m.isBefore(dal) ? dal : m;
    const to = m.endOf('month').isAfter(al) ? al : m.endOf('month');
    out.push({ key: m.format('YYYY-MM'), label: capitalize(m.format('MMM YY')), left: (from.diff(dal, 'day') / giorni) * 100, width: ((to.diff(from, 'day') + 1) / giorni) * 100 });
  }
  return out;
}

export function Cronoprogramma() {
  const { t } = useTranslation();
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'month').startOf('month'), dayjs().add(4, 'month').endOf('month')]);
  const [stato, setStato] = useState<TStatoCommessa | undefined>();
  const [capo, setCapo] = useState<number | undefined>();
  const [dal, al] = [periodo[0].startOf('month'), periodo[1].endOf('month')];
  const query = { dal: dal.format(WIRE), al: al.format(WIRE), stato, capo_commessa_id: capo };
  const timeline = useQuery({
    queryKey: ['commesse', 'timeline', query],
    queryFn: () => call(OPS_COMMESSE.timeline, { query }),
    placeholderData: keepPreviousData,
  });
  const giorni = al.diff(dal, 'day') + 1;
  const pos = (d: Dayjs) => Math.min(100, Math.max(0, (d.diff(dal, 'day') / giorni) * 100));
  const scala = mesi(dal, al);
  const oggi = dayjs();
  const oggiVisibile = !oggi.isBefore(dal) && !oggi.isAfter(al);
  const griglia = (
    <>
      {scala.map((m) => (
        <span key={m.key} className="tl-gantt__mese" style={{ left: `${m.left}%`, width: `${m.width}%` }} />
      ))}
      {oggiVisibile ? <span className="tl-gantt__oggi" style={{ left: `${pos(oggi)}%` }} /> : null}
    </>
  );

  const columns: ColumnsType<Riga> = [
    {
      key: 'commessa',
      title: t('commesse.commessa'),
      width: 260,
      render: (_, r) => (
        <div>
          <ReportLink id={r.id}>{r.codice}</ReportLink> <StatoTag stato={r.stato} />
          <div className="tl-gantt__descr">{r.descrizione}</div>
          {r.cliente_ragione_sociale ? <div className="tl-gantt__descr">{r.cliente_ragione_sociale}</div> : null}
        </div>
      ),
    },
    {
      key: 'barra',
      title: (
        <div className="tl-gantt__scala" aria-hidden="true">
          {scala.map((m) => (
            <span key={m.key} className="tl-gantt__mese-label" style={{ left: `${m.left}%`, width: `${m.width}%` }}>
              {m.label}
            </span>
          ))}
        </div>
      ),
      onHeaderCell: () => ({ 'aria-label': t('commesse.periodo_di', { dal: formatDate(query.dal), al: formatDate(query.al) }) }),
      render: (_, r) => {
        const inizio = dayjs(r.data_inizio);
        const fine = r.data_fine ? dayjs(r.data_fine) : al;
        const left = pos(inizio);
        const width = Math.max(0.8, pos(fine.add(1, 'day')) - left);
        const budget = r.minuti_budget ?? 0;
        const avanzamento = budget ? r.minuti_registrati / budget : 0;
        const pianificato = budget ? r.minuti_pianificati / budget : 0;
        const testo = [
          t('commesse.dal_al', { dal: formatDate(r.data_inizio), al: r.data_fine ? formatDate(r.data_fine) : t('commesse.senza_fine') }),
          budget
            ? t('commesse.avanzamento_testo', { registrate: ore(r.minuti_registrati), budget: ore(budget), percento: Math.round(avanzamento * 100) })
            : t('commesse.senza_budget'),
          t('commesse.pianificate_totale', { ore: ore(r.minuti_pianificati) }),
        ].join('; ');
        return (
          <div className="tl-gantt__track">
            {griglia}
            <Tooltip title={testo}>
              <div
                role="img"
                aria-label={`${r.codice}: ${testo}`}
                className={`tl-gantt__bar is-${r.stato}${r.data_fine ? '' : ' is-aperta'}${avanzamento > 1 ? ' is-oltre' : ''}`}
                style={{ left: `${left}%`, width: `${width}%` }}
              >
                <span className="tl-gantt__fill" style={{ width: `${Math.min(1, avanzamento) * 100}%` }} />
                {budget ? <span className="tl-gantt__plan" style={{ left: `${Math.min(1, pianificato) * 100}%` }} /> : null}
              </div>
            </Tooltip>
          </div>
        );
      },
    },
    {
      key: 'avanzamento',
      title: t('commesse.avanzamento'),
      width: 130,
      align: 'right',
      render: (_, r) => (r.minuti_budget ? `${ore(r.minuti_registrati)} / ${ore(r.minuti_budget)}` : ore(r.minuti_registrati)),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          picker="month"
          allowClear={false}
          aria-label={t('commesse.periodo')}
          format={(d) => meseAnno(d)}
          value={periodo}
          onChange={(v) => v?.[0] && v[1] && setPeriodo([v[0], v[1]])}
          placeholder={[t('ui.dal'), t('ui.al')]}
        />
        <FiltriCommessa stato={stato} onStato={setStato} capo={capo} onCapo={setCapo} />
      </Space>
      <div className="tl-pian-legend">
        <span className="tl-gantt__bar tl-gantt__bar--legend">
          <span className="tl-gantt__fill" style={{ width: '40%' }} />
        </span>{' '}
        {t('commesse.legenda_gantt')}
      </div>
      <div data-testid="cronoprogramma">
        <Table<Riga>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={timeline.data?.rows ?? []}
          loading={timeline.isFetching}
          {...tableFit}
          pagination={{ defaultPageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: t('ui.nessun_dato') }}
        />
      </div>
    </>
  );
}
