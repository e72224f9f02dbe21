import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateServerUrl } from '@tulip/contract';
import { apiBaseUrl, reloadTo, setApiBaseUrl } from '../../platform/env';
import { desktopBridge, probeServer } from '../../platform/desktop';
import { clearTokens } from '../../platform/tokenStore';
import { BackToLogin, Brand } from './Brand';

/**
 * Desktop build only (issue #19, DESIGN §9): the Tulip server's URL, kept in localStorage (`tulip.baseUrl`). A URL is
 * saved only once it answers /api/server/version as Tulip: http(s), no credentials in it. The shell checks it from its
 * main process (and from then on lets the page connect to that server only); without the shell the page checks it.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(apiBaseUrl());
  const [url, setUrl] = useState(current);
  const [error, setError] = useState<string>();
  const [connected, setConnected] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    setConnected(undefined);
    const valid = validateServerUrl(url);
    if (!valid.ok) return setError(t(valid.message));
    setBusy(true);
    try {
      const bridge = desktopBridge();
      const check = bridge ? await bridge.setServerUrl(valid.url) : await probeServer(valid.url);
      if (!check.ok) return setError(t(check.message));
      const changed = check.url !== current;
      // a session belongs to the server that gave it
      if (changed) clearTokens();
      setApiBaseUrl(check.url);
      setCurrent(check.url);
      setUrl(check.url);
      setConnected(t('impostazioni.collegato', { version: check.version }));
      // the shell serves the page with a CSP naming the server: a new one applies from the next load
      if (changed && bridge) setTimeout(() => reloadTo('/'), 1500);
    } catch {
      setError(t('impostazioni.non_raggiungibile'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tl-card">
      <Brand />
      <h1>{t('impostazioni.titolo')}</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className="tl-subtitle">{t('impostazioni.testo')}</p>
        <p className="tl-subtitle" data-testid="server-attuale">
          {t('impostazioni.server_attuale')}: {current || t('impostazioni.nessun_server')}
        </p>
        {connected ? (
          <div className="tl-alert tl-alert--ok" role="status">
            {connected}
          </div>
        ) : null}
        <div className="tl-field">
          <label htmlFor="tl-base-url">{t('impostazioni.base_url')}</label>
          <input
            id="tl-base-url"
            type="url"
            placeholder="https://tulip.example.it"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'tl-base-url-err' : undefined}
          />
          {error ? (
            <span id="tl-base-url-err" className="tl-field-error" role="alert">
              {error}
            </span>
          ) : null}
        </div>
        <button type="submit" className="tl-button tl-button--primary" disabled={busy}>
          {busy ? <span className="tl-spinner tl-spinner--small" aria-hidden="true" /> : null}
          {busy ? t('impostazioni.verifica_in_corso') : t('impostazioni.verifica')}
        </button>
      </form>
      <BackToLogin />
    </div>
  );
}
