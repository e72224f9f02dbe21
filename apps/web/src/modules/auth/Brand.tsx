import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TulipMark } from '../../components/TulipMark';

export function Brand() {
  const { t } = useTranslation();
  return (
    <div className="tl-brand">
      <TulipMark size={36} />
      <span>{t('app.nome')}</span>
    </div>
  );
}

/** The way back to the login, under every page of the blank layout. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <div className="tl-row">
      <Link className="tl-link" to="/">
        {t('login.torna_accesso')}
      </Link>
    </div>
  );
}
