/**
 * The shop-floor phase screens (issue #15), one component for four routes: start a phase (`inf`), start one closing
 * the running one (`closePrevious`), close the running one (`cf`, with the quantity produced and the scrap when the
 * phase tracks them), record a phase already done (`rtf`, from–to or a duration). Built for a shared tablet or a
 * phone: the phase now running with its time ticking, a field a keyboard-wedge scanner types the job sheet's code
 * into (`C26-015/SALD`, then Enter), or the order and phase picked from the lists, and big buttons. The server's
 * refusals (not clocked in, a phase already running, nothing running, an overlap) are said on the screen.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Empty, Input, InputNumber, Radio, Row, Space, Table, Typography, type InputRef } from 'antd';
import { CheckCircleOutlined, FieldTimeOutlined, PlayCircleOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { leggiCodiceFase, ROUTE_BY_NAME, type TFaseAzione, type TRegistrazione } from '@tulip/contract';
import { OPS_RILEVAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { dayjs, formatDate, oraDi, UI_DATE, type Dayjs } from '../../platform/formats';
import { ApiError } from '../../platform/http';
import { translateMessage } from '../../platform/i18n';
import { newRequestId } from '../../platform/uuid';
import { isInvalidTime, type InvalidTime } from '../../components/formRules';
import { MinutiInput } from '../../components/minuti';
import { useScope } from '../../components/people';
import { tableFit } from '../../components/tableFit';
import { TimeField } from '../../components/TimeField';
import { CommessaSelect, FaseSelect, ore } from '../commesse';
import { testoErrore } from './common';
import { quando, VerificaTag } from './Registrazioni';

export type OpFase = TFaseAzione['op'];

/** The four screens, in the order the shop floor uses them. */
const SCHERMATE: { op: OpFase; route: string; icon: React.ReactNode }[] = [
  { op: 'inf', route: 'rilevazione.iniziaFase', icon: <PlayCircleOutlined /> },
  { op: 'closePrevious', route: 'rilevazione.iniziaFaseChiudiPrec', icon: <SwapOutlined /> },
  { op: 'cf', route: 'rilevazione.chiudiFase', icon: <StopOutlined /> },
  { op: 'rtf', route: 'rilevazione.rilevaTempoFase', icon: <FieldTimeOutlined /> },
];

type Esito = { tipo: 'success' | 'warning' | 'error'; testo: string; dettaglio?: string };
type Orario = Dayjs | InvalidTime | null;

/** "1:02:07" from the start to now. */
function trascorso(inizio: string, ora: Dayjs): string {
  const s = Math.max(0, ora.diff(dayjs(inizio), 'second'));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function useOra(ms: number) {
  const [ora, setOra] = useState(() => dayjs());
  useEffect(() => {
    const id = setInterval(() => setOra(dayjs()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return ora;
}

export const nomeFase = (r: Pick<TRegistrazione, 'commessa_codice' | 'fase_codice'>) => `${r.commessa_codice}${r.fase_codice ? ` / ${r.fase_codice}` : ''}`;

/** The phase now running, its start and its time ticking (the terminal's screen shows it too). */
export function InCorso({ aperta, loading }: { aperta: TRegistrazione | null | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const ora = useOra(1000);
  return (
    <Card size="small" className="tl-fase__corso" loading={loading && aperta === undefined} data-testid="fase-in-corso">
      <Typography.Text type="secondary">{t('rilevazione.fase_in_corso')}</Typography.Text>
      {aperta ? (
        <Row gutter={[16, 8]} align="middle">
          <Col xs={24} sm={14}>
            <div className="tl-fase__nome" data-testid="fase-in-corso-nome">
              {nomeFase(aperta)}
            </div>
            <div className="tl-fase__descr">
              {aperta.commessa_descrizione}
              {aperta.fase_descrizione ? ` · ${aperta.fase_descrizione}` : ''}
            </div>
            <div className="tl-fase__descr">{t('rilevazione.iniziata_alle', { ora: oraDi(aperta.inizio) })}</div>
          </Col>
          <Col xs={24} sm={10}>
            <div className="tl-fase__tempo" aria-label={t('rilevazione.tempo_trascorso')} role="timer" aria-live="off">
              {trascorso(aperta.inizio!, ora)}
            </div>
          </Col>
        </Row>
      ) : (
        <div className="tl-fase__nessuna" data-testid="fase-nessuna">
          {t('rilevazione.nessuna_fase_in_corso')}
        </div>
      )}
    </Card>
  );
}

/** Today's bookings of the person (where the screen's user may read them): what the timers recorded, flags included. */
function Oggi() {
  const { t } = useTranslation();
  const oggi = dayjs().format('YYYY-MM-DD');
  const lista = useQuery({ queryKey: ['rilevazione', 'oggi', oggi], queryFn: () => call(OPS_RILEVAZIONE.ore, { query: { dal: oggi, al: oggi } }), staleTime: 0 });
  return (
    <Card size="small" title={t('rilevazione.oggi', { data: formatDate(oggi) })} data-testid="fasi-oggi">
      <Table<TRegistrazione>
        size="small"
        rowKey="id"
        dataSource={lista.data?.rows ?? []}
        loading={lista.isFetching}
        pagination={false}
        {...tableFit}
        locale={{ emptyText: t('rilevazione.nessuna_registrazione') }}
        onRow={(r) => ({ 'data-testid': `oggi-${r.commessa_codice}-${r.fase_codice ?? ''}` }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { key: 'fase', title: t('rilevazione.commessa_fase'), render: (_, r) => nomeFase(r) },
          { key: 'quando', title: t('rilevazione.dalle_alle'), render: (_, r) => quando(r, t('rilevazione.in_corso')) },
          { key: 'ore', title: t('rilevazione.ore'), align: 'right', render: (_, r) => (r.inizio && !r.fine ? '' : ore(r.minuti)) },
          { key: 'quantita', title: t('rilevazione.quantita_scarto'), align: 'right', render: (_, r) => (r.quantita === null && r.scarto === null ? '' : `${r.quantita ?? 0} / ${r.scarto ?? 0}`) },
          { key: 'verifica', title: t('rilevazione.verifica'), render: (_, r) => <VerificaTag r={r} /> },
        ]}
      />
    </Card>
  );
}

/** The screens' switch: the four phase operations the user may open. */
function Schermate({ op }: { op: OpFase }) {
  const { t } = useTranslation();
  const { routes } = useScope();
  const mine = SCHERMATE.filter((s) => routes.includes(s.route));
  if (mine.length < 2) return null;
  return (
    <nav aria-label={t('rilevazione.operazioni_fase')} className="tl-fase__nav">
      {mine.map((s) => (
        <Link key={s.op} to={ROUTE_BY_NAME[s.route].path} aria-current={s.op === op ? 'page' : undefined} className={`tl-fase__tab${s.op === op ? ' is-attiva' : ''}`}>
          {s.icon} {t(`menu.${s.route}`)}
        </Link>
      ))}
    </nav>
  );
}

export function FasePage({ op }: { op: OpFase }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { dipendente, routes } = useScope();
  const scan = useRef<InputRef>(null);
  const [codice, setCodice] = useState('');
  const [commessaId, setCommessaId] = useState<number | null>(null);
  const [faseId, setFaseId] = useState<number | null>(null);
  const [quantita, setQuantita] = useState<number | null>(null);
  const [scarto, setScarto] = useState<number | null>(null);
  const [modo, setModo] = useState<'orari' | 'durata'>('orari');
  const [giorno, setGiorno] = useState<Dayjs>(() => dayjs());
  const [dalle, setDalle] = useState<Orario>(null);
  const [alle, setAlle] = useState<Orario>(null);
  const [durata, setDurata] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [esito, setEsito] = useState<Esito | null>(null);
  const route = SCHERMATE.find((s) => s.op === op)!.route;

  const aperta = useQuery({
    queryKey: ['rilevazione', 'aperta'],
    queryFn: () => call(OPS_RILEVAZIONE.aperta, { query: {} }),
    enabled: !!dipendente,
    // what runs changes elsewhere too (an exit punch, another device): read again on every visit and every 30 s
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: 30_000,
  });
  const inCorso = aperta.data;
  const conOggi = routes.includes('rilevazione.commessa1') || routes.includes('rilevazione.commessa2');
  const chiedeQuantita = op === 'rtf' || (op === 'cf' && !!inCorso?.fase_quantita);

  // a new screen starts clean
  useEffect(() => {
    setEsito(null);
    setCodice('');
    scan.current?.focus();
  }, [op]);

  const errore = (testo: string) => setEsito({ tipo: 'error', testo });

  /** The body of the action from what is on the screen, or an error to say. */
  function corpo(scansionato: string): TFaseAzione | string {
    const body: TFaseAzione = { op, id_richiesta: newRequestId() };
    const code = scansionato.trim();
    if (code) {
      if (!leggiCodiceFase(code)) return t('avvisi.codice_fase_non_valido');
      body.codice = code;
    } else if (commessaId) {
      body.commessa_id = commessaId;
      if (faseId) body.fase_id = faseId;
    } else if (op !== 'cf') return t('rilevazione.scegli_fase_da_fare');
    if (chiedeQuantita) {
      if (quantita !== null) body.quantita = quantita;
      if (scarto !== null) body.scarto = scarto;
    }
    if (op === 'rtf') {
      if (modo === 'durata') {
        if (!durata || Number.isNaN(durata)) return t('rilevazione.indica_durata');
        body.minuti = durata;
      } else {
        if (!dalle || !alle || isInvalidTime(dalle) || isInvalidTime(alle)) return t('rilevazione.indica_orari');
        const d = giorno.format('YYYY-MM-DD');
        body.inizio = `${d}T${dalle.format('HH:mm')}:00`;
        body.fine = `${d}T${alle.format('HH:mm')}:00`;
        if (body.fine <= body.inizio) return t('rilevazione.fine_prima_inizio');
      }
    }
    return body;
  }

  /** What an action did: the phase started and when, or the time recorded. */
  const descrivi = (r: TRegistrazione) =>
    [nomeFase(r), r.inizio && !r.fine ? t('rilevazione.iniziata_alle', { ora: oraDi(r.inizio) }) : [quando(r, ''), ore(r.minuti)].filter(Boolean).join(' · ')].join(' · ');

  async function esegui(scansionato = codice) {
    const body = corpo(scansionato);
    if (typeof body === 'string') return errore(body);
    setBusy(true);
    setEsito(null);
    try {
      const r = await call(OPS_RILEVAZIONE.fasi, { body }, { notifyError: false, notifySuccess: false });
      const fatta = r.data.aperta && op !== 'cf' && op !== 'rtf' ? r.data.aperta : r.data.chiusa;
      setEsito({
        tipo: r.params?.context === 'senza_presenza' ? 'warning' : 'success',
        testo: translateMessage(r.message, r.params),
        dettaglio: fatta ? descrivi(fatta) : undefined,
      });
      qc.setQueryData(['rilevazione', 'aperta'], r.data.aperta);
      void qc.invalidateQueries({ queryKey: ['rilevazione'], predicate: (q) => q.queryKey[1] !== 'aperta' });
      setCodice('');
      setQuantita(null);
      setScarto(null);
      setDurata(null);
      setDalle(null);
      setAlle(null);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404 && body.codice) errore(t('rilevazione.codice_sconosciuto', { codice: body.codice }));
      else errore(testoErrore(e) ?? t('ui.errore_inatteso'));
    } finally {
      setBusy(false);
      scan.current?.focus();
    }
  }

  const bottone = {
    inf: { testo: 'rilevazione.inizia_fase', icon: <PlayCircleOutlined /> },
    closePrevious: { testo: 'rilevazione.inizia_chiudi_precedente', icon: <SwapOutlined /> },
    cf: { testo: 'rilevazione.chiudi_fase', icon: <StopOutlined /> },
    rtf: { testo: 'rilevazione.registra_tempo', icon: <CheckCircleOutlined /> },
  }[op];

  if (!dipendente)
    return (
      <div className="tl-fase">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t(`menu.${route}`)}
        </Typography.Title>
        <Empty description={t('rilevazione.nessun_dipendente_collegato')} style={{ padding: 48 }} />
      </div>
    );

  return (
    <div className="tl-fase" data-testid={`fase-${op}`}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(`menu.${route}`)}
      </Typography.Title>
      <Schermate op={op} />
      <InCorso aperta={inCorso} loading={aperta.isLoading} />
      <Card size="small" className="tl-fase__azione">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <div>
            <label htmlFor="tl-fase-codice" className="tl-fase__label">
              {op === 'cf' ? t('rilevazione.codice_da_chiudere') : t('rilevazione.codice')}
            </label>
            <Input
              id="tl-fase-codice"
              ref={scan}
              size="large"
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={codice}
              placeholder={t('rilevazione.codice_placeholder')}
              onChange={(e) => {
                setCodice(e.target.value);
                if (e.target.value) {
                  setCommessaId(null);
                  setFaseId(null);
                }
              }}
              onPressEnter={(e) => void esegui((e.target as HTMLInputElement).value)}
              data-testid="fase-codice"
            />
          </div>
          <div>
            <div className="tl-fase__label" id="tl-fase-scegli">
              {t('rilevazione.oppure_scegli')}
            </div>
            <Row gutter={[8, 8]} role="group" aria-labelledby="tl-fase-scegli">
              <Col xs={24} md={14}>
                <CommessaSelect
                  value={commessaId}
                  onChange={(v: number | undefined) => {
                    setCommessaId(v ?? null);
                    setFaseId(null);
                    if (v) setCodice('');
                  }}
                  style={{ width: '100%' }}
                  testId="fase-commessa"
                />
              </Col>
              <Col xs={24} md={10}>
                <FaseSelect commessaId={commessaId} value={faseId} onChange={setFaseId} style={{ width: '100%' }} aria-label={t('rilevazione.fase')} placeholder="rilevazione.scegli_fase" data-testid="fase-fase" />
              </Col>
            </Row>
          </div>
          {op === 'rtf' ? (
            <Radio.Group size="large" value={modo} onChange={(e) => setModo(e.target.value as 'orari' | 'durata')} optionType="button" aria-label={t('rilevazione.come_registrare')}>
              <Radio.Button value="orari">{t('rilevazione.dalle_alle')}</Radio.Button>
              <Radio.Button value="durata">{t('rilevazione.durata')}</Radio.Button>
            </Radio.Group>
          ) : null}
          {op === 'rtf' || chiedeQuantita ? (
            <div className="tl-fase__campi">
              {op !== 'rtf' ? null : modo === 'orari' ? (
                <>
                  <label className="tl-fase__campo">
                    <span className="tl-fase__label">{t('rilevazione.data')}</span>
                    <DatePicker size="large" format={UI_DATE} allowClear={false} value={giorno} onChange={(d) => d && setGiorno(d)} disabledDate={(d) => d.isAfter(dayjs(), 'day')} style={{ width: 170 }} />
                  </label>
                  <label className="tl-fase__campo">
                    <span className="tl-fase__label">{t('rilevazione.dalle')}</span>
                    <TimeField size="large" value={dalle} onChange={setDalle} placeholder="hh:mm" style={{ width: 130 }} data-testid="rtf-dalle" />
                  </label>
                  <label className="tl-fase__campo">
                    <span className="tl-fase__label">{t('rilevazione.alle')}</span>
                    <TimeField size="large" value={alle} onChange={setAlle} placeholder="hh:mm" style={{ width: 130 }} data-testid="rtf-alle" />
                  </label>
                </>
              ) : (
                <label className="tl-fase__campo">
                  <span className="tl-fase__label">{t('rilevazione.durata')}</span>
                  <MinutiInput value={durata} onChange={setDurata} placeholder={t('rilevazione.durata_placeholder')} style={{ width: 160, height: 40 }} />
                </label>
              )}
              {chiedeQuantita ? (
                <>
                  <label className="tl-fase__campo">
                    <span className="tl-fase__label">{t('rilevazione.quantita_prodotta')}</span>
                    <InputNumber size="large" min={0} precision={0} value={quantita} onChange={(v) => setQuantita(v ?? null)} style={{ width: 170 }} data-testid="fase-quantita" />
                  </label>
                  <label className="tl-fase__campo">
                    <span className="tl-fase__label">{t('rilevazione.scarto')}</span>
                    <InputNumber size="large" min={0} precision={0} value={scarto} onChange={(v) => setScarto(v ?? null)} style={{ width: 170 }} data-testid="fase-scarto" />
                  </label>
                </>
              ) : null}
            </div>
          ) : null}
          <Button type="primary" danger={op === 'cf'} size="large" block icon={bottone.icon} loading={busy} className="tl-fase__btn" onClick={() => void esegui()} data-testid="fase-esegui">
            {t(bottone.testo)}
          </Button>
          <div aria-live="polite" data-testid="fase-esito-box">
            {esito ? (
              <Alert
                type={esito.tipo}
                showIcon
                role={esito.tipo === 'error' ? 'alert' : 'status'}
                className="tl-fase__esito"
                title={esito.testo}
                description={esito.dettaglio}
                data-testid="fase-esito"
              />
            ) : null}
          </div>
        </Space>
      </Card>
      {conOggi ? <Oggi /> : null}
    </div>
  );
}

/** The four entry routes of the one screen. */
export const IniziaFasePage = () => <FasePage op="inf" />;
export const IniziaFaseChiudiPrecPage = () => <FasePage op="closePrevious" />;
export const ChiudiFasePage = () => <FasePage op="cf" />;
export const RilevaTempoFasePage = () => <FasePage op="rtf" />;
