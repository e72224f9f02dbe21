import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OPS_MFA } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { isAuthorised } from '../../platform/session';
import { CodeField, MfaEnrolment, useCodeForm } from './MfaEnrolment';

/** The administrator's parameter: a second factor mandatory for administrators and HR (the profiles' screen's right). */
function MandatorySetting() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const par = useQuery({ queryKey: ['mfa', 'parametri'], queryFn: () => call(OPS_MFA.parametri) });
  const [busy, setBusy] = useState(false);
  async function toggle(on: boolean) {
    setBusy(true);
    try {
      await call(OPS_MFA.salvaParametri, { body: { mfa_obbligatoria: on } });
      await qc.invalidateQueries({ queryKey: ['mfa'] });
    } catch {
      /* notified */
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="tl-field tl-field--check">
      <label>
        <input type="checkbox" checked={!!par.data?.mfa_obbligatoria} disabled={busy || !par.data} onChange={(e) => void toggle(e.target.checked)} data-testid="mfa-obbligatoria" />{' '}
        {t('mfa.parametro')}
      </label>
    </div>
  );
}

/** /sicurezza: the user's second factor (issue #32 §2): its state, the enrolment, switching it off with a code. */
export function MfaPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const stato = useQuery({ queryKey: ['mfa', 'stato'], queryFn: () => call(OPS_MFA.stato) });
  const [enrolling, setEnrolling] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['mfa', 'stato'] });
  const off = useCodeForm(async (codice) => {
    await call(OPS_MFA.disattivazione, { body: { codice } }, { notifyError: false });
    off.reset();
    await refresh();
  });

  const s = stato.data;
  return (
    <div className="tl-page tl-mfa">
      <h1>{t('mfa.titolo')}</h1>
      <p className="tl-subtitle">{t('mfa.testo')}</p>
      {isAuthorised('anagrafica.profili') ? <MandatorySetting /> : null}
      {!s ? null : enrolling ? (
        <MfaEnrolment
          start={() => call(OPS_MFA.attivazione, { body: undefined })}
          confirm={(c) => call(OPS_MFA.conferma, { body: { codice: c } }, { notifyError: false })}
          onFinished={() => {
            setEnrolling(false);
            void refresh();
          }}
        />
      ) : s.attiva ? (
        <>
          <div className="tl-alert tl-alert--ok" role="status" data-testid="mfa-stato">
            {t('mfa.stato_attiva')} {t('mfa.codici_rimasti', { n: s.codici_rimasti })}
          </div>
          {s.obbligatoria ? (
            <p className="tl-subtitle">{t('mfa.obbligatoria')}</p>
          ) : (
            <form onSubmit={(e) => void off.submit(e)} noValidate>
              <p className="tl-subtitle">{t('mfa.disattiva_testo')}</p>
              <CodeField id="tl-mfa-off" label={t('mfa.codice')} value={off.codice} onChange={off.setCodice} error={off.error} recovery />
              <button type="submit" className="tl-button" disabled={off.busy}>
                {t('mfa.disattiva')}
              </button>
            </form>
          )}
        </>
      ) : (
        <>
          <p className="tl-subtitle" data-testid="mfa-stato">
            {t('mfa.stato_non_attiva')} {s.obbligatoria ? t('mfa.obbligatoria') : null}
          </p>
          <button type="button" className="tl-button tl-button--primary" onClick={() => setEnrolling(true)}>
            {t('mfa.attiva')}
          </button>
        </>
      )}
    </div>
  );
}
