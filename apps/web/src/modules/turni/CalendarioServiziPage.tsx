import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Empty, Popover, Row, Segmented, Select, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import {
  ClearOutlined,
  FileExcelOutlined,
  InfoCircleOutlined,
  ReloadOutlined,
  RetweetOutlined,
  RollbackOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { readableOn } from '../../platform/colors';
import { dayjs, formatDate, type Dayjs } from '../../platform/formats';
import { call, download } from '../../platform/api';
import { translateMessage } from '../../platform/i18n';
import { notifyPositive, notifyWarning } from '../../platform/notifications/store';
import { type TAvvisoRiposo, type TCalendario, type TCellaCalendario } from '@tulip/contract';
import { OPS_CONSULTAZIONE } from '@tulip/contract/wire';
import { capitalize } from '../../platform/formats';
import { saveFile } from '../../platform/download';
import { PeriodNav } from '../../components/PeriodNav';
import { RepartoSelect } from '../../components/people';
import { TurnoBadge, useTurni, type TurnoRow } from './shifts';
import { AssegnaModal, RotazioneModal } from './RotazioneModal';
import '../../components/presenze.css';

export type Cella = TCellaCalendario;
export type Avviso = TAvvisoRiposo;
type Riga = TCalendario['righe'][number];
type CalendarioAnswer = TCalendario;

const cellKey = (dip: number, data: string) => `${dip}|${data}`;

function CellMenu({
  cella,
  turni,
  onPick,
  onReset,
}: {
  cella: Cella | undefined;
  turni: TurnoRow[];
  onPick: (turnoId: number | null) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tl-cellmenu" role="menu">
      {turni.map((x) => (
        <button
          key={x.id}
          type="button"
          role="menuitem"
          className={`tl-cellmenu__item${cella?.turno_id === x.id ? ' is-current' : ''}`}
          onClick={() => onPick(x.id)}
        >
          <TurnoBadge codice={x.codice} colore={x.colore} />
          <span>{x.descrizione}</span>
        </button>
      ))}
      <button type="button" role="menuitem" className={`tl-cellmenu__item${cella && cella.turno_id === null && cella.origine === 'calendario' ? ' is-current' : ''}`} onClick={() => onPick(null)}>
        <Tag className="tl-riposo">{t('orari.riposo_breve')}</Tag>
        <span>{t('orari.riposo')}</span>
      </button>
      <button type="button" role="menuitem" className="tl-cellmenu__item" disabled={cella?.origine !== 'calendario'} onClick={onReset}>
        <RollbackOutlined />
        <span>{t('calendario.torna_orario')}</span>
      </button>
    </div>
  );
}

/** /turni/calendario — employees × days grid of shifts, with overrides, rotations, leave and rest warnings. */
export function CalendarioServiziPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const turni = useTurni();
  const [vista, setVista] = useState<'week' | 'month'>('week');
  const [ref, setRef] = useState<Dayjs>(dayjs());
  const [reparto, setReparto] = useState<number | undefined>();
  const [active, setActive] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rows, setRows] = useState<number[]>([]);
  const [bulkTurno, setBulkTurno] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const [rotazione, setRotazione] = useState(false);
  const [assegna, setAssegna] = useState(false);
  const [exporting, setExporting] = useState(false);

  const dal = (vista === 'week' ? ref.startOf('week') : ref.startOf('month')).format('YYYY-MM-DD');
  const al = (vista === 'week' ? ref.endOf('week') : ref.endOf('month')).format('YYYY-MM-DD');
  const query = { dal, al, reparto_id: reparto };

  const cal = useQuery({
    queryKey: ['turni', 'calendario', query],
    queryFn: () => call(OPS_CONSULTAZIONE.calendario, { query }),
    placeholderData: keepPreviousData,
  });
  const giorni = useMemo(() => {
    if (cal.data?.giorni?.length) return cal.data.giorni;
    const out: CalendarioAnswer['giorni'] = [];
    for (let d = dayjs(dal); !d.isAfter(dayjs(al)); d = d.add(1, 'day')) out.push({ data: d.format('YYYY-MM-DD'), festivo: false });
    return out;
  }, [cal.data, dal, al]);
  const righe = cal.data?.righe ?? [];
  // The server recomputes the rest warnings of the whole period at every read.
  const avvisi = useMemo(() => (cal.data?.avvisi ?? []).filter((a) => a.data >= dal && a.data <= al), [cal.data, dal, al]);
  const avvisiByCell = useMemo(() => {
    const m = new Map<string, Avviso[]>();
    for (const a of avvisi) m.set(cellKey(a.dipendente_id, a.data), [...(m.get(cellKey(a.dipendente_id, a.data)) ?? []), a]);
    return m;
  }, [avvisi]);
  const nomeDi = (id: number) => {
    const d = righe.find((r) => r.dipendente.id === id)?.dipendente;
    return d ? `${d.cognome} ${d.nome}` : `#${id}`;
  };

  const refresh = () => qc.invalidateQueries({ queryKey: ['turni', 'calendario'] });

  const collectAvvisi = (answers: unknown[]) => {
    const found: Avviso[] = [];
    for (const a of answers) {
      const list = (a as { avvisi?: Avviso[] } | null)?.avvisi;
      if (Array.isArray(list)) found.push(...list);
    }
    if (found.length) {
      for (const a of found.slice(0, 3)) notifyWarning(`${nomeDi(a.dipendente_id)}, ${formatDate(a.data)}: ${translateMessage(a.message, a.params)}`);
    }
  };

  async function setCells(keys: string[], turnoId: number | null) {
    setBusy(true);
    try {
      const answers = await Promise.all(
        keys.map((k) => {
          const [dip, data] = k.split('|');
          return call(OPS_CONSULTAZIONE.assegnaTurno, { body: { dipendente_id: Number(dip), data, turno_id: turnoId } }, { notifySuccess: keys.length === 1 });
        }),
      );
      if (keys.length > 1) notifyPositive(t('calendario.celle_aggiornate', { n: keys.length }));
      collectAvvisi(answers);
    } catch {
      /* notified */
    } finally {
      setBusy(false);
      setActive(null);
      void refresh();
    }
  }

  async function resetCells(keys: string[]) {
    setBusy(true);
    try {
      await Promise.all(
        keys.map((k) => {
          const [dip, data] = k.split('|');
          return call(OPS_CONSULTAZIONE.ripristinaOrario, { params: { dipendente_id: dip, data } }, { notifySuccess: keys.length === 1 });
        }),
      );
      if (keys.length > 1) notifyPositive(t('calendario.celle_ripristinate', { n: keys.length }));
    } catch {
      /* notified */
    } finally {
      setBusy(false);
      setActive(null);
      void refresh();
    }
  }

  function onCellClick(e: MouseEvent, key: string) {
    if (e.shiftKey || e.ctrlKey || e.metaKey) {
      e.preventDefault();
      setActive(null);
      setSelected((s) => {
        const n = new Set(s);
        if (n.has(key)) n.delete(key);
        else n.add(key);
        return n;
      });
      return;
    }
    setActive(active === key ? null : key);
  }

  async function exportExcel() {
    setExporting(true);
    try {
      saveFile(await download(OPS_CONSULTAZIONE.calendarioExcel, { query }), `calendario-servizi_${dal}_${al}.xlsx`);
    } catch {
      /* notified */
    } finally {
      setExporting(false);
    }
  }

  const today = dayjs().format('YYYY-MM-DD');
  const turniList = turni.data ?? [];
  const compact = vista === 'month';

  const columns: NonNullable<TableProps<Riga>['columns']> = [
    {
      key: 'dipendente',
      title: t('calendario.dipendente'),
      fixed: 'left',
      width: compact ? 190 : 220,
      render: (_, r) => (
        <div className="tl-cal-dip">
          <div className="tl-cal-dip__name">
            {r.dipendente.cognome} {r.dipendente.nome}
          </div>
          <div className="tl-cal-dip__meta">
            {r.dipendente.matricola}
            {r.dipendente.reparto_descrizione ? ` · ${r.dipendente.reparto_descrizione}` : ''}
          </div>
        </div>
      ),
    },
    ...giorni.map((g) => {
      const d = dayjs(g.data);
      const weekend = d.day() === 0 || d.day() === 6;
      const cls = [g.festivo ? 'is-festivo' : '', weekend ? 'is-weekend' : '', g.data === today ? 'is-today' : ''].filter(Boolean).join(' ');
      return {
        key: g.data,
        width: compact ? 54 : 112,
        align: 'center' as const,
        className: `tl-cal-col ${cls}`,
        title: (
          <Tooltip title={g.festivita || capitalize(d.format('dddd D MMMM YYYY'))}>
            <div className={`tl-cal-head ${cls}`}>
              <div className="tl-cal-head__dow">{d.format(compact ? 'dd' : 'ddd')}</div>
              <div className="tl-cal-head__day">{d.format(compact ? 'D' : 'D MMM')}</div>
            </div>
          </Tooltip>
        ),
        render: (_: unknown, r: Riga) => {
          const key = cellKey(r.dipendente.id, g.data);
          const c = r.celle?.[g.data];
          const warn = avvisiByCell.get(key);
          const forte = c?.origine === 'calendario';
          const label = [
            `${r.dipendente.cognome} ${r.dipendente.nome}`,
            capitalize(d.format('dddd DD/MM/YYYY')),
            c?.codice ? c.codice : t('orari.riposo'),
            forte ? t('calendario.modificato') : c?.origine === 'orario' ? t('calendario.da_orario') : '',
            c?.giustificativo ? `${c.giustificativo.codice} (${t(`giustificativi.stato_${c.giustificativo.stato}`)})` : '',
            warn ? warn.map((a) => translateMessage(a.message, a.params)).join('; ') : '',
          ]
            .filter(Boolean)
            .join(', ');
          const button = (
            <button
              type="button"
              className={`tl-cal-cell${selected.has(key) ? ' is-selected' : ''}${forte ? ' is-override' : ''}`}
              aria-label={label}
              aria-pressed={selected.has(key) || undefined}
              title={label}
              onClick={(e) => onCellClick(e, key)}
            >
              {c?.codice ? (
                <TurnoBadge codice={c.codice} colore={c.colore} muted={!forte} />
              ) : c?.origine === 'calendario' ? (
                <span className="tl-riposo-mark tl-riposo-mark--forte">{t('orari.riposo_breve')}</span>
              ) : (
                <span className="tl-riposo-mark">·</span>
              )}
              {c?.giustificativo ? (
                <span
                  className={`tl-giust-badge${c.giustificativo.stato === 'richiesto' ? ' is-pending' : ''}`}
                  style={{ borderColor: c.giustificativo.colore || '#52c41a', color: readableOn(c.giustificativo.colore || '#237804') }}
                >
                  {c.giustificativo.codice}
                </span>
              ) : null}
              {warn ? <WarningFilled className="tl-cal-warn" aria-hidden="true" /> : null}
            </button>
          );
          if (active !== key) return button;
          return (
            <Popover
              open
              trigger="click"
              placement="bottom"
              onOpenChange={(o) => !o && setActive(null)}
              title={`${r.dipendente.cognome} ${r.dipendente.nome} — ${capitalize(d.format('ddd DD/MM'))}`}
              content={<CellMenu cella={c} turni={turniList} onPick={(id) => void setCells([key], id)} onReset={() => void resetCells([key])} />}
            >
              {button}
            </Popover>
          );
        },
      };
    }),
  ];

  const selectedKeys = [...selected];

  return (
    <div>
      <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.turni.calendario')}
          </Typography.Title>
        </Col>
        <Col>
          <Space wrap>
            <RepartoSelect value={reparto} onChange={setReparto} />
            <Segmented<'week' | 'month'>
              aria-label={t('calendario.vista')}
              value={vista}
              onChange={setVista}
              options={[
                { value: 'week', label: t('calendario.settimana') },
                { value: 'month', label: t('calendario.mese') },
              ]}
            />
            <PeriodNav value={ref} onChange={setRef} unit={vista} />
            <Tooltip title={t('ui.aggiorna')}>
              <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void cal.refetch()} />
            </Tooltip>
            <Button icon={<RetweetOutlined />} onClick={() => setRotazione(true)}>
              {t('calendario.rotazione')}
            </Button>
            <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportExcel()}>
              {t('ui.esporta_excel')}
            </Button>
          </Space>
        </Col>
      </Row>

      <div className="tl-cal-legend">
        <Space wrap size={[12, 6]}>
          {turniList.map((x) => (
            <span key={x.id} className="tl-legend-item">
              <TurnoBadge codice={x.codice} colore={x.colore} /> {x.descrizione}
            </span>
          ))}
          <span className="tl-legend-item">
            <TurnoBadge codice="T" colore="#1677ff" muted /> {t('calendario.da_orario')}
          </span>
          <span className="tl-legend-item">
            <TurnoBadge codice="T" colore="#1677ff" /> {t('calendario.modificato')}
          </span>
          <span className="tl-legend-item">
            <span className="tl-legend-festivo" /> {t('calendario.festivo')}
          </span>
          <span className="tl-legend-item">
            <span className="tl-giust-badge">FER</span> {t('calendario.giustificativo')}
          </span>
          <span className="tl-legend-item">
            <span className="tl-giust-badge is-pending">FER</span> {t('calendario.giustificativo_richiesto')}
          </span>
          <span className="tl-legend-item">
            <WarningFilled className="tl-cal-warn tl-cal-warn--static" /> {t('calendario.riposo_insufficiente')}
          </span>
        </Space>
        <Typography.Text type="secondary" className="tl-cal-hint">
          <InfoCircleOutlined /> {t('calendario.hint_selezione')}
        </Typography.Text>
      </div>

      {selectedKeys.length || rows.length ? (
        <div className="tl-selection-bar" role="region" aria-label={t('calendario.selezione')}>
          {selectedKeys.length ? (
            <Space wrap>
              <Typography.Text strong>{t('calendario.celle_selezionate', { n: selectedKeys.length })}</Typography.Text>
              <Select
                aria-label={t('calendario.turno_da_assegnare')}
                placeholder={t('calendario.turno_da_assegnare')}
                style={{ width: 240 }}
                showSearch={{ optionFilterProp: 'label' }}
                value={bulkTurno}
                onChange={setBulkTurno}
                options={[{ value: 0, label: t('orari.riposo') }, ...turniList.map((x) => ({ value: x.id, label: `${x.codice} - ${x.descrizione}` }))]}
              />
              <Button type="primary" disabled={bulkTurno === undefined} loading={busy} onClick={() => void setCells(selectedKeys, bulkTurno ? bulkTurno : null).then(() => setSelected(new Set()))}>
                {t('calendario.assegna')}
              </Button>
              <Button icon={<RollbackOutlined />} loading={busy} onClick={() => void resetCells(selectedKeys).then(() => setSelected(new Set()))}>
                {t('calendario.torna_orario')}
              </Button>
              <Button icon={<ClearOutlined />} onClick={() => setSelected(new Set())}>
                {t('calendario.annulla_selezione')}
              </Button>
            </Space>
          ) : null}
          {rows.length ? (
            <Space wrap>
              <Typography.Text strong>{t('calendario.dipendenti_selezionati', { n: rows.length })}</Typography.Text>
              <Button type="primary" onClick={() => setAssegna(true)}>
                {t('calendario.assegna_periodo')}
              </Button>
              <Button icon={<RetweetOutlined />} onClick={() => setRotazione(true)}>
                {t('calendario.rotazione')}
              </Button>
              <Button icon={<ClearOutlined />} onClick={() => setRows([])}>
                {t('calendario.annulla_selezione')}
              </Button>
            </Space>
          ) : null}
        </div>
      ) : null}

      <div data-testid="calendario-servizi" className={`tl-cal${compact ? ' tl-cal--compact' : ''}`}>
        <Table<Riga>
          rowKey={(r) => r.dipendente.id}
          size="small"
          bordered
          columns={columns}
          dataSource={righe}
          loading={cal.isFetching || busy}
          pagination={righe.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
          scroll={{ x: 'max-content', y: 'calc(100vh - 360px)' }}
          sticky
          rowSelection={{
            selectedRowKeys: rows,
            onChange: (keys) => setRows(keys.map(Number)),
            columnWidth: 36,
            fixed: true,
            getCheckboxProps: (r) => ({ 'aria-label': t('calendario.seleziona_dipendente', { nome: `${r.dipendente.cognome} ${r.dipendente.nome}` }) }),
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('calendario.nessun_dipendente')} /> }}
        />
      </div>

      {avvisi.length ? (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          data-testid="calendario-avvisi"
          title={t('calendario.avvisi_titolo', { n: avvisi.length })}
          description={
            <ul className="tl-avvisi">
              {avvisi.map((a, i) => (
                <li key={i}>
                  <strong>{nomeDi(a.dipendente_id)}</strong>, {capitalize(dayjs(a.data).format('dddd DD/MM/YYYY'))}: {translateMessage(a.message, a.params)}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}

      <RotazioneModal
        open={rotazione}
        onClose={() => setRotazione(false)}
        turni={turniList}
        initial={{ dipendenti: rows, dal, al }}
        onDone={(answer) => {
          setRotazione(false);
          setRows([]);
          collectAvvisi([answer]);
          void refresh();
        }}
      />
      <AssegnaModal
        open={assegna}
        onClose={() => setAssegna(false)}
        turni={turniList}
        dipendenti={rows}
        nomi={rows.map(nomeDi)}
        initial={{ dal, al }}
        onDone={(answer) => {
          setAssegna(false);
          setRows([]);
          collectAvvisi([answer]);
          void refresh();
        }}
      />
    </div>
  );
}
