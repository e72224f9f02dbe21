import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SSO_FRAGMENT_ERRORE, SSO_FRAGMENT_TOKEN } from '@tulip/contract';
import { OPS_ACCESSO, pathOf } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { apiBaseUrl, clientBaseUrl, IS_DESKTOP } from '../../platform/env';
import { switchLanguage } from '../../platform/language';
import { getSession, landingPath, loginWithUserToken } from '../../platform/session';

type Provider = { id: number; nome: string };

/**
 * The login page's company sign-in (issue #32 §1): one "Accedi con …" per active provider, and the way back from the
 * provider, which lands on / (the login page) with `#sso=<one-time token>` (exchanged as after a password) or `#sso_errore=<key>`.
 * Plain markup: the login page loads no antd. Not on the desktop build yet: its window must not leave the app.
 */
export function SsoLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [providers, setProviders] = useState<Provider[]>([]);
  const [errore, setErrore] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (IS_DESKTOP) return;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const token = fragment.get(SSO_FRAGMENT_TOKEN);
    const key = fragment.get(SSO_FRAGMENT_ERRORE);
    // the token leaves the address bar (and the history) before it is used; a second run of this effect finds none
    if (token || key) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (key) setErrore(key.startsWith('avvisi.sso_') ? key : 'avvisi.sso_errore_provider');
    if (token) {
      setBusy(true);
      loginWithUserToken(token)
        .then(async () => {
          const lingua = getSession().profile?.utente.lingua;
          if (lingua) await switchLanguage(lingua);
          navigate(landingPath(), { replace: true });
        })
        .catch(() => setBusy(false)); // notified by the client
    }
    let alive = true;
    call(OPS_ACCESSO.provider, {}, { auth: false, notifyError: false })
      .then((rows) => alive && setProviders(rows))
      .catch(() => undefined); // no company sign-in: the password form alone
    return () => {
      alive = false;
    };
  }, [navigate]);

  if (IS_DESKTOP || (!providers.length && !errore)) return null;
  return (
    <div className="tl-sso">
      {errore ? (
        <div className="tl-alert" role="alert">
          {t(errore)}
        </div>
      ) : null}
      {providers.length ? <p className="tl-sso-or tl-muted">{t('login.oppure')}</p> : null}
      {providers.map((p) => (
        <a
          key={p.id}
          className="tl-button tl-sso-button"
          aria-disabled={busy || undefined}
          href={`${apiBaseUrl()}${pathOf(OPS_ACCESSO.avvio, { id: p.id })}?base=${encodeURIComponent(clientBaseUrl())}`}
        >
          {t('login.accedi_con', { nome: p.nome })}
        </a>
      ))}
    </div>
  );
}
