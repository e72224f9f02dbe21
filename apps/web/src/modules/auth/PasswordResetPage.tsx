import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ZPasswordReset } from '@tulip/contract';
import { OPS_AUTH } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { BackToLogin, Brand } from './Brand';

type Errors = Partial<Record<'password' | 'conferma', string>>;

/** /password/reset?token=... : new password twice (at least 10 characters), sent with the e-mail's token. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [conferma, setConferma] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs: Errors = {};
    const parsed = ZPasswordReset.safeParse({ password });
    if (!password) errs.password = t('avvisi.campo_richiesto');
    else if (!parsed.success) errs.password = t(parsed.error.issues[0]?.message ?? 'avvisi.password_corta');
    if (!conferma) errs.conferma = t('avvisi.campo_richiesto');
    else if (conferma !== password) errs.conferma = t('login.password_diverse');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await call(OPS_AUTH.passwordReset, { body: { password } }, { auth: token });
      setDone(true);
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields;
      if (fields?.password) setErrors({ password: t(fields.password) });
    } finally {
      setBusy(false);
    }
  }

  const field = (id: 'password' | 'conferma', label: string, value: string, set: (v: string) => void) => (
    <div className="tl-field">
      <label htmlFor={`tl-reset-${id}`}>{label}</label>
      <input
        id={`tl-reset-${id}`}
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `tl-reset-${id}-err` : undefined}
      />
      {errors[id] ? (
        <span id={`tl-reset-${id}-err`} className="tl-field-error">
          {errors[id]}
        </span>
      ) : null}
    </div>
  );

  return (
    <div className="tl-card">
      <Brand />
      <h1>{t('login.reset_titolo')}</h1>
      {!token ? (
        <div className="tl-alert" role="alert">
          {t('avvisi.token_non_valido')}
        </div>
      ) : done ? (
        <div className="tl-alert tl-alert--ok" role="status">
          {t('avvisi.password_reset_ok')}
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="tl-subtitle">{t('login.reset_testo')}</p>
          {field('password', t('login.nuova_password'), password, setPassword)}
          {field('conferma', t('login.conferma_password'), conferma, setConferma)}
          <button type="submit" className="tl-button tl-button--primary" disabled={busy}>
            {t('login.salva_password')}
          </button>
        </form>
      )}
      <BackToLogin />
    </div>
  );
}
