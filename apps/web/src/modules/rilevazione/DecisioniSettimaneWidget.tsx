import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Space, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { ROUTE_BY_NAME } from '@tulip/contract';
import { OPS_RILEVAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDate } from '../../platform/formats';
import { numeroSettimana } from './griglia';

/**
 * Home card "Le tue settimane": the user's weeks of hours on job orders decided by someone else in the last two weeks
 * (approved, or sent back with the reason), with the way to the week's grid. Nothing decided: no card.
 */
export function DecisioniSettimaneWidget() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['rilevazione', 'decisioni'],
    queryFn: () => call(OPS_RILEVAZIONE.decisioni),
    // the latest decision first, then the latest week
    select: (a) => (Array.isArray(a) ? [...a].sort((x, y) => y.decisa_il.localeCompare(x.decisa_il) || y.settimana.localeCompare(x.settimana)) : []),
  });
  if (!q.data?.length) return null;
  return (
    <Card
      data-testid="decisioni-settimane-widget"
      title={
        <Space>
          <BellOutlined />
          {t('decisioni_settimane.titolo')}
        </Space>
      }
      extra={<Link to={ROUTE_BY_NAME['rilevazione.commessa1'].path}>{t('decisioni_settimane.vai')}</Link>}
    >
      <List
        size="small"
        dataSource={q.data}
        renderItem={(r) => {
          const approvata = r.stato === 'approvata';
          return (
            <List.Item data-testid="decisione-settimana">
              <Space size={6} wrap>
                <Tag color={approvata ? 'green' : 'orange'}>{t(approvata ? 'decisioni_settimane.stato_approvata' : 'decisioni_settimane.stato_rinviata')}</Tag>
                <Typography.Text>
                  {approvata
                    ? t('decisioni_settimane.approvata', { n: numeroSettimana(r.settimana) })
                    : t('decisioni_settimane.rinviata', { n: numeroSettimana(r.settimana), motivo: r.motivo ?? '' })}
                </Typography.Text>
                <Typography.Text type="secondary">· {t('decisioni_settimane.decisa_il', { data: formatDate(r.decisa_il) })}</Typography.Text>
              </Space>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
