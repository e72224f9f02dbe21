import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Modal } from 'antd';
import { PASSWORD_MIN } from '@tulip/contract';
import { OPS_USER } from '@tulip/contract/wire';
import { ApiError } from '../platform/http';
import { call } from '../platform/api';
import { requiredRule } from '../components/formRules';
import { useCloseGuard } from '../components/useCloseGuard';

type Values = { password_attuale: string; password_nuova: string; conferma: string };

/** Change of the user's own password (POST /api/user with the current and the new password). */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [closeAsking, closeHolder] = useCloseGuard(
    form,
    () => {
      form.resetFields();
      onClose();
    },
    open,
  );
  const [busy, setBusy] = useState(false);

  async function submit() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await call(OPS_USER.modifica, { body: { password_attuale: values.password_attuale, password_nuova: values.password_nuova } });
      form.resetFields();
      onClose();
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFields(Object.entries(e.fields).map(([name, key]) => ({ name: name as keyof Values, errors: [t(key)] })));
        if (e.body.message === 'avvisi.password_attuale_errata') {
          form.setFields([{ name: 'password_attuale', errors: [t(e.body.message)] }]);
        }
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>

      {closeHolder}

      <Modal
      open={open}
      title={t('header.cambia_password')}
      okText={t('ui.salva')}
      cancelText={t('ui.annulla')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={closeAsking}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="password_attuale" label={t('password.attuale')} rules={[requiredRule(t, 'password.attuale')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password_nuova" label={t('password.nuova')} rules={[requiredRule(t, 'password.nuova'), { min: PASSWORD_MIN }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="conferma"
          label={t('password.conferma')}
          dependencies={['password_nuova']}
          rules={[
            requiredRule(t, 'password.conferma'),
            ({ getFieldValue }) => ({
              validator: (_r, value) =>
                !value || value === getFieldValue('password_nuova')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validazione.compare', { 0: t('password.conferma'), 1: t('password.nuova') }))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
    </>
  );
}
