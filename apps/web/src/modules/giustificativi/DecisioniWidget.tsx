import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, List, Space, Switch, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { type TGiustificativo } from '@tulip/contract';
import { OPS_GIUSTIFICATIVI, OPS_USER } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { refreshProfile, useSession } from '../../platform/session';
import { CausaleTag, periodo, quantita, StatoTag } from './common';

/**
 * Home card "Le tue richieste": the user's requests decided in the last two weeks (GET /api/giustificativi/decisioni),
 * and the user's own switch for the e-mail that tells them of each decision.
 */
export function DecisioniWidget() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { profile } = useSession();
  const q = useQuery({
    queryKey: ['giustificativi', 'decisioni'],
    queryFn: () => call(OPS_GIUSTIFICATIVI.decisioni),
    select: (a) => (Array.isArray(a) ? a : []),
  });
  const email = profile?.utente.notifiche_email !== false;
  async function toggle(on: boolean) {
    await call(OPS_USER.modifica, { body: { notifiche_email: on } }, { notifySuccess: false });
    await refreshProfile();
    void qc.invalidateQueries({ queryKey: ['giustificativi', 'decisioni'] });
  }
  return (
    <Card
      data-testid="decisioni-widget"
      title={
        <Space>
          <BellOutlined />
          {t('decisioni.titolo')}
        </Space>
      }
      extra={<Link to="/giustificativi/calendario">{t('approvazioni.vai')}</Link>}
    >
      <List<TGiustificativo>
        size="small"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('decisioni.nessuna')} /> }}
        renderItem={(r) => (
          <List.Item data-testid="decisione">
            <Space size={6} wrap>
              <StatoTag stato={r.stato} />
              <CausaleTag codice={r.codice} colore={r.colore} descrizione={r.causale_descrizione} />
              <Typography.Text type="secondary">
                {periodo(r)} · {quantita(r, t)}
              </Typography.Text>
              {r.motivo_decisione ? <Typography.Text type="secondary">— {r.motivo_decisione}</Typography.Text> : null}
            </Space>
          </List.Item>
        )}
      />
      <Space style={{ marginTop: 12 }}>
        <Switch checked={email} onChange={(on) => void toggle(on)} aria-label={t('decisioni.email')} data-testid="decisioni-email" />
        <Typography.Text>{t('decisioni.email')}</Typography.Text>
      </Space>
    </Card>
  );
}
