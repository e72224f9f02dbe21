import { useTranslation } from 'react-i18next';
import { Form, InputNumber, Radio, Switch } from 'antd';
import { ZParametriRilevazione, type TParametriRilevazione } from '@tulip/contract';
import { OPS_RILEVAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { requiredRule } from '../../components/formRules';
import { SettingsPage, useSettingsForm } from '../../components/SettingsPage';

/** /rilevazione/parametri: the tolerance between booked and worked hours, timers without a clock-in, parallel phases. */
export function ParametriRilevazionePage() {
  const { t } = useTranslation();
  const settings = useSettingsForm<TParametriRilevazione>({
    queryKey: ['rilevazione', 'parametri'],
    read: () => call(OPS_RILEVAZIONE.parametri),
    schema: ZParametriRilevazione,
    toBody: (v) => ({ tolleranza_minuti: v.tolleranza_minuti, timer_senza_presenza: v.timer_senza_presenza, fasi_parallele: !!v.fasi_parallele }),
    write: (body) => call(OPS_RILEVAZIONE.salvaParametri, { body }),
  });
  return (
    <SettingsPage title="menu.rilevazione.parametri" name="parametri-rilevazione" settings={settings} testId="parametri-rilevazione">
      <Form.Item name="tolleranza_minuti" label={t('rilevazione.tolleranza_minuti')} extra={t('rilevazione.tolleranza_minuti_extra')} rules={[requiredRule(t, 'rilevazione.tolleranza_minuti')]}>
        <InputNumber min={0} max={240} precision={0} style={{ width: 160 }} suffix={t('rilevazione.minuti')} />
      </Form.Item>
      <Form.Item name="timer_senza_presenza" label={t('rilevazione.timer_senza_presenza')} extra={t('rilevazione.timer_senza_presenza_extra')}>
        <Radio.Group
          options={[
            { value: 'rifiuta', label: t('rilevazione.timer_rifiuta') },
            { value: 'avvisa', label: t('rilevazione.timer_avvisa') },
          ]}
        />
      </Form.Item>
      <Form.Item name="fasi_parallele" label={t('rilevazione.fasi_parallele')} valuePropName="checked" extra={t('rilevazione.fasi_parallele_extra')}>
        <Switch />
      </Form.Item>
    </SettingsPage>
  );
}
