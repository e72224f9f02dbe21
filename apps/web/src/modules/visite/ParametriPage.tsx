import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Form, Input, InputNumber, Popconfirm, Row, Space, Switch, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { CAMPI_OBBLIGATORI_VISITA, ZParametriVisite, type TParametriVisite } from '@tulip/contract';
import { OPS_VISITE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { SettingsPage, useSettingsForm } from '../../components/SettingsPage';
import { requiredRule } from '../../components/formRules';

/** /visite/parametri: privacy notice, safety rules, retention, badge prefix, required fields. */
export function ParametriVisitePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [running, setRunning] = useState(false);
  const [esito, setEsito] = useState<number | null>(null);
  const settings = useSettingsForm<TParametriVisite>({
    queryKey: ['visite', 'parametri'],
    read: () => call(OPS_VISITE.parametri),
    schema: ZParametriVisite,
    toBody: (v) => ({
      informativa_privacy: v.informativa_privacy ?? '',
      regole_sicurezza: v.regole_sicurezza ?? '',
      giorni_conservazione: v.giorni_conservazione,
      prefisso_badge: v.prefisso_badge ?? '',
      email_referente: !!v.email_referente,
      autoregistrazione: !!v.autoregistrazione,
      campi_obbligatori: Array.isArray(v.campi_obbligatori) ? v.campi_obbligatori : [],
    }),
    write: (body) => call(OPS_VISITE.salvaParametri, { body }),
  });

  async function conserva() {
    setRunning(true);
    try {
      const d = (await call(OPS_VISITE.conservazione, { body: {} })).data;
      setEsito(typeof d?.anonimizzate === 'number' ? d.anonimizzate : 0);
      await qc.invalidateQueries({ queryKey: ['visite', 'registro'] });
    } catch {
      /* notified */
    } finally {
      setRunning(false);
    }
  }

  return (
    <SettingsPage
      title="menu.visite.parametri"
      name="parametri-visite"
      settings={settings}
      maxWidth={900}
      testId="parametri-visite"
      after={
        <Card title={t('visite.conservazione')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('visite.conservazione_testo')}
            </Typography.Paragraph>
            <Popconfirm title={t('visite.conservazione_conferma')} okText={t('ui.si')} cancelText={t('ui.annulla')} onConfirm={() => conserva()}>
              <Button danger icon={<DeleteOutlined />} loading={running}>
                {t('visite.esegui_conservazione')}
              </Button>
            </Popconfirm>
            {esito !== null ? (
              <Alert type="success" showIcon data-testid="conservazione-esito" title={t('visite.conservazione_risultato', { n: esito })} />
            ) : null}
          </Space>
        </Card>
      }
    >
      <Form.Item name="informativa_privacy" label={t('visite.informativa_privacy')}>
        <Input.TextArea rows={6} maxLength={20000} />
      </Form.Item>
      <Form.Item name="regole_sicurezza" label={t('visite.regole_sicurezza')}>
        <Input.TextArea rows={6} maxLength={20000} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="giorni_conservazione" label={t('visite.giorni_conservazione')} rules={[requiredRule(t, 'visite.giorni_conservazione')]}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="prefisso_badge" label={t('visite.prefisso_badge')} rules={[requiredRule(t, 'visite.prefisso_badge')]}>
            <Input maxLength={10} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="email_referente" label={t('visite.email_referente')} valuePropName="checked" extra={t('visite.email_referente_extra')}>
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="autoregistrazione" label={t('visite.autoregistrazione')} valuePropName="checked" extra={t('visite.autoregistrazione_extra')}>
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="campi_obbligatori" label={t('visite.campi_obbligatori')}>
        <Checkbox.Group options={CAMPI_OBBLIGATORI_VISITA.map((c) => ({ value: c, label: t(`visite.${c}`) }))} />
      </Form.Item>
    </SettingsPage>
  );
}
