import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Empty, Space, Table, Typography } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { type TGiustificativo } from '@tulip/contract';
import { OPS_GIUSTIFICATIVI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { CausaleTag, DecisioneButtons, periodo, quantita } from './common';
import '../../components/presenze.css';

/** Home card "Richieste da approvare": GET /api/giustificativi/da-approvare with approve / refuse. */
export function ApprovazioniWidget() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['giustificativi', 'da-approvare'],
    queryFn: () => call(OPS_GIUSTIFICATIVI.daApprovare),
    select: (a) => (Array.isArray(a) ? a : []),
    refetchInterval: 120_000,
  });
  const rows = q.data ?? [];
  return (
    <Card
      data-testid="approvazioni-widget"
      title={
        <Space>
          <AuditOutlined />
          {t('approvazioni.titolo')}
          <Badge count={rows.length} overflowCount={99} />
        </Space>
      }
      extra={<Link to="/giustificativi/calendario">{t('approvazioni.vai')}</Link>}
    >
      <Table<TGiustificativo>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={rows}
        pagination={rows.length > 8 ? { pageSize: 8, size: 'small' } : false}
        showHeader={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approvazioni.nessuna')} /> }}
        columns={[
          {
            key: 'chi',
            render: (_, r) => (
              <div>
                <Typography.Text strong>{r.dipendente_nome}</Typography.Text>
                <div>
                  <Space size={6} wrap>
                    <CausaleTag codice={r.codice} colore={r.colore} descrizione={r.causale_descrizione} dashed />
                    <Typography.Text type="secondary">
                      {periodo(r)} · {quantita(r, t)}
                    </Typography.Text>
                  </Space>
                </div>
                {r.note ? (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320, display: 'block' }}>
                    {r.note}
                  </Typography.Text>
                ) : null}
              </div>
            ),
          },
          {
            key: 'azioni',
            align: 'right',
            render: (_, r) => <DecisioneButtons row={r} onDone={() => void qc.invalidateQueries({ queryKey: ['giustificativi'] })} />,
          },
        ]}
      />
    </Card>
  );
}
