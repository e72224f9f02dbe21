import { useTranslation } from 'react-i18next';

/** Full-screen overlay 'Caricamento in corso...' (SPEC §2). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div className="tl-overlay" data-testid="loading-overlay" role="status" aria-live="polite">
      <div className="tl-spinner" aria-hidden="true" />
      <span>{t('app.caricamento', { defaultValue: 'Caricamento in corso...' })}</span>
    </div>
  );
}

/** Small spinner for a page chunk loading inside a layout. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="tl-page-loading" role="status" aria-label={t('app.caricamento')}>
      <div className="tl-spinner tl-spinner--small" aria-hidden="true" />
    </div>
  );
}
