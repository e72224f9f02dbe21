/**
 * /visita/:token — the visitor's own page, opened from the e-mailed link (public, blank layout, no login).
 * The visitor sees the visit, fills in name and company, accepts the privacy notice and the safety rules
 * and gets the check-in code and its QR code to show at reception. It is opened from a phone and must stay
 * a small chunk: plain React + CSS (no antd, no dayjs). Its two calls are the contract's operations
 * (OPS_VISITE.visitaPubblica, OPS_VISITE.registrazione), but the form does not run their zod schema: its fields
 * mirror ZRegistrazioneVisitatore by hand (the server validates with it and its 400 answers are shown on the
 * fields), as the login page does.
 */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatCodiceVisita, type OpInput, type TVisitaPubblica } from '@tulip/contract';
import { OPS_VISITE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { translateMessage } from '../../platform/i18n';
import { switchLanguage } from '../../platform/language';
import './visite.css';
import { TulipMark } from '../../components/TulipMark';

const TELEFONO_RE = /^[+0-9 ().-]*$/;

type Stato =
  | { fase: 'caricamento' }
  | { fase: 'errore'; status: number; message: string; params?: Record<string, unknown> }
  | { fase: 'pronto'; visita: TVisitaPubblica };

type Campo = 'nome' | 'cognome' | 'azienda' | 'telefono' | 'privacy' | 'regole';
const CAMPI: Campo[] = ['nome', 'cognome', 'azienda', 'telefono', 'privacy', 'regole'];
type Valori = { nome: string; cognome: string; azienda: string; telefono: string; privacy: boolean; regole: boolean };

const LINGUE = ['it', 'en'] as const;

/** YYYY-MM-DD -> DD/MM/YYYY (no dayjs here: it would pull the antd chunk). */
const data = (s: string | null | undefined) => (s && /^\d{4}-\d{2}-\d{2}/.test(s) ? `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}` : '');
const hhmm = (s: string | null | undefined) => (s ? s.slice(0, 5) : '');
/** The code as XXXX-XXXX, whether the server sent it formatted or not. */
const codiceLeggibile = (c: string) => formatCodiceVisita(c.toUpperCase().replace(/[^0-9A-Z]/g, ''));

function errorOf(e: unknown): Extract<Stato, { fase: 'errore' }> {
  if (e instanceof ApiError) return { fase: 'errore', status: e.status, message: e.body.message, params: e.body.params };
  return { fase: 'errore', status: 0, message: 'avvisi.network_error' };
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <div className="tl-visita__lingue" role="group" aria-label={t('visite.pub_lingua')}>
      {LINGUE.map((l) => (
        <button
          key={l}
          type="button"
          className={`tl-visita__lingua${i18n.language === l ? ' is-active' : ''}`}
          aria-pressed={i18n.language === l}
          lang={l}
          disabled={busy}
          data-testid={`visita-lingua-${l}`}
          onClick={() => {
            setBusy(true);
            void switchLanguage(l).finally(() => setBusy(false));
          }}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

function Shell({ ospitante, children }: { ospitante?: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="tl-visita" data-testid="visita-pubblica">
      <header className="tl-visita__header">
        <div className="tl-visita__brand">
          <TulipMark size={32} />
          <span>{ospitante || t('app.nome')}</span>
        </div>
        <LanguageSwitch />
      </header>
      {children}
    </div>
  );
}

function Errore({ stato, onRetry }: { stato: Extract<Stato, { fase: 'errore' }>; onRetry: () => void }) {
  const { t } = useTranslation();
  const rete = stato.status === 0;
  const icona = stato.status === 429 ? '⏱' : stato.status === 404 ? '?' : '!';
  return (
    <Shell>
      <section className="tl-visita__errore" role="alert" data-testid="visita-errore" data-message={stato.message}>
        <div className={`tl-visita__icona${stato.status === 410 ? ' tl-visita__icona--stop' : ''}`} aria-hidden="true">
          {icona}
        </div>
        <h1>{rete ? t('visite.pub_errore_rete') : translateMessage(stato.message, stato.params)}</h1>
        <p className="tl-muted">{rete ? t('visite.pub_errore_rete_testo') : t('visite.pub_errore_aiuto')}</p>
        {rete || stato.status >= 500 || stato.status === 429 ? (
          <button type="button" className="tl-button" onClick={onRetry}>
            {t('visite.pub_riprova')}
          </button>
        ) : null}
      </section>
    </Shell>
  );
}

/** Who, when, why; the safety reminders of the visitor type. */
function Riepilogo({ v }: { v: TVisitaPubblica }) {
  const { t } = useTranslation();
  const giorni = v.dal === v.al ? data(v.dal) : `${data(v.dal)} – ${data(v.al)}`;
  const righe: [string, string | null][] = [
    [t('visite.pub_referente'), v.referente_nome],
    [t('visite.pub_quando'), giorni],
    [t('visite.pub_orario'), t('visite.pub_dalle_alle', { da: hhmm(v.ora_da), a: hhmm(v.ora_a) })],
    [t('visite.tipo'), v.tipo_descrizione],
    [t('visite.motivo'), v.motivo_descrizione],
  ];
  return (
    <section className="tl-visita__sezione" aria-labelledby="tl-visita-riepilogo">
      <h2 id="tl-visita-riepilogo">{t('visite.pub_la_visita')}</h2>
      <dl className="tl-visita__dati" data-testid="visita-riepilogo">
        {righe
          .filter(([, x]) => !!x)
          .map(([k, x]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{x}</dd>
            </div>
          ))}
      </dl>
      {v.briefing_sicurezza || v.accompagnamento || v.dpi_richiesti ? (
        <ul className="tl-visita__avvisi" data-testid="visita-avvisi">
          {v.briefing_sicurezza ? <li>{t('visite.pub_avviso_briefing')}</li> : null}
          {v.accompagnamento ? <li>{t('visite.pub_avviso_accompagnamento')}</li> : null}
          {v.dpi_richiesti ? <li>{t('visite.pub_avviso_dpi')}</li> : null}
        </ul>
      ) : null}
    </section>
  );
}

/** The registered visitor's code and QR code. */
function Codice({ v }: { v: TVisitaPubblica }) {
  const { t } = useTranslation();
  const codice = v.codice ? codiceLeggibile(v.codice) : '';
  const nome = [v.nome, v.cognome].filter((x) => x && x.trim()).join(' ');
  return (
    <>
      <section className="tl-visita__codice" data-testid="visita-registrata" aria-labelledby="tl-visita-codice-titolo">
        <div className="tl-visita__ok" aria-hidden="true">
          ✓
        </div>
        <h1 id="tl-visita-codice-titolo">{t('visite.pub_registrato')}</h1>
        {nome ? <p className="tl-visita__nome">{[nome, v.azienda].filter(Boolean).join(' · ')}</p> : null}
        {v.in_attesa_approvazione ? (
          <p className="tl-visita__nota" role="status" data-testid="visita-in-attesa">
            {t('visite.pub_in_attesa')}
          </p>
        ) : null}
        {v.qr_svg ? (
          <img
            className="tl-visita__qr"
            src={'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(v.qr_svg)}
            alt={t('visite.pub_qr_alt', { codice })}
            data-testid="visita-qr"
          />
        ) : null}
        <p className="tl-visita__etichetta">{t('visite.pub_codice')}</p>
        <p className="tl-visita__valore" data-testid="visita-codice">
          {codice}
        </p>
        <p>{t('visite.pub_mostra_codice')}</p>
        <p className="tl-muted">{t('visite.pub_conserva')}</p>
      </section>
      <Riepilogo v={v} />
    </>
  );
}

function TestoDaAccettare({
  id,
  titolo,
  testo,
  etichetta,
  checked,
  errore,
  onChange,
}: {
  id: 'privacy' | 'regole';
  titolo: string;
  testo: string | null;
  etichetta: string;
  checked: boolean;
  errore?: string;
  onChange: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tl-visita__accetta">
      <h3 id={`tl-visita-${id}-titolo`}>{titolo}</h3>
      <div className="tl-visita__testo" tabIndex={0} role="region" aria-labelledby={`tl-visita-${id}-titolo`} data-testid={`visita-testo-${id}`}>
        {testo?.trim() ? testo : t('visite.pub_nessun_testo')}
      </div>
      <label className="tl-visita__check">
        <input
          id={`tl-visita-${id}`}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={errore ? true : undefined}
          aria-describedby={errore ? `tl-visita-${id}-err` : undefined}
          data-testid={`visita-accetto-${id}`}
        />
        <span>{etichetta}</span>
      </label>
      {errore ? (
        <span id={`tl-visita-${id}-err`} className="tl-field-error">
          {errore}
        </span>
      ) : null}
    </div>
  );
}

function Registrazione({ token, v, onRegistrato, onErrore }: { token: string; v: TVisitaPubblica; onRegistrato: (v: TVisitaPubblica) => void; onErrore: (e: unknown) => void }) {
  const { t } = useTranslation();
  const [valori, setValori] = useState<Valori>(() => ({
    nome: v.nome ?? '',
    cognome: v.cognome ?? '',
    azienda: v.azienda ?? '',
    telefono: v.telefono ?? '',
    privacy: false,
    regole: false,
  }));
  const [errori, setErrori] = useState<Partial<Record<Campo, string>>>({});
  const [invio, setInvio] = useState(false);
  const [erroreGenerale, setErroreGenerale] = useState<string | null>(null);

  const set = <K extends Campo>(k: K, x: Valori[K]) => {
    setValori((p) => ({ ...p, [k]: x }));
    setErrori((p) => ({ ...p, [k]: undefined }));
  };

  function mostra(fields: Record<string, string>) {
    const e: Partial<Record<Campo, string>> = {};
    for (const [k, key] of Object.entries(fields)) if ((CAMPI as string[]).includes(k)) e[k as Campo] = t(key);
    setErrori(e);
    const primo = CAMPI.find((c) => e[c]);
    if (primo) document.getElementById(`tl-visita-${primo}`)?.focus();
    return !!primo;
  }

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (invio) return;
    setErroreGenerale(null);
    const body: Record<string, unknown> = { nome: valori.nome.trim(), cognome: valori.cognome.trim(), privacy: valori.privacy, regole: valori.regole };
    if (valori.azienda.trim()) body.azienda = valori.azienda.trim();
    if (valori.telefono.trim()) body.telefono = valori.telefono.trim();
    const errs: Record<string, string> = {}; // keys from code: the form's own field names
    if (!body.nome) errs.nome = 'avvisi.campo_richiesto';
    if (!body.cognome) errs.cognome = 'avvisi.campo_richiesto';
    if (!TELEFONO_RE.test(valori.telefono)) errs.telefono = 'avvisi.valore_non_valido';
    if (!valori.privacy) errs.privacy = 'avvisi.accettazione_richiesta';
    if (!valori.regole) errs.regole = 'avvisi.accettazione_richiesta';
    if (mostra(errs)) return;
    setInvio(true);
    try {
      const r = await call(OPS_VISITE.registrazione, { params: { token }, body: body as OpInput<typeof OPS_VISITE.registrazione>['body'] }, { auth: false, notifyError: false, notifySuccess: false });
      if (r?.data) onRegistrato(r.data);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && mostra(e.fields)) return;
      if (e instanceof ApiError && (e.status === 404 || e.status === 409 || e.status === 410 || e.status === 429)) onErrore(e);
      else setErroreGenerale(e instanceof ApiError && e.status ? translateMessage(e.body.message, e.body.params) : t('visite.pub_errore_rete'));
    } finally {
      setInvio(false);
    }
  }

  const campo = (k: 'nome' | 'cognome' | 'azienda' | 'telefono', label: string, extra: { autoComplete: string; type?: string; inputMode?: 'tel'; maxLength: number; facoltativo?: boolean }) => (
    <div className="tl-field">
      <label htmlFor={`tl-visita-${k}`}>
        {label}
        {extra.facoltativo ? <span className="tl-muted"> ({t('visite.pub_facoltativo')})</span> : null}
      </label>
      <input
        id={`tl-visita-${k}`}
        name={k}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        autoComplete={extra.autoComplete}
        maxLength={extra.maxLength}
        value={valori[k]}
        onChange={(e) => set(k, e.target.value)}
        aria-invalid={errori[k] ? true : undefined}
        aria-describedby={errori[k] ? `tl-visita-${k}-err` : undefined}
      />
      {errori[k] ? (
        <span id={`tl-visita-${k}-err`} className="tl-field-error">
          {errori[k]}
        </span>
      ) : null}
    </div>
  );

  return (
    <>
      <section className="tl-visita__intro">
        <h1>{v.ospitante ? t('visite.pub_atteso_da', { ospitante: v.ospitante }) : t('visite.pub_titolo')}</h1>
        <p className="tl-muted">{t('visite.pub_intro')}</p>
      </section>
      <Riepilogo v={v} />
      <form className="tl-visita__sezione" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="tl-visita-dati" data-testid="visita-form">
        <h2 id="tl-visita-dati">{t('visite.pub_i_tuoi_dati')}</h2>
        <div className="tl-visita__griglia">
          {campo('nome', t('visite.nome'), { autoComplete: 'given-name', maxLength: 80 })}
          {campo('cognome', t('visite.cognome'), { autoComplete: 'family-name', maxLength: 80 })}
          {campo('azienda', t('visite.azienda'), { autoComplete: 'organization', maxLength: 120 })}
          {campo('telefono', t('visite.telefono'), { autoComplete: 'tel', type: 'tel', inputMode: 'tel', maxLength: 30, facoltativo: true })}
        </div>
        <TestoDaAccettare
          id="privacy"
          titolo={t('visite.informativa_privacy')}
          testo={v.informativa_privacy}
          etichetta={t('visite.pub_accetto_privacy')}
          checked={valori.privacy}
          errore={errori.privacy}
          onChange={(x) => set('privacy', x)}
        />
        <TestoDaAccettare
          id="regole"
          titolo={t('visite.regole_sicurezza')}
          testo={v.regole_sicurezza}
          etichetta={t('visite.pub_accetto_regole')}
          checked={valori.regole}
          errore={errori.regole}
          onChange={(x) => set('regole', x)}
        />
        {erroreGenerale ? (
          <div className="tl-alert" role="alert" data-testid="visita-errore-invio">
            {erroreGenerale}
          </div>
        ) : null}
        <button type="submit" className="tl-button tl-button--primary tl-visita__invia" disabled={invio} data-testid="visita-invia">
          {invio ? <span className="tl-spinner tl-spinner--small" aria-hidden="true" /> : null}
          {t('visite.pub_invia')}
        </button>
      </form>
    </>
  );
}

export function VisitaPubblicaPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [stato, setStato] = useState<Stato>({ fase: 'caricamento' });

  const carica = useCallback(async () => {
    setStato({ fase: 'caricamento' });
    try {
      const visita = await call(OPS_VISITE.visitaPubblica, { params: { token } }, { auth: false, notifyError: false });
      setStato({ fase: 'pronto', visita });
    } catch (e) {
      setStato(errorOf(e));
    }
  }, [token]);

  useEffect(() => {
    void carica();
  }, [carica]);

  if (stato.fase === 'caricamento') {
    return (
      <Shell>
        <div className="tl-visita__caricamento" role="status" data-testid="visita-caricamento">
          <div className="tl-spinner" aria-hidden="true" />
          <span>{t('app.caricamento')}</span>
        </div>
      </Shell>
    );
  }
  if (stato.fase === 'errore') return <Errore stato={stato} onRetry={() => void carica()} />;

  const v = stato.visita;
  return (
    <Shell ospitante={v.ospitante}>
      {v.stato === 'compilato' && v.codice ? (
        <Codice v={v} />
      ) : (
        <Registrazione
          token={token}
          v={v}
          onRegistrato={(x) => {
            setStato({ fase: 'pronto', visita: x });
            window.scrollTo({ top: 0 });
          }}
          onErrore={(e) => {
            // Registered meanwhile (another tab): show the code; any other refusal gets its own page.
            if (e instanceof ApiError && e.status === 409) void carica();
            else setStato(errorOf(e));
          }}
        />
      )}
    </Shell>
  );
}
