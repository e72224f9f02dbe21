import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPS_MFA } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { loginWithUserToken } from '../../platform/session';
import { CodeField, MfaEnrolment, useCodeForm } from './MfaEnrolment';

export type LoginStep = { token: string; mfa_required?: true; mfa_enrolment_required?: true };

/**
 * The login's second step (issue #32 §2), after the right password: a code of the app or a recovery code for the
 * user token; or, when the profile requires a second factor not set up yet, the enrolment, after which the login ends.
 */
export function MfaLogin({ step, onDone, onBack }: { step: LoginStep; onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const opts = { auth: step.token, notifySuccess: false, notifyError: false };
  const form = useCodeForm(
    async (codice) => {
      const { token } = await call(OPS_MFA.verifica, { body: { codice } }, opts);
      await loginWithUserToken(token);
      onDone();
    },
    (key) => {
      // the second step's token has expired or was spent: back to the password
      if (key === 'avvisi.unauthorized') onBack();
      return key ?? 'avvisi.unauthorized';
    },
  );

  if (step.mfa_enrolment_required) {
    return (
      <section aria-labelledby="tl-mfa-title">
        <h1 id="tl-mfa-title">{t('mfa.iscrizione_titolo')}</h1>
        <p className="tl-subtitle">{t('mfa.iscrizione_testo')}</p>
        <MfaEnrolment
          start={() => call(OPS_MFA.iscrizione, { body: undefined }, opts)}
          confirm={(c) => call(OPS_MFA.iscrizioneConferma, { body: { codice: c } }, opts)}
          onFinished={(answer) => void loginWithUserToken(answer.token).then(onDone, onBack)}
          doneLabel={t('mfa.continua')}
        />
      </section>
    );
  }

  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-labelledby="tl-mfa-title">
      <h1 id="tl-mfa-title">{t('mfa.verifica_titolo')}</h1>
      <p className="tl-subtitle">{t(recovery ? 'mfa.verifica_recupero_testo' : 'mfa.verifica_testo')}</p>
      <CodeField
        key={recovery ? 'r' : 'c'}
        id="tl-mfa-codice"
        label={t(recovery ? 'mfa.codice_recupero' : 'mfa.codice')}
        value={form.codice}
        onChange={form.setCodice}
        error={form.error}
        recovery={recovery}
      />
      <button type="submit" className="tl-button tl-button--primary" disabled={form.busy}>
        {form.busy ? <span className="tl-spinner tl-spinner--small" aria-hidden="true" /> : null}
        {t('mfa.verifica')}
      </button>
      <div className="tl-row">
        <button
          type="button"
          className="tl-link"
          onClick={() => {
            setRecovery((r) => !r);
            form.reset();
          }}
        >
          {t(recovery ? 'mfa.usa_app' : 'mfa.usa_recupero')}
        </button>
        <button type="button" className="tl-link" onClick={onBack}>
          {t('login.torna_accesso')}
        </button>
      </div>
    </form>
  );
}
