/**
 * The signatures of a delivery: the employee's, drawn or typed on the screen, and, when asked, the HR officer's who
 * hands the items out. Each PNG goes to the file store (POST /api/file) as the job report's does, and the delivery
 * keeps its id; a delivery made without the employee's signature is signed later from the list (FirmaModal).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Alert, Checkbox, Form, Modal, Typography, type FormInstance } from 'antd';
import { FIRMA_MAX_BYTES } from '@tulip/contract';
import { OPS_DOTAZIONI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { http } from '../../platform/http';
import { SignaturePad, signatureRule, type Signature } from '../../components/SignaturePad';
import { erroreDi } from './common';

export type FirmeValori = { firma?: Signature | null; firma_incaricato?: Signature | null; con_incaricato?: boolean };

/** A signature the server would refuse (not a PNG, too large), said before anything is sent; null when fine. */
function problemaFirma(s: Signature | null | undefined, t: TFunction): string | null {
  if (!s?.png) return null;
  if (s.png.type !== 'image/png') return t('avvisi.firma_non_png');
  if (s.png.size > FIRMA_MAX_BYTES) return t('avvisi.firma_troppo_grande', { kb: Math.round(FIRMA_MAX_BYTES / 1024) });
  return null;
}

/**
 * Uploads the signatures the form holds and gives their stored ids (null for one not given); throws with the text
 * to show when a signature is refused before or by the store.
 */
export async function caricaFirme(v: FirmeValori, t: TFunction, nome: string): Promise<{ firma: string | null; firma_incaricato: string | null }> {
  const problema = problemaFirma(v.firma, t) ?? (v.con_incaricato ? problemaFirma(v.firma_incaricato, t) : null);
  if (problema) throw new Error(problema);
  const carica = async (s: Signature | null | undefined, chi: string) =>
    s?.png ? (await http.upload(s.png, `firma-${chi}-${nome}.png`, { notifySuccess: false })).data.id : null;
  return {
    firma: await carica(v.firma, 'dipendente'),
    firma_incaricato: v.con_incaricato ? await carica(v.firma_incaricato, 'incaricato') : null,
  };
}

/** The signature pads of a form: the employee's (required unless `facoltativa`) and, when ticked, the officer's. */
export function FirmeFields({ form, facoltativa, disabled }: { form: FormInstance; facoltativa?: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  const conIncaricato = Form.useWatch('con_incaricato', form) as boolean | undefined;
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('dotazioni.dichiarazione')}
      </Typography.Paragraph>
      <div data-testid="firma-dipendente">
        <Form.Item
          name="firma"
          label={t('dotazioni.firma_dipendente')}
          rules={facoltativa ? [] : [signatureRule(t, 'dotazioni.firma_dipendente')]}
          extra={facoltativa ? t('dotazioni.firma_facoltativa') : undefined}
        >
          <SignaturePad disabled={disabled} />
        </Form.Item>
      </div>
      <Form.Item name="con_incaricato" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox disabled={disabled} data-testid="con-incaricato">
          {t('dotazioni.firma_anche_incaricato')}
        </Checkbox>
      </Form.Item>
      {conIncaricato ? (
        <div data-testid="firma-incaricato">
          <Form.Item name="firma_incaricato" label={t('dotazioni.firma_incaricato')} rules={[signatureRule(t, 'dotazioni.firma_incaricato')]}>
            <SignaturePad disabled={disabled} />
          </Form.Item>
        </div>
      ) : null}
    </>
  );
}

/** The employee signs a delivery made without their signature: the verbale is made again with it. */
export function FirmaModal({ consegnaId, nome, onClose, onDone }: { consegnaId: number | null; nome: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FirmeValori>();
  const [busy, setBusy] = useState(false);
  const [errore, setErrore] = useState<string | null>(null);

  async function firma() {
    setErrore(null);
    let v: FirmeValori;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const ids = await caricaFirme(v, t, String(consegnaId));
      await call(OPS_DOTAZIONI.firma, { params: { id: consegnaId! }, body: { firma: ids.firma!, firma_incaricato: ids.firma_incaricato } });
      form.resetFields();
      onDone();
    } catch (e) {
      setErrore(erroreDi(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={consegnaId !== null}
      title={t('dotazioni.firma_consegna_di', { nome })}
      okText={t('dotazioni.firma_conferma')}
      cancelText={t('ui.annulla')}
      onOk={() => void firma()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'firma-conferma' } as never}
      destroyOnHidden
      width={680}
    >
      <Form form={form} layout="vertical" data-testid="firma-form">
        <FirmeFields form={form} disabled={busy} />
      </Form>
      {errore ? <Alert type="error" showIcon title={errore} /> : null}
    </Modal>
  );
}
