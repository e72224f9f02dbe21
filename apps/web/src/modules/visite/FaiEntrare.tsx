/** "Fai entrare": checks an expected visitor in from its authorisation (list of authorisations, "Attesi oggi"). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Modal, Row } from 'antd';
import { DocumentoBadgeFields } from './CampiDocumento';
import { LoginOutlined } from '@ant-design/icons';
import { ZIngressoAutorizzato, type TAutorizzazioneVisita } from '@tulip/contract';
import { OPS_VISITE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formBody, useZodSubmit } from '../../components/useZodSubmit';
import { visitatoreDi } from './api';
import { requiredRule } from '../../components/formRules';
import { useCloseGuard } from '../../components/useCloseGuard';

type Values = { nome?: string; cognome?: string; documento_tipo?: string; documento_numero?: string; badge?: string };
const CAMPI: (keyof Values)[] = ['nome', 'cognome', 'documento_tipo', 'documento_numero', 'badge'];

function IngressoModal({ aut, onClose }: { aut: TAutorizzazioneVisita | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [closeAsking, closeHolder] = useCloseGuard(form, onClose);
  const { saving, submit } = useZodSubmit(form, { fields: CAMPI, messageFields: { 'avvisi.badge_in_uso': 'badge' } });
  // An authorisation for a company only: the desk writes down who actually came.
  const senzaNome = !!aut && !aut.cognome?.trim();

  useEffect(() => {
    if (aut) {
      form.resetFields();
      form.setFieldsValue({ nome: aut.nome ?? undefined, cognome: aut.cognome ?? undefined });
    }
  }, [aut, form]);

  const save = async () => {
    if (!aut) return;
    await submit(
      ZIngressoAutorizzato,
      (v) => {
        const body = formBody(v, CAMPI);
        // the name of the authorisation is the default of the server: sent only when changed
        for (const k of ['nome', 'cognome'] as const) if (body[k] === (aut[k] ?? '').trim()) delete body[k];
        return body;
      },
      async (data) => {
        await call(OPS_VISITE.ingressoAutorizzato, { params: { id: aut.id }, body: data });
        await qc.invalidateQueries({ queryKey: ['visite'] });
        onClose();
      },
    );
  };

  return (
    <>

      {closeHolder}

      <Modal
      open={!!aut}
      title={aut ? t('visite.aut_ingresso_titolo', { nome: visitatoreDi(aut) }) : ''}
      onCancel={closeAsking}
      onOk={() => void save()}
      okText={t('visite.registra_ingresso')}
      cancelText={t('ui.annulla')}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} name="ingresso-autorizzato" layout="vertical" onFinish={() => void save()} data-testid="autorizzazione-ingresso-form">
        <Row gutter={16}>
          {senzaNome ? (
            <>
              <Col xs={24} sm={12}>
                <Form.Item name="nome" label={t('visite.nome')} rules={[requiredRule(t, 'visite.nome')]}>
                  <Input maxLength={80} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="cognome" label={t('visite.cognome')} rules={[requiredRule(t, 'visite.cognome')]}>
                  <Input maxLength={80} autoComplete="off" />
                </Form.Item>
              </Col>
            </>
          ) : null}
          <DocumentoBadgeFields />
        </Row>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
    </>
  );
}

/** The "Fai entrare" button and its modal; shown by the callers only when `puo_entrare` and the user is the desk. */
export function FaiEntrareButton({ aut }: { aut: TAutorizzazioneVisita }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TAutorizzazioneVisita | null>(null);
  return (
    <>
      <Button size="small" type="primary" icon={<LoginOutlined />} data-testid="autorizzazione-ingresso" onClick={() => setOpen(aut)}>
        {t('visite.aut_fai_entrare')}
      </Button>
      {open ? <IngressoModal aut={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
