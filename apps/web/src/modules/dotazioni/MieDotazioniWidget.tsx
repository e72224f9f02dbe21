import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Space, Tag, Typography } from 'antd';
import { FilePdfOutlined, SafetyOutlined } from '@ant-design/icons';
import { OPS_DOTAZIONI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDate } from '../../platform/formats';
import { apriVerbale, ScadenzaTag } from './common';

/**
 * Home card "Le mie dotazioni": what the employee holds, with its due dates, and the verbale of each delivery (GET
 * verbale serves one's own). A user without an employee record, or holding nothing, gets no card.
 */
export function MieDotazioniWidget() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['dotazioni', 'mie'], queryFn: () => call(OPS_DOTAZIONI.mie, { query: { giorni: 30 } }, { notifyError: false }) });
  const s = q.data;
  if (!s || (!s.in_dotazione.length && !s.da_restituire.length)) return null;
  // the deliveries, newest first, each with what is still held of it
  const consegne = [...new Set(s.in_dotazione.map((r) => r.consegna_id))]
    .map((id) => ({ id, righe: s.in_dotazione.filter((r) => r.consegna_id === id) }))
    .sort((a, b) => b.righe[0].data_consegna.localeCompare(a.righe[0].data_consegna));
  return (
    <Card
      data-testid="mie-dotazioni"
      title={
        <Space>
          <SafetyOutlined />
          {t('dotazioni.mie_titolo')}
        </Space>
      }
    >
      {s.da_restituire.length && s.dipendente.data_cessazione ? (
        <Typography.Paragraph type="danger">{t('dotazioni.mie_da_restituire', { count: s.da_restituire.length, data: formatDate(s.dipendente.data_cessazione) })}</Typography.Paragraph>
      ) : null}
      <List
        size="small"
        dataSource={consegne}
        renderItem={(c) => (
          <List.Item
            data-testid="mia-consegna"
            actions={[
              <Button key="verbale" size="small" icon={<FilePdfOutlined />} onClick={() => void apriVerbale(c.id)} aria-label={t('dotazioni.verbale_di', { data: formatDate(c.righe[0].data_consegna) })}>
                {t('dotazioni.verbale')}
              </Button>,
            ]}
          >
            <div>
              <Typography.Text type="secondary">{t('dotazioni.consegnata_il_data', { data: formatDate(c.righe[0].data_consegna) })}</Typography.Text>
              <ul className="tl-dot-righe">
                {c.righe.map((r) => (
                  <li key={r.id}>
                    <Space size={4} wrap>
                      <span>{`${r.in_dotazione}× ${r.tipologia_descrizione} · ${r.articolo}${r.taglia ? ` · ${r.taglia}` : ''}`}</span>
                      {r.scadenza ? (
                        <span className="tl-dot-meta">
                          {t('dotazioni.scade')} <ScadenzaTag data={r.scadenza} />
                        </span>
                      ) : null}
                      {r.restituibile && s.dipendente.data_cessazione ? <Tag color="red">{t('dotazioni.da_restituire')}</Tag> : null}
                    </Space>
                  </li>
                ))}
              </ul>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
