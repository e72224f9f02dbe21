import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { type TKioskPunch } from '@tulip/contract';
import { OPS_KIOSK } from '@tulip/contract/wire';
import { ApiError } from '../../platform/http';
import { call } from '../../platform/api';
import { translateMessage } from '../../platform/i18n';
import { newRequestId } from '../../platform/uuid';
import { companyTime, wallClockFormat, wallClockOffset, wallClockTime } from '../../platform/wallClock';
import { adoptTerminalKey, applyKey, HEADER_TERMINALE, keyFromSearch, salutoKey, searchWithoutKey } from './terminale';
import './kiosk.css';
import { capitalize } from '../../platform/formats';
import { TulipMark } from '../../components/TulipMark';

const CONFERMA_MS = 5000;
const ERRORE_MS = 8000;
/** Fields are cleared after this long without input (shared device). */
const INATTIVITA_MS = 30_000;
const PIN_MAX = 8;
const ID_MAX = 32;

type Stato =
  | { fase: 'verifica' }
  | { fase: 'non_registrato' }
  | { fase: 'offline'; messaggio?: string }
  | { fase: 'pronto'; descrizione: string };
type Conferma = { nome: string; cognome: string; verso: 'E' | 'U'; ora: string };
type Campo = 'id' | 'pin';

/**
 * Big clock: HH:mm:ss and the long date, refreshed every second. It shows the company's wall-clock
 * time (the server's `ora`, kept as an offset from the device clock), so a device with a wrong clock
 * or time zone shows the time the punch will be recorded at. `offset` null: the device's own time.
 */
function Orologio({ offset }: { offset: number | null }) {
  const { i18n } = useTranslation();
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const lang = i18n.language;
  const { at: now, timeZone } = companyTime(new Date(tick), offset);
  const ora = wallClockTime(new Date(tick), offset, true);
  const data = capitalize(wallClockFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(now));
  return (
    <div className="tl-kiosk__clock">
      <time className="tl-kiosk__time" dateTime={now.toISOString()} data-testid="kiosk-ora">
        {ora}
      </time>
      <div className="tl-kiosk__date">{data}</div>
    </div>
  );
}

function NonRegistrato() {
  const { t } = useTranslation();
  return (
    <div className="tl-kiosk tl-kiosk--center" data-testid="kiosk-non-registrato">
      <div className="tl-kiosk__panel" role="alert">
        <div className="tl-kiosk__icon tl-kiosk__icon--warn" aria-hidden="true">
          !
        </div>
        <h1>{t('kiosk.non_registrato')}</h1>
        <p>{t('kiosk.non_registrato_testo')}</p>
        <p className="tl-kiosk__muted">{t('kiosk.non_registrato_aiuto')}</p>
      </div>
    </div>
  );
}

const TASTI = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'];

/** /presenze/:utente? — the shared clock-in device (public, blank layout). */
export function KioskPage() {
  const { t } = useTranslation();
  const { utente } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [chiave, setChiave] = useState<string | null>(() => adoptTerminalKey(location.search));
  const [stato, setStato] = useState<Stato>({ fase: 'verifica' });
  const [identificativo, setIdentificativo] = useState('');
  const [pin, setPin] = useState('');
  const [campo, setCampo] = useState<Campo>(utente ? 'pin' : 'id');
  const [invio, setInvio] = useState<'E' | 'U' | null>(null);
  const [errore, setErrore] = useState<string | null>(null);
  const [conferma, setConferma] = useState<Conferma | null>(null);
  const [offset, setOffset] = useState<number | null>(null);
  const idRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const [attivita, setAttivita] = useState(0);

  // The secret key leaves the address bar (and the history) at once.
  useEffect(() => {
    if (keyFromSearch(location.search)) {
      setChiave(adoptTerminalKey(location.search));
      void navigate({ pathname: location.pathname, search: searchWithoutKey(location.search) }, { replace: true });
    }
  }, [location.pathname, location.search, navigate]);

  const verifica = useCallback(async () => {
    if (!chiave) {
      setStato({ fase: 'non_registrato' });
      return;
    }
    try {
      const r = await call(OPS_KIOSK.terminale, {}, { auth: false, notifyError: false, headers: { [HEADER_TERMINALE]: chiave } });
      setOffset(wallClockOffset(r?.ora));
      setStato({ fase: 'pronto', descrizione: r?.descrizione ?? '' });
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 403 || e.status === 404)) setStato({ fase: 'non_registrato' });
      else if (e instanceof ApiError && e.status) setStato({ fase: 'offline', messaggio: translateMessage(e.body.message, e.body.params) });
      else setStato({ fase: 'offline' });
    }
  }, [chiave]);

  useEffect(() => {
    void verifica();
  }, [verifica]);

  // Offline: try again every 15 s; ready: check again every 10 minutes (revoked terminal, clock, DST).
  useEffect(() => {
    if (stato.fase !== 'offline' && stato.fase !== 'pronto') return;
    const id = setInterval(() => void verifica(), stato.fase === 'offline' ? 15_000 : 600_000);
    return () => clearInterval(id);
  }, [stato.fase, verifica]);

  // Keep the screen on while the kiosk is shown (where supported).
  useEffect(() => {
    if (stato.fase !== 'pronto') return;
    let lock: { release: () => Promise<void> } | null = null;
    const wl = (navigator as Navigator & { wakeLock?: { request: (t: 'screen') => Promise<{ release: () => Promise<void> }> } }).wakeLock;
    wl?.request('screen')
      .then((l) => (lock = l))
      .catch(() => undefined);
    return () => void lock?.release().catch(() => undefined);
  }, [stato.fase]);

  const reset = useCallback(() => {
    setIdentificativo('');
    setPin('');
    setErrore(null);
    setCampo(utente ? 'pin' : 'id');
  }, [utente]);

  // Confirmation for 5 s, then back to an empty form.
  useEffect(() => {
    if (!conferma) return;
    const id = setTimeout(() => {
      setConferma(null);
      reset();
    }, CONFERMA_MS);
    return () => clearTimeout(id);
  }, [conferma, reset]);

  useEffect(() => {
    if (!errore) return;
    const id = setTimeout(() => setErrore(null), ERRORE_MS);
    return () => clearTimeout(id);
  }, [errore]);

  // Shared device: forget what was typed after a while.
  useEffect(() => {
    if (!identificativo && !pin) return;
    const id = setTimeout(reset, INATTIVITA_MS);
    return () => clearTimeout(id);
  }, [identificativo, pin, attivita, reset]);

  useEffect(() => {
    if (stato.fase !== 'pronto' || conferma) return;
    (campo === 'pin' ? pinRef : idRef).current?.focus({ preventScroll: true });
  }, [campo, stato.fase, conferma]);

  const touch = () => {
    setAttivita((n) => n + 1);
    setErrore(null);
  };

  function tasto(k: string) {
    touch();
    if (campo === 'pin') setPin((v) => applyKey(v, k, PIN_MAX));
    else setIdentificativo((v) => applyKey(v, k, ID_MAX));
  }

  async function timbra(verso: 'E' | 'U') {
    if (!chiave || invio) return;
    if (!utente && !identificativo.trim()) {
      setErrore(t('kiosk.inserisci_badge'));
      setCampo('id');
      return;
    }
    if (pin.length < 4) {
      setErrore(t('kiosk.inserisci_pin'));
      setCampo('pin');
      return;
    }
    setInvio(verso);
    setErrore(null);
    // One field for both: the server matches the badge or the employee number.
    const id = identificativo.trim();
    const chi = utente ? { utente } : id.length <= 20 ? { badge: id, matricola: id } : { badge: id };
    try {
      const r = await call(
        OPS_KIOSK.timbra,
        { body: { ...chi, pin, verso, id_richiesta: newRequestId() } },
        { auth: false, notifyError: false, notifySuccess: false, headers: { [HEADER_TERMINALE]: chiave } },
      );
      const d: Partial<TKioskPunch> = r?.data ?? {};
      const ts = d.ts ?? '';
      setConferma({
        nome: d.nome ?? '',
        cognome: d.cognome ?? '',
        verso: d.verso ?? verso,
        ora: /T\d{2}:\d{2}/.test(ts) ? ts.slice(11, 16) : new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date()),
      });
    } catch (e) {
      setPin('');
      setCampo('pin');
      if (!(e instanceof ApiError)) {
        setErrore(t('kiosk.errore_generico'));
      } else if (e.body.message === 'avvisi.terminale_non_registrato') {
        setStato({ fase: 'non_registrato' });
      } else if (e.status === 0) {
        setErrore(t('kiosk.errore_rete'));
      } else {
        setErrore(translateMessage(e.body.message, e.body.params));
        if (e.status === 429) {
          setIdentificativo('');
          if (!utente) setCampo('id');
        }
      }
    } finally {
      setInvio(null);
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (campo === 'id' && !utente) setCampo('pin');
  };

  if (stato.fase === 'verifica') {
    return (
      <div className="tl-kiosk tl-kiosk--center" data-testid="kiosk-verifica" role="status">
        <div className="tl-spinner" aria-hidden="true" />
        <p>{t('kiosk.verifica')}</p>
      </div>
    );
  }
  if (stato.fase === 'non_registrato') return <NonRegistrato />;
  if (stato.fase === 'offline') {
    return (
      <div className="tl-kiosk tl-kiosk--center" data-testid="kiosk-offline">
        <div className="tl-kiosk__panel" role="alert">
          <div className="tl-kiosk__icon tl-kiosk__icon--warn" aria-hidden="true">
            !
          </div>
          <h1>{stato.messaggio ?? t('kiosk.offline')}</h1>
          <p>{t('kiosk.offline_testo')}</p>
          <button type="button" className="tl-kiosk__btn tl-kiosk__btn--ghost" onClick={() => void verifica()}>
            {t('kiosk.riprova')}
          </button>
        </div>
      </div>
    );
  }

  if (conferma) {
    const nome = `${conferma.nome} ${conferma.cognome}`.trim();
    return (
      <div
        className={`tl-kiosk tl-kiosk--center tl-kiosk--conferma tl-kiosk--${conferma.verso}`}
        data-testid="kiosk-conferma"
        role="status"
        aria-live="assertive"
        onClick={() => {
          setConferma(null);
          reset();
        }}
      >
        <div className="tl-kiosk__icon tl-kiosk__icon--ok" aria-hidden="true">
          ✓
        </div>
        <h1 className="tl-kiosk__saluto">
          {t(salutoKey(conferma.verso))}
          {nome ? ` ${nome}` : ''}
        </h1>
        <p className="tl-kiosk__esito">{t(conferma.verso === 'E' ? 'kiosk.entrata_registrata' : 'kiosk.uscita_registrata', { ora: conferma.ora })}</p>
        <p className="tl-kiosk__muted">{t('kiosk.tocca_per_continuare')}</p>
      </div>
    );
  }

  return (
    <div className="tl-kiosk" data-testid="kiosk">
      <header className="tl-kiosk__header">
        <div className="tl-kiosk__brand">
          <TulipMark size={36} />
          <span>{t('kiosk.titolo')}</span>
        </div>
        <div className="tl-kiosk__terminal">{stato.descrizione}</div>
        {document.fullscreenEnabled ? (
          <button
            type="button"
            className="tl-kiosk__btn tl-kiosk__btn--ghost tl-kiosk__btn--small"
            onClick={() => void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined)}
          >
            {t('kiosk.schermo_intero')}
          </button>
        ) : null}
      </header>
      <main className="tl-kiosk__body">
        <Orologio offset={offset} />
        <form className="tl-kiosk__form" onSubmit={onSubmit} noValidate autoComplete="off">
          {utente ? (
            <p className="tl-kiosk__utente">{t('kiosk.utente', { utente })}</p>
          ) : (
            <div className={`tl-kiosk__field${campo === 'id' ? ' is-active' : ''}`}>
              <label htmlFor="tl-kiosk-id">{t('kiosk.badge_matricola')}</label>
              <input
                id="tl-kiosk-id"
                ref={idRef}
                value={identificativo}
                inputMode="numeric"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={ID_MAX}
                onFocus={() => setCampo('id')}
                onChange={(e) => {
                  touch();
                  setIdentificativo(e.target.value.replace(/\s+/g, ''));
                }}
              />
            </div>
          )}
          <div className={`tl-kiosk__field${campo === 'pin' ? ' is-active' : ''}`}>
            <label htmlFor="tl-kiosk-pin">{t('kiosk.pin')}</label>
            <input
              id="tl-kiosk-pin"
              ref={pinRef}
              type="password"
              value={pin}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              maxLength={PIN_MAX}
              onFocus={() => setCampo('pin')}
              onChange={(e) => {
                touch();
                setPin(e.target.value.replace(/\D+/g, '').slice(0, PIN_MAX));
              }}
            />
          </div>
          <div className="tl-kiosk__keypad" role="group" aria-label={t('kiosk.tastierino')}>
            {TASTI.map((k) => (
              <button
                key={k}
                type="button"
                className={`tl-kiosk__key${k.length > 1 ? ' tl-kiosk__key--fn' : ''}`}
                aria-label={k === 'back' ? t('kiosk.cancella_cifra') : k === 'clear' ? t('kiosk.cancella_tutto') : k}
                // Keep the focus (and the caret) in the field being typed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => tasto(k)}
              >
                {k === 'back' ? '⌫' : k === 'clear' ? 'C' : k}
              </button>
            ))}
          </div>
          {errore ? (
            <div className="tl-kiosk__errore" role="alert" data-testid="kiosk-errore">
              {errore}
            </div>
          ) : null}
          <div className="tl-kiosk__azioni">
            <button
              type="button"
              className="tl-kiosk__btn tl-kiosk__btn--E"
              disabled={!!invio}
              onClick={() => void timbra('E')}
              data-testid="kiosk-entrata"
            >
              {invio === 'E' ? <span className="tl-spinner tl-spinner--small" aria-hidden="true" /> : null}
              {t('kiosk.entrata')}
            </button>
            <button
              type="button"
              className="tl-kiosk__btn tl-kiosk__btn--U"
              disabled={!!invio}
              onClick={() => void timbra('U')}
              data-testid="kiosk-uscita"
            >
              {invio === 'U' ? <span className="tl-spinner tl-spinner--small" aria-hidden="true" /> : null}
              {t('kiosk.uscita')}
            </button>
          </div>
        </form>
      </main>
    </div>
  );
}
