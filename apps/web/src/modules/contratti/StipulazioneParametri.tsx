/**
 * "Dati documenti": what every hiring document reads from the company (ZParametriDocumenti): the automated decision
 * or monitoring systems and the information art. 1-bis of D.Lgs 152/1997 asks for them, the pay period and method,
 * the place of signature.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Col, Form, Input, Row, Switch } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { ZParametriDocumenti, type TParametriDocumenti } from '@tulip/contract';
import { OPS_CONTRATTI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { useSettingsForm } from '../../components/SettingsPage';

export const PARAMETRI_KEY = ['contratti', 'parametri'] as const;
const SISTEMI = ['aspetti', 'scopi', 'logica', 'dati', 'controlli', 'accuratezza', 'referente'] as const;

const testo = (s: unknown) => (typeof s === 'string' && s.trim() ? s.trim() : null);

export function ParametriTab() {
  const { t } = useTranslation();
  const settings = useSettingsForm<TParametriDocumenti>({
    queryKey: PARAMETRI_KEY,
    read: () => call(OPS_CONTRATTI.parametriDocumenti),
    schema: ZParametriDocumenti,
    toBody: (v) => ({
      sistemi_automatizzati: !!v.sistemi_automatizzati,
      sistemi: Object.fromEntries(SISTEMI.map((k) => [k, testo(v.sistemi?.[k])])),
      periodicita_retribuzione: testo(v.periodicita_retribuzione),
      modalita_pagamento: testo(v.modalita_pagamento),
      luogo_firma: testo(v.luogo_firma),
    }),
    write: (body) => call(OPS_CONTRATTI.salvaParametriDocumenti, { body }),
  });
  const attivi = !!Form.useWatch('sistemi_automatizzati', settings.form);
  return (
    <Card loading={settings.loading} data-testid="parametri-documenti">
      {settings.error ? <Alert type="error" showIcon title={t('ui.errore_caricamento')} style={{ marginBottom: 16 }} /> : null}
      <Form form={settings.form} name="parametri-documenti" layout="vertical" onFinish={() => void settings.save()} style={{ maxWidth: 900 }}>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="periodicita_retribuzione" label={t('stipulazione.periodicita_retribuzione')} extra={t('stipulazione.periodicita_aiuto')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="modalita_pagamento" label={t('stipulazione.modalita_pagamento')} extra={t('stipulazione.modalita_aiuto')}>
              <Input maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="luogo_firma" label={t('stipulazione.luogo_firma')} extra={t('stipulazione.luogo_firma_aiuto')}>
              <Input maxLength={80} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="sistemi_automatizzati" label={t('stipulazione.sistemi_automatizzati')} valuePropName="checked" extra={t('stipulazione.sistemi_automatizzati_aiuto')}>
          <Switch />
        </Form.Item>
        {attivi ? (
          <Card size="small" title={t('stipulazione.sistemi_titolo')} style={{ marginBottom: 16 }}>
            {SISTEMI.map((k) => (
              <Form.Item key={k} name={['sistemi', k]} label={t(`trasparenza.sistemi_${k}`)}>
                <Input.TextArea rows={k === 'referente' ? 1 : 2} maxLength={k === 'referente' ? 300 : 1000} />
              </Form.Item>
            ))}
          </Card>
        ) : null}
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={settings.saving}>
          {t('ui.salva')}
        </Button>
      </Form>
    </Card>
  );
}
