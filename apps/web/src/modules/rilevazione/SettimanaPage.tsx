import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, Typography } from 'antd';
import { useScope } from '../../components/people';
import { settimanaCorrente } from './common';
import { GrigliaSettimana } from './Griglia';

/** /rilevazione/commessa1: the employee books their own week on orders and phases, then sends it for approval. */
export function SettimanaPage() {
  const { t } = useTranslation();
  const { dipendente } = useScope();
  const [settimana, setSettimana] = useState(settimanaCorrente);
  return (
    <div data-testid="rilevazione-settimana">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('menu.rilevazione.commessa1')}
      </Typography.Title>
      {dipendente ? (
        <GrigliaSettimana settimana={settimana} onSettimana={setSettimana} />
      ) : (
        <Empty description={t('rilevazione.nessun_dipendente_collegato')} style={{ padding: 48 }} />
      )}
    </div>
  );
}
