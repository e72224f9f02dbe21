import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Space, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { OPS_SPESE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDate } from '../../platform/formats';

const COLORE = { approvata: 'blue', rifiutata: 'red', liquidata: 'green' } as Record<string, string>;

/**
 * Home card "Le tue note spese": the user's notes decided by someone else in the last two weeks (approved, rejected
 * with the reason, settled), each leading to the note. Nothing decided: no card.
 */
export function DecisioniNoteWidget() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['spese', 'decisioni'],
    queryFn: () => call(OPS_SPESE.decisioni, undefined, { notifyError: false }),
    select: (a) => (Array.isArray(a) ? [...a].sort((x, y) => y.decisa_il.localeCompare(x.decisa_il)) : []),
  });
  if (!q.data?.length) return null;
  return (
    <Card
      data-testid="decisioni-note-widget"
      title={
        <Space>
          <BellOutlined />
          {t('spese.decisioni_titolo')}
        </Space>
      }
      extra={<Link to="/notaspese">{t('spese.decisioni_vai')}</Link>}
    >
      <List
        size="small"
        dataSource={q.data}
        renderItem={(r) => (
          <List.Item data-testid="decisione-nota">
            <Space size={6} wrap>
              <Tag color={COLORE[r.stato] ?? 'default'}>{t(`spese.stato_${r.stato}`)}</Tag>
              <Link to={`/notaspese?nota=${r.id}`}>{r.descrizione}</Link>
              {r.stato === 'rifiutata' && r.motivo ? <Typography.Text>{t('spese.decisione_motivo', { motivo: r.motivo })}</Typography.Text> : null}
              <Typography.Text type="secondary">· {t('spese.decisa_il', { data: formatDate(r.decisa_il) })}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
