import { useTranslation } from 'react-i18next';
import { Form, InputNumber, Radio, Space } from 'antd';
import { ZParametriCommesse, type TParametriCommesse } from '@tulip/contract';
import { OPS_COMMESSE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { requiredRule } from '../../components/formRules';
import { SettingsCard, useSettingsForm } from '../../components/SettingsPage';

/**
 * How the order report costs a booked hour (issue #18): at the job role's hourly cost, or at the employee's hourly pay
 * on the booking's date × the company's overhead coefficient. The company's HR sets it (scope tutti).
 */
export function CostoLavoro() {
  const { t } = useTranslation();
  const settings = useSettingsForm<TParametriCommesse>({
    queryKey: ['commesse', 'parametri'],
    read: () => call(OPS_COMMESSE.parametri),
    schema: ZParametriCommesse,
    toBody: (v) => ({ costo_orario: v.costo_orario, coefficiente_costi_indiretti: v.coefficiente_costi_indiretti }),
    write: (body) => call(OPS_COMMESSE.salvaParametri, { body }),
  });
  const modo = Form.useWatch('costo_orario', settings.form);
  return (
    <SettingsCard title="commesse.costo_lavoro" text="commesse.costo_lavoro_testo" name="parametri-commesse" settings={settings} testId="commesse-costo-lavoro">
      <Form.Item name="costo_orario" label={t('commesse.modo_costo')} extra={t(modo === 'retribuzione' ? 'commesse.modo_retribuzione_extra' : 'commesse.modo_mansione_extra')}>
        <Radio.Group>
          <Space orientation="vertical">
            <Radio value="mansione">{t('commesse.modo_mansione')}</Radio>
            <Radio value="retribuzione">{t('commesse.modo_retribuzione')}</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="coefficiente_costi_indiretti"
        label={t('commesse.coefficiente')}
        extra={t('commesse.coefficiente_extra')}
        rules={[requiredRule(t, 'commesse.coefficiente')]}
      >
        <InputNumber min={1} max={5} step={0.01} precision={2} decimalSeparator="," inputMode="decimal" style={{ width: 160 }} />
      </Form.Item>
    </SettingsCard>
  );
}
