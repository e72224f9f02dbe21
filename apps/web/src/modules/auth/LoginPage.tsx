import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { OPS_AUTH } from '@tulip/contract/wire';
import { apiBaseUrl, IS_DESKTOP } from '../../platform/env';
import { safeNext } from '../../platform/guard';
import { call } from '../../platform/api';
import { switchLanguage } from '../../platform/language';
import { getSession, landingPath, login } from '../../platform/session';
import { Brand } from './Brand';
import { MfaLogin, type LoginStep } from './MfaLogin';
import { SsoLogin } from '../accesso';

type Errors = Partial<Record<'username' | 'password' | 'email', string>>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function ForgotPassword({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setError(t('avvisi.campo_richiesto'));
    if (!EMAIL_RE.test(value)) return setError(t('avvisi.email_non_valida'));
    setError(undefined);
    setBusy(true);
    try {
      // the page says it below the title: no second notice in the corner
      await call(OPS_AUTH.passwordForgot, { body: { email: value } }, { auth: false, notifySuccess: false });
      setSent(true);
    } catch {
      /* notified by the client */
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="tl-forgot-title">
      <h1 id="tl-forgot-title">{t('login.password_dimenticata')}</h1>
      <p className="tl-subtitle">{t('login.password_dimenticata_testo')}</p>
      {sent ? (
        <div className="tl-alert tl-alert--ok" role="status">
          {t('avvisi.password_reset_inviato')}
        </div>
      ) : null}
      <div className="tl-field">
        <label htmlFor="tl-forgot-email">{t('login.email')}</label>
        <input
          id="tl-forgot-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'tl-forgot-email-err' : undefined}
        />
        {error ? (
          <span id="tl-forgot-email-err" className="tl-field-error">
            {error}
          </span>
        ) : null}
      </div>
      <button type="submit" className="tl-button tl-button--primary" disabled={busy}>
        {t('login.invia_link')}
      </button>
      <div className="tl-row">
        <button type="button" className="tl-link" onClick={onBack}>
          {t('login.torna_accesso')}
        </button>
      </div>
    </form>
  );
}

/** Login (SPEC §4): credentials -> user token -> authorisation -> tokens stored -> next page. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);

  const [step, setStep] = useState<LoginStep>();

  async function enter() {
    const lingua = getSession().profile?.utente.lingua;
    if (lingua) await switchLanguage(lingua);
    // a link that asked for login goes back to it; otherwise the profile's own screen (issue #12)
    const next = params.get('next');
    navigate(next ? safeNext(next) : landingPath(), { replace: true });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs: Errors = {};
    if (!username.trim()) errs.username = t('avvisi.campo_richiesto');
    if (!password) errs.password = t('avvisi.campo_richiesto');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const second = await login(username.trim(), password);
      // a second factor is due (issue #32 §2): its step ends the login
      if (second) {
        setBusy(false);
        return setStep(second);
      }
      await enter();
    } catch {
      // The error (avvisi.login_failed, avvisi.too_many_attempts...) is notified by the client.
      setBusy(false);
    }
  }

  // the desktop build's first start: no server yet (issue #19)
  if (IS_DESKTOP && !apiBaseUrl()) return <Navigate to="/impostazioni" replace />;

  return (
    <div className="tl-card">
      <Brand />
      {step ? (
        <MfaLogin step={step} onDone={() => void enter()} onBack={() => setStep(undefined)} />
      ) : forgot ? (
        <ForgotPassword onBack={() => setForgot(false)} />
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="tl-login-title">
          <h1 id="tl-login-title">{t('login.titolo')}</h1>
          <p className="tl-subtitle">{t('login.sottotitolo')}</p>
          <div className="tl-field">
            <label htmlFor="tl-username">{t('login.username')}</label>
            <input
              id="tl-username"
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? 'tl-username-err' : undefined}
            />
            {errors.username ? (
              <span id="tl-username-err" className="tl-field-error">
                {errors.username}
              </span>
            ) : null}
          </div>
          <div className="tl-field">
            <label htmlFor="tl-password">{t('login.password')}</label>
            <input
              id="tl-password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'tl-password-err' : undefined}
            />
            {errors.password ? (
              <span id="tl-password-err" className="tl-field-error">
                {errors.password}
              </span>
            ) : null}
          </div>
          <button type="submit" className="tl-button tl-button--primary" disabled={busy}>
            {busy ? <span className="tl-spinner tl-spinner--small" aria-hidden="true" /> : null}
            {t('login.accedi')}
          </button>
          <SsoLogin />
          <div className="tl-row">
            <button type="button" className="tl-link" onClick={() => setForgot(true)}>
              {t('login.password_dimenticata')}
            </button>
            {IS_DESKTOP ? (
              <Link className="tl-link" to="/impostazioni">
                {t('impostazioni.titolo')}
              </Link>
            ) : null}
          </div>
        </form>
      )}
    </div>
  );
}
