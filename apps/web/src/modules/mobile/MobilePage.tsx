import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reloadTo } from '../../platform/env';
import { ApiError } from '../../platform/http';
import { translateMessage } from '../../platform/i18n';
import { notifyNegative } from '../../platform/notifications/store';
import { logout, useSession } from '../../platform/session';
import { newRequestId } from '../../platform/uuid';
import { registerServiceWorker } from './pwa';
import { PunchQueue, retryAfterOnline, type FlushReport, type QueueItem, type SendOutcome, type Verso } from './queue';
import { idbQueueStorage } from './storage';
import { companyTime, titoloGiornata, useWallClockOffset, wallClockTime } from '../../platform/wallClock';
import { ANTICIPO_ENTRATA_DA_CONFERMARE, type OpInput, type OpResult } from '@tulip/contract';
import { OPS_TIMBRATURE } from '@tulip/contract/wire';
import './mobile.css';
import { capitalize, dayjs, formatDate } from '../../platform/formats';
import { call } from '../../platform/api';
import { TulipMark } from '../../components/TulipMark';

const RETRY_MS = 30_000;
const GEO_TIMEOUT_MS = 5000;
const FEEDBACK_MS = 6000;
export const POSIZIONE_KEY = 'tulip_mobile_posizione';
const NOME_KEY = 'tulip_mobile_nome';

/** The employee's work day in progress, as the contract's operation answers it. */
type Oggi = OpResult<typeof OPS_TIMBRATURE.oggi>;
type Feedback = { tipo: 'ok' | 'attesa' | 'errore' | 'info'; testo: string };



function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeItem(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode */
  }
}

/** The position at the moment of the punch, or null (denied, unavailable, 5 s timeout). */
function posizione(): Promise<{ lat: number; lon: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: Math.round(p.coords.latitude * 1e6) / 1e6, lon: Math.round(p.coords.longitude * 1e6) / 1e6 }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: GEO_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

/** PUT /api/timbrature for one queued punch; status 0 when no answer came back. */
async function sendPunch(item: QueueItem): Promise<SendOutcome> {
  const body: OpInput<typeof OPS_TIMBRATURE.registra>['body'] = { verso: item.verso, id_richiesta: item.id_richiesta, fonte: item.fonte };
  // a punch sent late (queued offline) still gets the server's time; the device's own time goes along for HR to see
  if (Date.now() - Date.parse(item.creato) > 60_000) body.ts_dispositivo = item.creato;
  if (typeof item.lat === 'number' && typeof item.lon === 'number') {
    body.lat = item.lat;
    body.lon = item.lon;
  }
  try {
    const r = await call(OPS_TIMBRATURE.registra, { body }, { notifyError: false, notifySuccess: false });
    return { status: 201, data: r?.data };
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, message: e.body.message, params: e.body.params };
    return { status: 0 };
  }
}

let queueSingleton: PunchQueue | null = null;
let ownerId: number | null = null;
function queue(): PunchQueue {
  queueSingleton ??= new PunchQueue(idbQueueStorage(), sendPunch, () => ownerId);
  return queueSingleton;
}

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

function useNow(ms: number) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

function MobileTimbratura() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const { profile } = useSession();
  const online = useOnline();
  const now = useNow(1000);
  const lang = i18n.language;
  ownerId = profile?.utente.id ?? ownerId;

  const [geo, setGeo] = useState(() => readFlag(POSIZIONE_KEY));
  const [busy, setBusy] = useState<Verso | null>(null);
  // an entry long before the shift it counts for, said and asked before it is recorded (the web panel asks the same)
  const [chiede, setChiede] = useState<string | null>(null);
  const [coda, setCoda] = useState<QueueItem[]>([]);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const oggi = useQuery({
    queryKey: ['timbrature', 'oggi'],
    queryFn: (): Promise<Oggi> => call(OPS_TIMBRATURE.oggi, {}, { notifyError: false }),
    staleTime: 0,
  });

  const dip = oggi.data?.dipendente ?? profile?.dipendente ?? null;
  // the company's clock against this phone's, kept while offline once the server has answered
  const offset = useWallClockOffset(oggi.data?.ora);
  const [nomeSalvato] = useState(() => {
    try {
      return localStorage.getItem(NOME_KEY);
    } catch {
      return null;
    }
  });
  const nome = dip ? `${dip.nome} ${dip.cognome}` : nomeSalvato;
  useEffect(() => {
    if (dip) writeItem(NOME_KEY, `${dip.nome} ${dip.cognome}`);
  }, [dip]);
  const senzaDipendente = !!profile && !profile.dipendente;

  const afterFlush = useCallback(
    (r: FlushReport) => {
      setCoda(r.pending);
      if (r.sent.length || r.refused.length) void qc.invalidateQueries({ queryKey: ['timbrature'] });
      for (const x of r.refused) notifyNegative(translateMessage(x.outcome.message ?? 'avvisi.network_error', x.outcome.params));
      return r;
    },
    [qc],
  );

  const flush = useCallback(() => queue().flush().then(afterFlush), [afterFlush]);

  // Resend the queue on page load, when the connection comes back (and soon again if it is not really up yet), and every 30 s.
  useEffect(() => {
    registerServiceWorker();
    void queue()
      .pending()
      .then(setCoda)
      .then(flush);
    let soon: ReturnType<typeof setTimeout> | undefined;
    const flushAfterOnline = (attempt: number) =>
      void flush().then((r) => {
        const delay = retryAfterOnline(attempt, r);
        if (delay !== null) soon = setTimeout(() => flushAfterOnline(attempt + 1), delay);
      });
    const onOnline = () => {
      clearTimeout(soon);
      flushAfterOnline(0);
      void oggi.refetch();
    };
    window.addEventListener('online', onOnline);
    const id = setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(id);
      clearTimeout(soon);
    };
    // oggi.refetch is stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flush]);

  useEffect(() => {
    if (!feedback || feedback.tipo === 'attesa') return;
    const id = setTimeout(() => setFeedback(null), FEEDBACK_MS);
    return () => clearTimeout(id);
  }, [feedback]);

  async function timbra(verso: Verso) {
    if (busy) return;
    setBusy(verso);
    setFeedback(geo ? { tipo: 'info', testo: t('mobile.rilevo_posizione') } : null);
    try {
      const pos = geo ? await posizione() : null;
      const item: QueueItem = {
        verso,
        id_richiesta: newRequestId(),
        fonte: 'mobile',
        ...(pos ? { lat: pos.lat, lon: pos.lon } : {}),
        creato: new Date().toISOString(),
        utente: profile?.utente.id ?? null,
      };
      await queue().enqueue(item);
      setCoda(await queue().pending());
      const r = await flush();
      const ora = wallClockTime(new Date(item.creato), offset);
      const senzaPosizione = geo && !pos ? ` ${t('mobile.senza_posizione')}` : '';
      if (r.sent.some((x) => x.item.id_richiesta === item.id_richiesta)) {
        const ts = (r.sent.find((x) => x.item.id_richiesta === item.id_richiesta)?.outcome.data as { ts?: string } | undefined)?.ts;
        const oraServer = ts && /T\d{2}:\d{2}/.test(ts) ? ts.slice(11, 16) : ora;
        setFeedback({ tipo: 'ok', testo: t(verso === 'E' ? 'mobile.entrata_registrata' : 'mobile.uscita_registrata', { ora: oraServer }) + senzaPosizione });
      } else if (r.refused.some((x) => x.item.id_richiesta === item.id_richiesta)) {
        const x = r.refused.find((y) => y.item.id_richiesta === item.id_richiesta)!;
        setFeedback({ tipo: 'errore', testo: translateMessage(x.outcome.message ?? 'avvisi.network_error', x.outcome.params) });
      } else {
        setFeedback({ tipo: 'attesa', testo: t('mobile.in_attesa_testo', { ora }) + senzaPosizione });
      }
    } catch (e) {
      console.error(e);
      setFeedback({ tipo: 'errore', testo: t('mobile.errore_salvataggio') });
    } finally {
      setBusy(null);
    }
  }

  useEffect(() => {
    if (feedback?.tipo === 'attesa' && !coda.length) setFeedback(null);
  }, [coda.length, feedback?.tipo]);

  // wire instants sort as text; localeCompare would build the phone's first Intl collator while the page loads
  const timbrature = useMemo(() => (Array.isArray(oggi.data?.timbrature) ? [...oggi.data.timbrature].sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0)) : []), [oggi.data]);
  const ultimo = [...coda].reverse()[0]?.verso ?? [...timbrature].reverse().find((x) => x.stato !== 'annullata')?.verso;
  const suggerito: Verso = ultimo === 'E' ? 'U' : 'E';
  const titoloOggi = titoloGiornata(oggi.data?.data, oggi.data?.ora.slice(0, 10) ?? '');

  function chiediEntrata() {
    const e = oggi.data?.entrata;
    // the server's minutes ahead when it answered, less the time since
    const anticipo = e?.turno ? e.anticipo_minuti - Math.floor((now.getTime() - oggi.dataUpdatedAt) / 60_000) : 0;
    if (!e?.turno || anticipo <= ANTICIPO_ENTRATA_DA_CONFERMARE) return void timbra('E');
    setChiede(
      t('timbrature.entrata_anticipata', {
        ora: wallClockTime(now, offset), turno: `${e.turno.codice} – ${e.turno.descrizione}`, data: formatDate(e.data), inizio: e.turno.inizio.slice(11, 16),
        anticipo: `${Math.floor(anticipo / 60)}:${String(anticipo % 60).padStart(2, '0')}`,
      }),
    );
  }

  const wall = companyTime(now, offset);
  // the day on the company's wall clock, named by dayjs's locale tables: a phone's first Intl date formatter costs
  // tens of milliseconds of its CPU while the page loads
  const giorno = wall.timeZone === 'UTC' ? new Date(wall.at.getUTCFullYear(), wall.at.getUTCMonth(), wall.at.getUTCDate()) : wall.at;
  const data = capitalize(dayjs(giorno).locale(lang === 'en' ? 'en' : 'it').format('dddd D MMMM'));

  return (
    <div className="tl-mobile" data-testid="mobile">
      <header className="tl-mobile__header">
        <div className="tl-mobile__brand">
          <TulipMark size={30} />
          <span>{t('app.nome')}</span>
        </div>
        <span className={`tl-mobile__rete${online ? '' : ' is-offline'}`} role="status">
          {online ? t('mobile.online') : t('mobile.offline')}
        </span>
      </header>

      <section className="tl-mobile__chi">
        <h1>{nome ?? t('mobile.titolo')}</h1>
        <p>
          <span className="tl-mobile__data">{data}</span> · <time className="tl-mobile__ora" data-testid="mobile-ora">{wallClockTime(now, offset)}</time>
        </p>
      </section>

      {senzaDipendente ? (
        <div className="tl-alert" role="alert">
          {t('home.nessun_dipendente')}
        </div>
      ) : null}

      <div className="tl-mobile__azioni">
        <button
          type="button"
          className={`tl-mobile__btn tl-mobile__btn--E${suggerito === 'E' ? ' is-suggested' : ''}`}
          disabled={!!busy || senzaDipendente}
          onClick={chiediEntrata}
          data-testid="mobile-entrata"
        >
          {busy === 'E' ? <span className="tl-spinner tl-spinner--small" aria-hidden="true" /> : <span aria-hidden="true">→</span>}
          {t('mobile.entrata')}
        </button>
        <button
          type="button"
          className={`tl-mobile__btn tl-mobile__btn--U${suggerito === 'U' ? ' is-suggested' : ''}`}
          disabled={!!busy || senzaDipendente}
          onClick={() => void timbra('U')}
          data-testid="mobile-uscita"
        >
          {busy === 'U' ? <span className="tl-spinner tl-spinner--small" aria-hidden="true" /> : <span aria-hidden="true">←</span>}
          {t('mobile.uscita')}
        </button>
      </div>

      {chiede ? (
        <section className="tl-mobile__card tl-mobile__card--coda" role="alertdialog" aria-labelledby="tl-mobile-chiede" aria-describedby="tl-mobile-chiede-testo" data-testid="mobile-chiede">
          <h2 id="tl-mobile-chiede">{t('timbrature.entrata_anticipata_titolo')}</h2>
          <p id="tl-mobile-chiede-testo">{chiede}</p>
          <div className="tl-mobile__chiede-azioni">
            <button
              type="button"
              className="tl-mobile__btn tl-mobile__btn--E tl-mobile__btn--piccolo"
              autoFocus
              onClick={() => {
                setChiede(null);
                void timbra('E');
              }}
              data-testid="mobile-conferma-entrata"
            >
              {t('timbrature.timbra_entrata')}
            </button>
            <button type="button" className="tl-link" onClick={() => setChiede(null)}>
              {t('ui.annulla')}
            </button>
          </div>
        </section>
      ) : null}

      <div aria-live="polite">
        {feedback ? (
          <div className={`tl-mobile__feedback tl-mobile__feedback--${feedback.tipo}`} role={feedback.tipo === 'errore' ? 'alert' : 'status'} data-testid="mobile-esito">
            {feedback.testo}
          </div>
        ) : null}
      </div>

      <label className="tl-mobile__switch">
        <input
          type="checkbox"
          role="switch"
          checked={geo}
          aria-checked={geo}
          onChange={(e) => {
            setGeo(e.target.checked);
            writeItem(POSIZIONE_KEY, e.target.checked ? '1' : null);
          }}
        />
        <span className="tl-mobile__switch-track" aria-hidden="true" />
        <span>
          {t('mobile.registra_posizione')}
          <small>{t('mobile.posizione_aiuto')}</small>
        </span>
      </label>

      {coda.length ? (
        <section className="tl-mobile__card tl-mobile__card--coda" data-testid="mobile-coda" aria-labelledby="tl-mobile-coda">
          <h2 id="tl-mobile-coda">{t('mobile.in_attesa_titolo', { count: coda.length })}</h2>
          <ul className="tl-mobile__lista">
            {coda.map((c) => (
              <li key={c.id_richiesta}>
                <span className={`tl-mobile__verso tl-mobile__verso--${c.verso}`}>{t(c.verso === 'E' ? 'mobile.entrata' : 'mobile.uscita')}</span>
                <span>{wallClockTime(new Date(c.creato), offset)}</span>
                <span className="tl-mobile__attesa">{t('mobile.in_attesa')}</span>
              </li>
            ))}
          </ul>
          <button type="button" className="tl-link" onClick={() => void flush()}>
            {t('mobile.riprova_ora')}
          </button>
        </section>
      ) : null}

      {senzaDipendente ? null : (
      <section className="tl-mobile__card" aria-labelledby="tl-mobile-oggi">
        <h2 id="tl-mobile-oggi">
          {/* last night's shift is titled by its own day, not as today's */}
          {titoloOggi.key === 'turno_del' ? t('timbrature.turno_del', { data: formatDate(titoloOggi.data) }) : t('mobile.timbrature_oggi')}
        </h2>
        <div data-testid="mobile-timbrature">
          {oggi.isLoading ? (
            <div className="tl-page-loading" role="status" aria-label={t('app.caricamento')}>
              <div className="tl-spinner tl-spinner--small" aria-hidden="true" />
            </div>
          ) : oggi.isError && !oggi.data ? (
            <p className="tl-muted">
              {oggi.error instanceof ApiError && oggi.error.status === 0 ? t('mobile.timbrature_non_disponibili') : t('consultazione.errore_caricamento')}
            </p>
          ) : timbrature.length ? (
            <ul className="tl-mobile__lista">
              {timbrature.map((p) => (
                <li key={p.id} className={p.stato === 'annullata' ? 'is-annullata' : undefined}>
                  <span className={`tl-mobile__verso tl-mobile__verso--${p.verso}`}>{t(p.verso === 'E' ? 'mobile.entrata' : 'mobile.uscita')}</span>
                  <span>{p.ts.slice(11, 16)}</span>
                  <span className="tl-muted">{p.stato === 'annullata' ? t('mobile.annullata') : t(`cartellino.fonte_${p.fonte ?? 'web'}`, { defaultValue: p.fonte ?? '' })}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="tl-muted">{t('mobile.nessuna_timbratura')}</p>
          )}
        </div>
      </section>
      )}

      <footer className="tl-mobile__footer">
        <Link className="tl-link" to="/">
          {t('mobile.app_completa')}
        </Link>
        <button type="button" className="tl-link" onClick={() => void logout()}>
          {t('header.esci')}
        </button>
      </footer>
    </div>
  );
}

/** /mobile: the phone clock-in view (installable PWA); logged out -> the login, then back here. */
export function MobilePage() {
  const { loggedIn } = useSession();
  useEffect(() => {
    if (!loggedIn) reloadTo('/?next=/mobile');
  }, [loggedIn]);
  if (!loggedIn) return null;
  return <MobileTimbratura />;
}
