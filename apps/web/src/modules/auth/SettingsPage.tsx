import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBaseUrl, setApiBaseUrl } from '../../platform/env';
import { notifyNegative, notifyPositive } from '../../platform/notifications/store';
import { BackToLogin, Brand } from './Brand';

/** Desktop build only: the server's base URL, kept in localStorage (DESIGN §9). */
export function SettingsPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useState(apiBaseUrl());

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = url.trim();
    if (value && !/^https?:\/\/[^\s/]+/i.test(value)) {
      notifyNegative(t('impostazioni.url_non_valido'));
      return;
    }
    setApiBaseUrl(value);
    notifyPositive(t('avvisi.updated'));
  }

  return (
    <div className="tl-card">
      <Brand />
      <h1>{t('impostazioni.titolo')}</h1>
      <form onSubmit={submit} noValidate>
        <p className="tl-subtitle">{t('impostazioni.testo')}</p>
        <div className="tl-field">
          <label htmlFor="tl-base-url">{t('impostazioni.base_url')}</label>
          <input id="tl-base-url" type="url" placeholder="https://tulip.example.it" value={url} onChange={(e) => setUrl(e.target.value)} />
        </div>
        <button type="submit" className="tl-button tl-button--primary">
          {t('ui.salva')}
        </button>
      </form>
      <BackToLogin />
    </div>
  );
}
