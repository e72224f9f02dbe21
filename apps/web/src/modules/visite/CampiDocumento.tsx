/** The fields checked at the desk on every entry: ID document type and number, badge. */
import { useTranslation } from 'react-i18next';
import { Col, Form, Input, Select } from 'antd';
import { documentoOptions } from './api';
import { requiredRule } from '../../components/formRules';

/** `obbligatori`: the fields the visit parameters make required (an empty set: all optional). */
export function DocumentoBadgeFields({ obbligatori = new Set<string>() }: { obbligatori?: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const req = (name: string) => (obbligatori.has(name) ? [requiredRule(t, `visite.${name}`)] : undefined);
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item name="documento_tipo" label={t('visite.documento_tipo')} rules={req('documento_tipo')}>
          <Select allowClear placeholder={t('ui.seleziona')} options={documentoOptions(t)} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="documento_numero" label={t('visite.documento_numero')} rules={req('documento_numero')} extra={t('visite.documento_numero_extra')}>
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="badge" label={t('visite.badge')} rules={req('badge')} extra={obbligatori.has('badge') ? undefined : t('visite.badge_extra')}>
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
      </Col>
    </>
  );
}
