import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SSO_FRAGMENT_ERRORE, SSO_FRAGMENT_TOKEN } from '@tulip/contract';
import { OPS_ACCESSO, pathOf } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { apiBaseUrl, clientBaseUrl, IS_DESKTOP } from '../../platform/env';
import { onSsoLink } from '../../platform/desktop';
import { switchLanguage } from '../../platform/language';
import { getSession, landingPath, loginWithUserToken } from '../../platform/session';
import { acceptLink, startDesktopSignIn } from './desktopSso';

type Provider = { id: number; nome: string };

/**
 * The login page's company sign-in (issue #32 §1): one "Accedi con …" per active provider, and the way back from the
 * provider, which lands on / (the login page) with `#sso=<one-time token>` (exchanged as after a password) or `#sso_errore=<key>`.
 * Plain markup: the login page loads no antd. On the desktop build the window never leaves the app: the sign-in opens
 * in the system browser and comes back by a `tulip://sso` link the shell hands over (desktopSso.ts).
 */
export function SsoLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [providers, setProviders] = useState<Provider[]>([]);
  const [errore, setErrore] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [inBrowser, setInBrowser] = useState(false);

  useEffect(() => {
    /** The one-time token exchanged as after a password, or the refusal's message. */
    const arrived = (token: string | null, key: string | null) => {
      if (key) setErrore(key.startsWith('avvisi.sso_') ? key : 'avvisi.sso_errore_provider');
      if (!token) return;
      setErrore(undefined);
      setBusy(true);
      loginWithUserToken(token)
        .then(async () => {
          const lingua = getSession().profile?.utente.lingua;
          if (lingua) await switchLanguage(lingua);
          navigate(landingPath(), { replace: true });
        })
        .catch(() => setBusy(false)); // notified by the client
    };
    let stop: () => void = () => undefined;
    if (IS_DESKTOP) {
      // a link of another attempt, or of none (a mail, a web page), is ignored
      stop = onSsoLink((link) => {
        if (!acceptLink(link)) return;
        setInBrowser(false);
        arrived(link.token, link.errore);
      });
    } else {
      const fragment = new URLSearchParams(window.location.hash.slice(1));
      const token = fragment.get(SSO_FRAGMENT_TOKEN);
      const key = fragment.get(SSO_FRAGMENT_ERRORE);
      // the token leaves the address bar (and the history) before it is used; a second run of this effect finds none
      if (token || key) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      arrived(token, key);
    }
    let alive = true;
    call(OPS_ACCESSO.provider, {}, { auth: false, notifyError: false })
      .then((rows) => alive && setProviders(rows))
      .catch(() => undefined); // no company sign-in: the password form alone
    return () => {
      alive = false;
      stop();
    };
  }, [navigate]);

  const startDesktop = (id: number) => {
    setErrore(undefined);
    void startDesktopSignIn(id).then((r) => (r.ok ? setInBrowser(true) : setErrore(r.message)));
  };

  if (!providers.length && !errore) return null;
  return (
    <div className="tl-sso">
      {errore ? (
        <div className="tl-alert" role="alert">
          {t(errore)}
        </div>
      ) : null}
      {inBrowser ? (
        <div className="tl-alert tl-alert--ok" role="status">
          {t('login.sso_nel_browser')}
        </div>
      ) : null}
      {providers.length ? <p className="tl-sso-or tl-muted">{t('login.oppure')}</p> : null}
      {providers.map((p) =>
        IS_DESKTOP ? (
          <button key={p.id} type="button" className="tl-button tl-sso-button" disabled={busy} onClick={() => startDesktop(p.id)}>
            {t('login.accedi_con', { nome: p.nome })}
          </button>
        ) : (
          <a
            key={p.id}
            className="tl-button tl-sso-button"
            aria-disabled={busy || undefined}
            href={`${apiBaseUrl()}${pathOf(OPS_ACCESSO.avvio, { id: p.id })}?base=${encodeURIComponent(clientBaseUrl())}`}
          >
            {t('login.accedi_con', { nome: p.nome })}
          </a>
        ),
      )}
    </div>
  );
}
