import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="tl-card" data-testid="placeholder">
      <h1>{t(title)}</h1>
      <p className="tl-subtitle">{t('ui.disponibile_a_breve')}</p>
      <Link className="tl-link" to="/">
        {t('ui.torna_home')}
      </Link>
    </div>
  );
}

/** /mobile: the phone clock-in view arrives with a later issue. */
export function MobilePage() {
  return <Placeholder title="mobile.titolo" />;
}

/** /presenze/:utente? : the presence page arrives with a later issue. */
export function PresenzePage() {
  return <Placeholder title="presenze.titolo" />;
}
