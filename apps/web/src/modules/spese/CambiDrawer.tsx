/**
 * The rates of one currency by date (units per 1 EUR), newest first and paged by the server; a rate is added, or the
 * one of a day corrected, with its date and an exact decimal of up to 6 places sent as text.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Col, DatePicker, Drawer, Form, Row, Table, Tooltip, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { OPS_SPESE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { dayjs, formatDate, fromWire, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { requiredRule } from '../../components/formRules';
import { tableFit } from '../../components/tableFit';
import { CambiDecimaleInput } from './CambiDecimaleInput';
import { DECIMALI_CAMBIO, formatDecimale, leggiDecimale } from './CambiDecimali';

export type ValutaScelta = { codice: string; nome: string };
type Valori = { data: Dayjs | null; cambio: string | null };

const PAGINA = 20;

export function CambiDrawer({ valuta, onClose, onChanged }: { valuta: ValutaScelta | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Valori>();
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const codice = valuta?.codice ?? '';
  // another currency starts from its first page and an empty form
  if (codice !== shown) {
    setShown(codice);
    setPage(1);
  }

  const list = useQuery({
    queryKey: ['valute', 'cambi', codice, page],
    queryFn: () => call(OPS_SPESE.cambi, { params: { codice }, query: { page, size: PAGINA } }),
    enabled: !!codice,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];

  async function save(v: Valori) {
    const cambio = leggiDecimale(v.cambio, DECIMALI_CAMBIO);
    const data = toWireDate(v.data);
    if (!cambio || !data) return;
    setSaving(true);
    try {
      await call(OPS_SPESE.salvaCambio, { params: { codice }, body: { data, cambio } });
      form.setFieldsValue({ cambio: null });
      await list.refetch();
      onChanged();
    } catch {
      /* notified */
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer
      open={!!valuta}
      size={560}
      destroyOnHidden
      title={valuta ? t('spese_anagrafiche.cambi_titolo', { codice: valuta.codice, nome: valuta.nome }) : ''}
      onClose={onClose}
    >
      <div data-testid="cambi-drawer">
        <Typography.Paragraph type="secondary">{t('spese_anagrafiche.unita_per_euro', { codice })}</Typography.Paragraph>
        <Form form={form} name="cambio" layout="vertical" initialValues={{ data: dayjs().startOf('day'), cambio: null }} onFinish={(v) => void save(v)} aria-label={t('spese_anagrafiche.nuovo_cambio')}>
          <Typography.Text strong>{t('spese_anagrafiche.nuovo_cambio')}</Typography.Text>
          <Row gutter={12} style={{ marginTop: 8 }} align="top">
            <Col span={9}>
              <Form.Item name="data" label={t('spese_anagrafiche.data')} rules={[requiredRule(t, 'spese_anagrafiche.data')]}>
                <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="cambio"
                label={t('spese_anagrafiche.cambio')}
                rules={[
                  requiredRule(t, 'spese_anagrafiche.cambio'),
                  { validator: (_r, v: string | null) => (!v || leggiDecimale(v, DECIMALI_CAMBIO) ? Promise.resolve() : Promise.reject(new Error(t('spese_anagrafiche.cambio_non_valido')))) },
                ]}
              >
                <CambiDecimaleInput places={DECIMALI_CAMBIO} placeholder={t('spese_anagrafiche.cambio_segnaposto')} />
              </Form.Item>
            </Col>
            <Col span={7}>
              <Button type="primary" htmlType="submit" loading={saving} block style={{ marginTop: 30 }}>
                {t('spese_anagrafiche.salva_cambio')}
              </Button>
            </Col>
          </Row>
        </Form>
        <Table
          size="small"
          rowKey="data"
          data-testid="cambi-table"
          loading={list.isFetching}
          dataSource={rows}
          {...tableFit}
          locale={{ emptyText: t('spese_anagrafiche.nessun_cambio') }}
          pagination={{ current: page, pageSize: PAGINA, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (n) => t('ui.totale_elementi', { count: n }) }}
          columns={[
            { key: 'data', title: t('spese_anagrafiche.data'), render: (_: unknown, r) => formatDate(r.data) },
            { key: 'cambio', title: t('spese_anagrafiche.cambio'), align: 'right', render: (_: unknown, r) => formatDecimale(r.cambio, 4) },
            {
              key: 'azioni', title: t('ui.azioni'), width: 90, align: 'right',
              render: (_: unknown, r) => (
                <Tooltip title={t('spese_anagrafiche.correggi')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('spese_anagrafiche.correggi_cambio', { data: formatDate(r.data) })}
                    onClick={() => form.setFieldsValue({ data: fromWire(r.data), cambio: r.cambio })}
                  />
                </Tooltip>
              ),
            },
          ]}
        />
      </div>
    </Drawer>
  );
}
