/**
 * "Ingresso con codice" at the desk: the visitor registered on the public page shows a code (or its QR,
 * which a keyboard-wedge scanner types followed by Enter); the desk finds the visit, checks the document
 * and lets the visitor in.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Row, Space, Typography, type InputRef } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { formatCodiceVisita, normalizeCodiceVisita, ZIngressoAutorizzato, type TAutorizzazioneCodice } from '@tulip/contract';
import { OPS_VISITE, RES_TIPI_VISITATORE } from '@tulip/contract/wire';
import { call, listOf } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { formatDateTime } from '../../platform/formats';
import { formBody, useZodSubmit } from '../../components/useZodSubmit';
import { DocumentoBadgeFields } from './CampiDocumento';
import { ApprovazioneTag, giorniDi, orarioDi, StatoTag, TipoAutTag } from './AutorizzazioniPage';
import { visitatoreDi } from './api';

type Values = { documento_tipo?: string; documento_numero?: string; badge?: string };
const CAMPI: (keyof Values)[] = ['documento_tipo', 'documento_numero', 'badge'];

/** Mounted only while open, so every opening starts from an empty code. */
function IngressoCodiceModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const inputRef = useRef<InputRef>(null);
  const [testo, setTesto] = useState('');
  const [errore, setErrore] = useState<string | null>(null);
  const [cercando, setCercando] = useState(false);
  const [trovato, setTrovato] = useState<TAutorizzazioneCodice | null>(null);
  const [codice, setCodice] = useState<string | null>(null);
  const { saving, submit } = useZodSubmit(form, { fields: CAMPI, messageFields: { 'avvisi.badge_in_uso': 'badge' } });

  // Desk reminders of the type and the required fields of the parameters: read when allowed.
  const tipi = useQuery({
    queryKey: ['visite', 'tipi-flag'],
    queryFn: () => listOf(RES_TIPI_VISITATORE, { page: 1, size: 1000 }, { notifyError: false }),
    staleTime: 60_000,
    retry: false,
    select: (a) => (Array.isArray(a?.rows) ? a.rows : []),
  });
  const parametri = useQuery({
    queryKey: ['visite', 'parametri'],
    queryFn: () => call(OPS_VISITE.parametri, {}, { notifyError: false }),
    staleTime: 60_000,
    retry: false,
  });
  const obbligatori = new Set<string>(
    (Array.isArray(parametri.data?.campi_obbligatori) ? parametri.data.campi_obbligatori : []).filter((c) => CAMPI.includes(c as keyof Values)),
  );
  const tipo = trovato ? tipi.data?.find((x) => x.id === trovato.tipo_id) : undefined;

  function altro() {
    setTrovato(null);
    setCodice(null);
    setTesto('');
    setErrore(null);
    form.resetFields();
    setTimeout(() => inputRef.current?.focus(), 0);
  }

  async function cerca() {
    if (cercando) return;
    const c = normalizeCodiceVisita(testo);
    if (!c) {
      setErrore(t('avvisi.codice_non_valido'));
      inputRef.current?.focus({ cursor: 'all' });
      return;
    }
    setErrore(null);
    setCercando(true);
    try {
      const a = await call(OPS_VISITE.codice, { params: { codice: c } });
      setCodice(c);
      setTrovato(a);
    } catch (e) {
      // notified; the field stays selected for the next scan
      if (e instanceof ApiError && (e.status === 400 || e.status === 404)) setErrore(t(e.fields.codice ?? e.body.message));
      inputRef.current?.focus({ cursor: 'all' });
    } finally {
      setCercando(false);
    }
  }

  const conferma = async () => {
    if (!codice || !trovato) return;
    await submit(
      ZIngressoAutorizzato,
      (v) => formBody(v, CAMPI),
      async (data) => {
        await call(OPS_VISITE.ingressoCodice, { params: { codice }, body: data });
        await qc.invalidateQueries({ queryKey: ['visite'] });
        onClose();
      },
    );
  };

  const footer = trovato ? (
    <Space wrap style={{ justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>{t('ui.annulla')}</Button>
      <Button onClick={altro} data-testid="codice-altro">
        {t('visite.cod_altro')}
      </Button>
      <Button type="primary" loading={saving} onClick={() => void conferma()} data-testid="codice-conferma">
        {t('visite.registra_ingresso')}
      </Button>
    </Space>
  ) : (
    <Space wrap style={{ justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>{t('ui.annulla')}</Button>
      <Button type="primary" loading={cercando} onClick={() => void cerca()} data-testid="codice-cerca">
        {t('visite.cod_cerca')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open
      title={trovato ? t('visite.aut_ingresso_titolo', { nome: visitatoreDi(trovato) }) : t('visite.cod_ingresso')}
      onCancel={onClose}
      footer={footer}
      afterOpenChange={(o) => o && !trovato && inputRef.current?.focus()}
      destroyOnHidden
      width={760}
    >
      <div data-testid="codice-modal">
        {trovato ? (
          <>
            <div data-testid="codice-visita">
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                bordered
                styles={{ label: { whiteSpace: 'nowrap' } }}
                style={{ marginBottom: 16 }}
                items={[
                  { key: 'visitatore', label: t('visite.visitatore'), span: 'filled', children: <strong>{visitatoreDi(trovato)}</strong> },
                  { key: 'azienda', label: t('visite.azienda'), children: trovato.azienda ?? '' },
                  { key: 'telefono', label: t('visite.telefono'), children: trovato.telefono ?? '' },
                  { key: 'tipo', label: t('visite.tipo'), children: <TipoAutTag a={trovato} /> },
                  { key: 'motivo', label: t('visite.motivo'), children: trovato.motivo_descrizione ?? '' },
                  { key: 'referente', label: t('visite.referente'), children: trovato.referente_nome ?? '' },
                  { key: 'giorni', label: t('visite.aut_giorni'), children: <span style={{ whiteSpace: 'nowrap' }}>{`${giorniDi(trovato)} ${orarioDi(trovato)}`}</span> },
                  {
                    key: 'stato',
                    label: t('visite.aut_stato'),
                    children: (
                      <Space size={4} wrap>
                        <StatoTag a={trovato} />
                        <ApprovazioneTag a={trovato} />
                      </Space>
                    ),
                  },
                  { key: 'codice', label: t('visite.link_codice'), children: <Typography.Text code>{formatCodiceVisita(codice ?? '')}</Typography.Text> },
                  { key: 'registrato', label: t('visite.cod_registrato_il'), span: 'filled', children: formatDateTime(trovato.compilato_il) },
                ]}
              />
            </div>
            {!trovato.puo_entrare ? (
              <Alert type="error" showIcon title={t('visite.cod_non_puo_entrare')} style={{ marginBottom: 16 }} data-testid="codice-non-puo-entrare" />
            ) : null}
            {tipo && (tipo.briefing_sicurezza || tipo.accompagnamento || tipo.dpi_richiesti) ? (
              <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
                {tipo.briefing_sicurezza ? <Alert type="warning" showIcon title={t('visite.avviso_briefing')} /> : null}
                {tipo.accompagnamento ? <Alert type="info" showIcon title={t('visite.avviso_accompagnamento')} /> : null}
                {tipo.dpi_richiesti ? <Alert type="warning" showIcon title={t('visite.avviso_dpi')} /> : null}
              </Space>
            ) : null}
            <Form form={form} name="ingresso-codice" layout="vertical" onFinish={() => void conferma()} data-testid="codice-form">
              <Row gutter={16}>
                <DocumentoBadgeFields obbligatori={obbligatori} />
              </Row>
              <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
            </Form>
          </>
        ) : (
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('visite.cod_codice')}
              htmlFor="ingresso-codice-input"
              validateStatus={errore ? 'error' : undefined}
              help={errore ?? t('visite.cod_codice_extra')}
            >
              <Input
                id="ingresso-codice-input"
                ref={inputRef}
                size="large"
                autoFocus
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                prefix={<QrcodeOutlined />}
                placeholder="XXXX-XXXX"
                value={testo}
                onChange={(e) => {
                  setTesto(e.target.value.toUpperCase());
                  setErrore(null);
                }}
                onPressEnter={(e) => {
                  e.preventDefault();
                  void cerca();
                }}
                style={{ fontFamily: 'monospace', letterSpacing: '0.08em' }}
                data-testid="codice-input"
              />
            </Form.Item>
          </Form>
        )}
      </div>
    </Modal>
  );
}

/** The "Ingresso con codice" button of the register and its modal. */
export function IngressoCodiceButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<QrcodeOutlined />} onClick={() => setOpen(true)} data-testid="ingresso-codice">
        {t('visite.cod_ingresso')}
      </Button>
      {open ? <IngressoCodiceModal onClose={() => setOpen(false)} /> : null}
    </>
  );
}
