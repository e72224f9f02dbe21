import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OPS_AUTH } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { BackToLogin, Brand } from './Brand';

/** /email/conferma?token=... : the link mailed to a new address confirms it (once), with no login. */
export function EmailConfermaPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'busy' | 'ok' | 'error'>(token ? 'busy' : 'error');
  const sent = useRef(false);

  useEffect(() => {
    // once: a second call would find the link spent
    if (!token || sent.current) return;
    sent.current = true;
    call(OPS_AUTH.emailConferma, { body: undefined }, { auth: token, notifyError: false, notifySuccess: false })
      .then(() => setState('ok'))
      .catch(() => setState('error'));
  }, [token]);

  return (
    <div className="tl-card" data-testid="email-conferma">
      <Brand />
      <h1>{t('login.email_titolo')}</h1>
      {state === 'busy' ? (
        <p className="tl-subtitle">{t('login.email_in_corso')}</p>
      ) : state === 'ok' ? (
        <div className="tl-alert tl-alert--ok" role="status">
          {t('avvisi.email_confermata')}
        </div>
      ) : (
        <div className="tl-alert" role="alert">
          {t('avvisi.token_non_valido')}
        </div>
      )}
      <BackToLogin />
    </div>
  );
}
