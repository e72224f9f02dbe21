import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http';

type Attivazione = { otpauth: string; qr: string; segreto: string };

/** The code field of the second factor's forms: its error comes from the server's answer (a field error or a message). */
export function codeError(e: unknown): string | undefined {
  if (!(e instanceof ApiError)) return undefined;
  return e.fields.codice ?? e.body.message;
}

/**
 * A form of one code (the login's second step, the enrolment's first code, switching off): the field, its error from
 * the server's answer (`errorKey` may choose another message, or act on it), busy while the call runs.
 */
export function useCodeForm(action: (codice: string) => Promise<unknown>, errorKey: (key: string | undefined) => string | undefined = (k) => k) {
  const { t } = useTranslation();
  const [codice, setCodice] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!codice.trim()) return setError(t('avvisi.campo_richiesto'));
    setError(undefined);
    setBusy(true);
    try {
      await action(codice.trim());
    } catch (err) {
      const key = errorKey(codeError(err));
      if (key) setError(t(key));
    } finally {
      setBusy(false);
    }
  }
  const reset = () => {
    setCodice('');
    setError(undefined);
  };
  return { codice, setCodice, error, busy, submit, reset };
}

/** One field for a code, plain markup (the login page loads no antd). */
export function CodeField({ id, label, value, onChange, error, recovery }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string; recovery?: boolean }) {
  return (
    <div className="tl-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="codice"
        autoFocus
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
      />
      {error ? (
        <span id={`${id}-err`} className="tl-field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The ten recovery codes, shown once: copy, download, then on. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  function download() {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'tulip-codici-recupero.txt';
    a.click();
    URL.revokeObjectURL(url);
  }
  return (
    <section aria-labelledby="tl-mfa-codici" data-testid="mfa-codici">
      <h2 id="tl-mfa-codici">{t('mfa.codici_titolo')}</h2>
      <p className="tl-subtitle">{t('mfa.codici_testo')}</p>
      <ul className="tl-mfa-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      {copied ? (
        <div className="tl-alert tl-alert--ok" role="status">
          {t('mfa.copiati')}
        </div>
      ) : null}
      <div className="tl-mfa-actions">
        <button type="button" className="tl-button" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
          {t('mfa.copia')}
        </button>
        <button type="button" className="tl-button" onClick={download}>
          {t('mfa.scarica')}
        </button>
      </div>
      <button type="button" className="tl-button tl-button--primary" onClick={onDone}>
        {doneLabel ?? t('mfa.fatto')}
      </button>
    </section>
  );
}

/**
 * The enrolment (issue #32 §2): a new secret as a QR code and as a key to type, the first code confirms it, then the
 * recovery codes once. `start` and `confirm` are the settings' calls or, at a mandatory login, the enrolment token's.
 */
export function MfaEnrolment<C extends { codici_recupero: string[] }>({
  start, confirm, onFinished, doneLabel,
}: { start: () => Promise<Attivazione>; confirm: (codice: string) => Promise<C>; onFinished: (answer: C) => void; doneLabel?: string }) {
  const { t } = useTranslation();
  const [att, setAtt] = useState<Attivazione>();
  const [done, setDone] = useState<C>();
  const form = useCodeForm(async (c) => setDone(await confirm(c)));

  useEffect(() => {
    let live = true;
    start().then((a) => live && setAtt(a), () => undefined);
    return () => {
      live = false;
    };
    // the secret is asked for once per screen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (done) return <RecoveryCodes codes={done.codici_recupero} onDone={() => onFinished(done)} doneLabel={doneLabel} />;
  if (!att) return <span className="tl-spinner" aria-hidden="true" />;
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate data-testid="mfa-iscrizione">
      <p className="tl-subtitle">{t('mfa.passo1')}</p>
      <img src={att.qr} alt={t('mfa.qr_alt')} width={200} height={200} className="tl-mfa-qr" />
      <p className="tl-subtitle">
        {t('mfa.chiave')}: <code data-testid="mfa-segreto">{att.segreto}</code>
      </p>
      <p className="tl-subtitle">{t('mfa.passo2')}</p>
      <CodeField id="tl-mfa-conferma" label={t('mfa.codice')} value={form.codice} onChange={form.setCodice} error={form.error} />
      <button type="submit" className="tl-button tl-button--primary" disabled={form.busy}>
        {t('mfa.conferma')}
      </button>
    </form>
  );
}
