import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { TIPI_FESTIVITA, ZFestivita, type TFestivitaAnno } from '@tulip/contract';
import { OPS_TURNI, RES_FESTIVITA } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';
import { dayjs, formatDate } from '../../platform/formats';
import { call } from '../../platform/api';
import { capitalize } from '../../platform/formats';
import '../../components/presenze.css';

const TIPO_COLOR: Record<string, string> = { nazionale: 'red', patrono: 'purple', chiusura: 'blue' };

/** /turni/festivita — national holidays of a year (computed, read-only) and company holidays/closures. */
export function FestivitaPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [anno, setAnno] = useState(dayjs().year());
  const annoQuery = useQuery({
    queryKey: ['festivita', 'anno', anno],
    queryFn: () => call(OPS_TURNI.festivitaAnno, { params: { anno } }),
    select: (a) => (Array.isArray(a) ? a : []),
  });
  const all = annoQuery.data ?? [];
  const nazionali = all.filter((f) => f.tipo === 'nazionale');
  const aziendali = all.filter((f) => f.tipo !== 'nazionale');

  const columns: ColumnDef[] = [
    { key: 'data', title: 'festivita.data', type: 'date', sorter: true, width: 130 },
    { key: 'giorno', title: 'festivita.giorno', render: (r) => capitalize(dayjs(String(r.data)).format('dddd')), exportOnly: false },
    { key: 'descrizione', title: 'festivita.descrizione', sorter: true },
    {
      key: 'tipo',
      title: 'festivita.tipo',
      render: (r) => <Tag color={TIPO_COLOR[String(r.tipo)]}>{t(`festivita.tipo_${String(r.tipo)}`)}</Tag>,
      exportValue: (r) => t(`festivita.tipo_${String(r.tipo)}`),
    },
  ];
  const fields: FieldDef[] = [
    { name: 'data', label: 'festivita.data', type: 'date', required: true, span: 12 },
    {
      name: 'tipo',
      label: 'festivita.tipo',
      type: 'select',
      required: true,
      span: 12,
      options: TIPI_FESTIVITA.map((x) => ({ value: x, label: `festivita.tipo_${x}` })),
    },
    { name: 'descrizione', label: 'festivita.descrizione', required: true },
  ];

  return (
    <div>
      <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.turni.festivita')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('festivita.sottotitolo')}</Typography.Text>
        </Col>
        <Col>
          <Space.Compact>
            <Tooltip title={t('festivita.anno_precedente')}>
              <Button icon={<LeftOutlined />} aria-label={t('festivita.anno_precedente')} onClick={() => setAnno(anno - 1)} />
            </Tooltip>
            <Button aria-label={t('festivita.anno_valore', { anno })} style={{ minWidth: 90, fontWeight: 600 }} onClick={() => setAnno(dayjs().year())}>
              {anno}
            </Button>
            <Tooltip title={t('festivita.anno_successivo')}>
              <Button icon={<RightOutlined />} aria-label={t('festivita.anno_successivo')} onClick={() => setAnno(anno + 1)} />
            </Tooltip>
          </Space.Compact>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <Card title={t('festivita.nazionali_anno', { anno })} size="small">
            <Table<TFestivitaAnno>
              data-testid="festivita-nazionali"
              rowKey="data"
              size="small"
              loading={annoQuery.isFetching}
              dataSource={nazionali}
              pagination={false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ui.nessun_dato')} /> }}
              columns={[
                { key: 'data', title: t('festivita.data'), width: 110, render: (_, r) => formatDate(r.data) },
                { key: 'giorno', title: t('festivita.giorno'), width: 110, render: (_, r) => capitalize(dayjs(r.data).format('dddd')) },
                { key: 'descrizione', title: t('festivita.descrizione'), dataIndex: 'descrizione' },
              ]}
            />
            {aziendali.length ? (
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                {t('festivita.aziendali_anno', { anno, n: aziendali.length })}
              </Typography.Paragraph>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Card size="small" title={t('festivita.aziendali')}>
            <ResourcePage
              hideTitle
              resource={{ wire: RES_FESTIVITA, title: 'festivita.aziendali', entity: 'entita.festivita', schema: ZFestivita }}
              columns={columns}
              form={{ fields }}
              defaultSort="-data"
              onChanged={() => void qc.invalidateQueries({ queryKey: ['festivita', 'anno'] })}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
