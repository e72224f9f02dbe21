import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';

/** 404 of an unknown path while logged in (SPEC §2). */
export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title="404"
        subTitle={t('ui.pagina_non_trovata_testo')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('ui.torna_home')}
          </Button>
        }
      />
    </div>
  );
}
