import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Checkbox, Form, Input, Modal, Segmented, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { dayjs, type Dayjs } from '../../platform/formats';
import { ApiError } from '../../platform/http';
import { call } from '../../platform/api';
import { translateMessage } from '../../platform/i18n';
import { OPS_TIMBRATURE } from '@tulip/contract/wire';
import { capitalize, oraDi } from '../../platform/formats';
import { newRequestId } from '../../platform/uuid';
import type { Timbratura, Verso } from './types';
import { requiredRule, timeRule } from '../../components/formRules';
import { TimeField } from '../../components/TimeField';
import { useCloseGuard } from '../../components/useCloseGuard';

export type PunchAction =
  | { mode: 'nuova'; dipendenteId: number; nome?: string; data: string; verso?: Verso; ora?: string; giornoDopo?: boolean; motivo?: string }
  | { mode: 'correggi'; punch: Timbratura; data: string; nome?: string; verso?: Verso; motivo?: string }
  | { mode: 'annulla'; punch: Timbratura; data: string; nome?: string };

type Values = { ora: Dayjs | null; verso: Verso; giorno_dopo: boolean; motivo: string };

/** True for the 409 of a month closed for payroll. */
export const isMeseChiuso = (e: unknown) => e instanceof ApiError && e.body.message === 'avvisi.mese_chiuso';

/**
 * Add (PUT /api/timbrature), correct (POST /api/timbrature/{id}) or cancel (DELETE ...?motivo=) a
 * punch on behalf of an employee; a reason is always required (it goes to the audit log).
 */
export function PunchDialog({ action, onClose, onDone }: { action: PunchAction | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [closeAsking, closeHolder] = useCloseGuard(form, onClose, !!action);
  const [saving, setSaving] = useState(false);
  const [errore, setErrore] = useState<{ text: string; chiuso: boolean } | null>(null);

  useEffect(() => {
    if (!action) return;
    setErrore(null);
    form.resetFields();
    if (action.mode === 'nuova') {
      form.setFieldsValue({
        ora: action.ora ? dayjs(`2000-01-01T${action.ora}`) : null,
        verso: action.verso ?? 'E',
        giorno_dopo: !!action.giornoDopo,
        motivo: action.motivo ?? '',
      });
    } else if (action.mode === 'correggi') {
      const p = action.punch;
      form.setFieldsValue({
        ora: dayjs(`2000-01-01T${oraDi(p.ts)}`),
        verso: action.verso ?? p.verso,
        giorno_dopo: p.ts.slice(0, 10) > action.data,
        motivo: action.motivo ?? '',
      });
    } else {
      form.setFieldsValue({ motivo: '' });
    }
  }, [action, form]);

  async function submit() {
    if (!action) return;
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const motivo = (v.motivo ?? '').trim();
    const ts = () => `${dayjs(action.data).add(v.giorno_dopo ? 1 : 0, 'day').format('YYYY-MM-DD')}T${v.ora!.format('HH:mm')}:00`;
    setSaving(true);
    setErrore(null);
    try {
      if (action.mode === 'nuova') {
        await call(OPS_TIMBRATURE.registra, { body: { dipendente_id: action.dipendenteId, ts: ts(), verso: v.verso, motivo, id_richiesta: newRequestId() } });
      } else if (action.mode === 'correggi') {
        await call(OPS_TIMBRATURE.correggi, { params: { id: action.punch.id }, body: { ts: ts(), verso: v.verso, motivo } });
      } else {
        await call(OPS_TIMBRATURE.annulla, { params: { id: action.punch.id }, query: { motivo } });
      }
      onDone();
    } catch (e) {
      if (e instanceof ApiError) {
        setErrore({ text: translateMessage(e.body.message, e.body.params), chiuso: isMeseChiuso(e) });
        const fields = Object.entries(e.fields).filter(([k]) => ['verso', 'motivo'].includes(k));
        if (fields.length) form.setFields(fields.map(([name, key]) => ({ name: name as keyof Values, errors: [t(key)] })));
        if (e.fields.ts) form.setFields([{ name: 'ora', errors: [t(e.fields.ts)] }]);
      }
    } finally {
      setSaving(false);
    }
  }

  const title = !action
    ? ''
    : action.mode === 'nuova'
      ? t('timbrature.nuova_titolo')
      : action.mode === 'correggi'
        ? t('timbrature.correggi_titolo')
        : t('timbrature.annulla_titolo');
  const giorno = action ? capitalize(dayjs(action.data).format('dddd DD/MM/YYYY')) : '';

  return (
    <>

      {closeHolder}

      <Modal
      open={!!action}
      title={title}
      onCancel={closeAsking}
      onOk={() => void submit()}
      okText={action?.mode === 'annulla' ? t('timbrature.conferma_annullamento') : t('ui.salva')}
      okButtonProps={{ danger: action?.mode === 'annulla' }}
      cancelText={t('ui.annulla')}
      confirmLoading={saving}
      forceRender
      // above the day drawer it is opened from
      zIndex={1100}
    >
      <Typography.Paragraph type="secondary">
        {action?.nome ? <strong>{action.nome}</strong> : null}
        {action?.nome ? ' — ' : null}
        {giorno}
        {action && action.mode !== 'nuova' ? (
          <>
            {' — '}
            {t('timbrature.originale', { verso: t(action.punch.verso === 'E' ? 'timbrature.entrata' : 'timbrature.uscita'), ora: oraDi(action.punch.ts) })}
          </>
        ) : null}
      </Typography.Paragraph>
      {errore ? (
        <Alert
          type="error"
          showIcon
          icon={errore.chiuso ? <LockOutlined /> : undefined}
          title={errore.text}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form form={form} layout="vertical" name="timbratura" onFinish={() => void submit()}>
        {action?.mode !== 'annulla' ? (
          <>
            <Form.Item name="verso" label={t('timbrature.verso')}>
              <Segmented<Verso>
                options={[
                  { value: 'E', label: t('timbrature.entrata') },
                  { value: 'U', label: t('timbrature.uscita') },
                ]}
              />
            </Form.Item>
            <Form.Item name="ora" label={t('timbrature.ora')} rules={[requiredRule(t, 'timbrature.ora'), timeRule(t)]}>
              <TimeField autoFocus={action?.mode === 'nuova' && !action.ora} />
            </Form.Item>
            <Form.Item name="giorno_dopo" valuePropName="checked" style={{ marginTop: -8 }}>
              <Checkbox>{t('timbrature.giorno_dopo')}</Checkbox>
            </Form.Item>
          </>
        ) : null}
        <Form.Item
          name="motivo"
          label={t('timbrature.motivo')}
          rules={[requiredRule(t, 'timbrature.motivo', { whitespace: true }), { max: 300 }]}
          extra={t('timbrature.motivo_hint')}
        >
          <Input.TextArea rows={2} maxLength={300} showCount />
        </Form.Item>
      </Form>
    </Modal>
    </>
  );
}
