import { useTranslation } from 'react-i18next';

export function Brand() {
  const { t } = useTranslation();
  return (
    <div className="tl-brand">
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" />
      <span>{t('app.nome')}</span>
    </div>
  );
}
