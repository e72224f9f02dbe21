import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Calendar, Col, Empty, Row, Space, Spin, Tabs, Tooltip, Typography } from 'antd';
import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { dayjs, type Dayjs } from '../../platform/formats';
import { call } from '../../platform/api';
import { useLookup } from '../../platform/queries';
import { AnomalieTags } from '../../components/AnomalieTags';
import { OPS_CONSULTAZIONE, RES_DIPENDENTI } from '@tulip/contract/wire';
import { DipendenteSelect, useScope } from '../../components/people';
import { oraDi } from '../../platform/formats';
import { PeriodNav } from '../../components/PeriodNav';
import { TurnoBadge } from '../turni';
import { AnomalieList } from './AnomalieList';
import { DayDrawer } from './DayDrawer';
import { PunchDialog, type PunchAction } from './PunchDialog';
import { TimbraPanel } from './TimbraPanel';
import { anomalieVisibili, isAnnullata, isManuale, type GiornoTimbrature } from './types';
import '../../components/presenze.css';
import { useSearchParams } from 'react-router';

/** /timbrature/calendario — punch calendar of a month, day drawer with corrections, open anomalies. */
export function TimbraturePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { soloProprio, dipendente } = useScope();
  const canEdit = !soloProprio;
  const [dipendenteId, setDipendenteId] = useState<number | null>(dipendente?.id ?? null);
  const [mese, setMese] = useState<Dayjs>(dayjs());
  const [giornoAperto, setGiornoAperto] = useState<string | null>(null);
  const [action, setAction] = useState<PunchAction | null>(null);
  // ?vista=anomalie: the home page's anomaly count links here (issue #12)
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => (params.get('vista') === 'anomalie' ? 'anomalie' : 'calendario'));
  const dipendenti = useLookup(canEdit ? RES_DIPENDENTI.path : undefined);
  const effectiveId = soloProprio ? (dipendente?.id ?? null) : dipendenteId;
  const nome =
    effectiveId === dipendente?.id && dipendente
      ? `${dipendente.cognome} ${dipendente.nome}`
      : ((dipendenti.data ?? []).find((d) => d.value === effectiveId)?.label ?? undefined);

  const meseKey = mese.format('YYYY-MM');
  const oggi = dayjs().format('YYYY-MM-DD');
  const giorni = useQuery({
    queryKey: ['timbrature', 'giorni', effectiveId, meseKey],
    queryFn: () => call(OPS_CONSULTAZIONE.giorni, { query: { dipendente_id: effectiveId, mese: meseKey } }),
    enabled: !!effectiveId,
    placeholderData: keepPreviousData,
    select: (a): GiornoTimbrature[] => a.map((g) => ({ ...g, anomalie: anomalieVisibili(g, oggi) })),
  });
  const byDate = useMemo(() => new Map((giorni.data ?? []).map((g) => [g.data, g])), [giorni.data]);
  const totAnomalie = (giorni.data ?? []).filter((g) => g.anomalie?.length).length;

  const refresh = () => qc.invalidateQueries({ queryKey: ['timbrature'] });

  const cell = (date: Dayjs) => {
    if (date.format('YYYY-MM') !== meseKey) return null;
    const g = byDate.get(date.format('YYYY-MM-DD'));
    if (!g) return null;
    const punches = [...(g.timbrature ?? [])].sort((a, b) => a.ts.localeCompare(b.ts));
    return (
      <div className={`tl-tcell tl-tcell--${g.tipo_giorno}`}>
        <div className="tl-tcell__head">
          {g.turno ? <TurnoBadge codice={g.turno.codice} colore={g.turno.colore} muted /> : <span className="tl-tcell__riposo">{t(g.tipo_giorno === 'festivo' ? 'turni.tipo_festivo' : 'orari.riposo')}</span>}
          {g.modificato ? (
            <Tooltip title={t('timbrature.giorno_modificato')}>
              <EditOutlined className="tl-tcell__mod" aria-label={t('timbrature.giorno_modificato')} />
            </Tooltip>
          ) : null}
        </div>
        <ul className="tl-tcell__punches">
          {punches.map((p) => (
            <li key={p.id} className={`tl-punch tl-punch--${p.verso}${isAnnullata(p) ? ' is-annullata' : ''}`}>
              <span className="tl-punch__v">{p.verso}</span>
              <span className="tl-punch__t">{oraDi(p.ts)}</span>
              {isManuale(p) && !isAnnullata(p) ? <EditOutlined className="tl-punch__man" aria-label={t('timbrature.manuale')} /> : null}
            </li>
          ))}
        </ul>
        {g.anomalie?.length ? (
          <div className="tl-tcell__anom">
            <AnomalieTags anomalie={g.anomalie} short />
          </div>
        ) : null}
      </div>
    );
  };

  const calendario = !effectiveId ? (
    <Empty description={soloProprio ? t('timbrature.nessun_dipendente_collegato') : t('timbrature.scegli_dipendente')} style={{ padding: 48 }} />
  ) : (
    <Spin spinning={giorni.isFetching}>
      {totAnomalie ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('timbrature.giorni_con_anomalie', { count: totAnomalie })} />
      ) : null}
      <div data-testid="timbrature-calendario" className="tl-tcal">
        <Calendar
          value={mese}
          fullscreen
          headerRender={() => null}
          cellRender={(date, info) => (info.type === 'date' ? cell(date) : info.originNode)}
          onSelect={(date, info) => {
            if (info.source !== 'date') return;
            if (date.format('YYYY-MM') !== meseKey) {
              setMese(date);
              return;
            }
            setGiornoAperto(date.format('YYYY-MM-DD'));
          }}
          onChange={(d) => d.format('YYYY-MM') !== meseKey && setMese(d)}
        />
      </div>
    </Spin>
  );

  return (
    <div>
      <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.timbrature.calendario')}
          </Typography.Title>
          {nome ? <Typography.Text type="secondary">{nome}</Typography.Text> : null}
        </Col>
        <Col>
          <Space wrap>
            {canEdit ? (
              <DipendenteSelect value={dipendenteId} onChange={(v: number) => setDipendenteId(v ?? null)} style={{ width: 280 }} />
            ) : null}
            <PeriodNav value={mese} onChange={setMese} unit="month" />
            <Tooltip title={t('ui.aggiorna')}>
              <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void refresh()} />
            </Tooltip>
          </Space>
        </Col>
      </Row>

      {dipendente && (soloProprio || effectiveId === dipendente.id) ? <TimbraPanel /> : null}

      {canEdit ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'calendario', label: t('timbrature.tab_calendario'), children: calendario },
            {
              key: 'anomalie',
              label: (
                <Space size={6}>
                  {t('timbrature.tab_anomalie')}
                  <AnomalieCount mese={mese} />
                </Space>
              ),
              children: (
                <AnomalieList
                  mese={mese}
                  onAction={setAction}
                  onOpenDay={(id, data) => {
                    setDipendenteId(id);
                    setMese(dayjs(data));
                    setTab('calendario');
                    setGiornoAperto(data);
                  }}
                />
              ),
            },
          ]}
        />
      ) : (
        calendario
      )}

      <div className="tl-tlegend">
        <span>
          <span className="tl-punch tl-punch--E">
            <span className="tl-punch__v">E</span>
          </span>{' '}
          {t('timbrature.entrata')}
        </span>
        <span>
          <span className="tl-punch tl-punch--U">
            <span className="tl-punch__v">U</span>
          </span>{' '}
          {t('timbrature.uscita')}
        </span>
        <span>
          <EditOutlined style={{ color: '#d46b08' }} /> {t('timbrature.manuale')}
        </span>
        <span>
          <span className="tl-struck">08:00</span> {t('timbrature.annullata')}
        </span>
      </div>

      <DayDrawer
        giorno={giornoAperto ? (byDate.get(giornoAperto) ?? null) : null}
        data={giornoAperto}
        nome={nome}
        dipendenteId={effectiveId}
        canEdit={canEdit}
        onClose={() => setGiornoAperto(null)}
        onAction={setAction}
      />
      <PunchDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={() => {
          setAction(null);
          void refresh();
        }}
      />
    </div>
  );
}

/** Number of open anomalies of the month, on the tab (shares the list's cache entry when the filter is the same). */
function AnomalieCount({ mese }: { mese: Dayjs }) {
  const dal = mese.startOf('month').format('YYYY-MM-DD');
  const end = mese.endOf('month');
  const al = (end.isAfter(dayjs()) ? dayjs() : end).format('YYYY-MM-DD');
  const query = { dal, al: al < dal ? dal : al, reparto_id: undefined };
  const q = useQuery({
    queryKey: ['timbrature', 'anomalie', query],
    queryFn: () => call(OPS_CONSULTAZIONE.anomalie, { query }, { notifyError: false }),
    select: (a) => a.length,
  });
  return q.data ? <Badge count={q.data} overflowCount={99} /> : null;
}
