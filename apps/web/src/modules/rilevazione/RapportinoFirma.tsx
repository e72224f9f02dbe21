/**
 * The customer signs a saved draft on the screen: their name, an optional e-mail that receives the PDF, and the
 * signature drawn on the pad (or their name typed). "Firma e invia" saves what is still unsaved, uploads the PNG to
 * the file store, then signs: the server checks the image (a PNG, not too large), locks the lines, makes the PDF and
 * mails it. A refusal is said beside the button as well as notified.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { FIRMA_MAX_BYTES, type TRapportinoRow } from '@tulip/contract';
import { OPS_RAPPORTINI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { ApiError, http } from '../../platform/http';
import { translateMessage } from '../../platform/i18n';
import { notifyNegative } from '../../platform/notifications/store';
import { requiredRule } from '../../components/formRules';
import { SignaturePad, signatureRule, type Signature } from '../../components/SignaturePad';

type FirmaValori = { firmatario?: string; email_cliente?: string; firma?: Signature | null };

/** The text of a refusal in the user's language: a field's own reason rather than "invalid data". */
function testoErrore(e: unknown): string | null {
  if (!(e instanceof ApiError)) return null;
  const field = Object.values(e.fields)[0];
  if (e.body.message === 'avvisi.validation' && field) return translateMessage(field);
  return translateMessage(e.body.message, e.body.params);
}

export function RapportinoFirma({ r, primaDiFirmare, onFirmato }: {
  r: TRapportinoRow;
  /** Saves the report's unsaved changes: the version the customer signs, null when they could not be saved. */
  primaDiFirmare: () => Promise<TRapportinoRow | null>;
  onFirmato: (r: TRapportinoRow) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FirmaValori>();
  const [busy, setBusy] = useState(false);
  const [errore, setErrore] = useState<string | null>(null);

  function rifiuta(text: string) {
    setErrore(text);
    notifyNegative(text);
  }

  async function firma() {
    setErrore(null);
    let v: FirmaValori;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const png = v.firma?.png;
    if (!png) return;
    // the server's own checks, said before anything is sent
    if (png.type !== 'image/png') return rifiuta(t('avvisi.firma_non_png'));
    if (png.size > FIRMA_MAX_BYTES) return rifiuta(t('avvisi.firma_troppo_grande', { kb: Math.round(FIRMA_MAX_BYTES / 1024) }));
    setBusy(true);
    try {
      const shown = await primaDiFirmare();
      if (!shown) return;
      const file = await http.upload(png, `firma-rapportino-${r.id}.png`, { notifySuccess: false, notifyError: false });
      const answer = await call(
        OPS_RAPPORTINI.firma,
        { params: { id: r.id }, body: { firma_file_id: file.data.id, firmatario: (v.firmatario ?? '').trim(), email_cliente: v.email_cliente?.trim() || null, versione: shown.versione } },
        { notifyError: false },
      );
      onFirmato(answer.data);
    } catch (e) {
      const text = testoErrore(e);
      if (text) rifiuta(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('rapportino.firma_cliente')} size="small" style={{ marginBottom: 16 }} data-testid="rapportino-firma">
      <Typography.Paragraph type="secondary">{t('rapportino.firma_istruzioni')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark="optional" onFinish={() => void firma()}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="firmatario" label={t('rapportino.firmatario')} rules={[requiredRule(t, 'rapportino.firmatario', { whitespace: true })]}>
              <Input maxLength={120} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email_cliente" label={t('rapportino.email_cliente')} extra={t('rapportino.email_cliente_extra')} rules={[{ type: 'email', message: t('avvisi.email_non_valida') }]}>
              <Input type="email" inputMode="email" maxLength={254} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="firma" label={t('firma.titolo')} rules={[signatureRule(t, 'firma.titolo')]}>
          <SignaturePad disabled={busy} />
        </Form.Item>
        {errore ? <Alert type="error" showIcon title={errore} style={{ marginBottom: 16 }} data-testid="rapportino-firma-errore" /> : null}
        <Button type="primary" size="large" htmlType="submit" icon={<EditOutlined />} loading={busy} data-testid="rapportino-firma-invia">
          {t('rapportino.firma_e_invia')}
        </Button>
      </Form>
    </Card>
  );
}
