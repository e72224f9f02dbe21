/**
 * A line of an expense note, added or changed in a drawer that works on a 390 px phone (issue #16): the type decides
 * the fields (mileage: km and own car; anything else: amount in its currency and payment), the receipt is a photo
 * taken with the phone's camera or a file uploaded, and the server answers the line split by the tax rules.
 */
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Button, Checkbox, Col, DatePicker, Drawer, Form, Grid, Input, Row, Select, Space, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { SOLO_IN_TRASFERTA, ZRigaSpesa } from '@tulip/contract';
import { OPS_FILES, OPS_SPESE, RES_COMMESSE } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { dayjs, UI_DATE, type Dayjs } from '../../platform/formats';
import { http } from '../../platform/http';
import { notifyNegative } from '../../platform/notifications/store';
import { useSession } from '../../platform/session';
import { FileField } from '../../components/FileField';
import { fileProblem } from '../../components/fileChecks';
import { LookupSelect } from '../../components/LookupSelect';
import { currencySymbol, isInvalidMoney, type InvalidMoney } from '../../components/money';
import { requiredRule } from '../../components/formRules';
import { useCloseGuard } from '../../components/useCloseGuard';
import { useZodSubmit } from '../../components/useZodSubmit';
import { formatKm, formatMinor, parseKm, parseMinor } from './importi';
import { type Nota, type Riga, type Riferimenti } from './common';

const ACCEPT = 'image/jpeg,image/png,application/pdf';

export type ImportoValue = number | null | InvalidMoney;

/** An amount typed in its currency's decimals ("45,90", "1.500" yen); its value is the integer minor units. */
export function ImportoInput({ value, onChange, valuta, decimali, id, onBlur, ...rest }: {
  value?: ImportoValue; onChange?: (v: ImportoValue) => void; valuta: string; decimali: number; id?: string; onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  'aria-describedby'?: string; 'aria-invalid'?: boolean;
}) {
  const textOf = (v: ImportoValue | undefined) => (isInvalidMoney(v) ? v.invalidMoney : typeof v === 'number' ? formatMinor(v, decimali) : '');
  const [text, setText] = useState(() => textOf(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (!isInvalidMoney(value) && parseMinor(text, decimali, valuta) !== (value ?? null)) setText(textOf(value));
  }
  const settle = () => {
    const n = parseMinor(text, decimali, valuta);
    if (n === undefined) return onChange?.({ invalidMoney: text.trim() });
    setText(textOf(n));
    if (n !== (value ?? null)) onChange?.(n);
  };
  return (
    <Input
      {...rest}
      id={id}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      suffix={valuta === 'EUR' ? '€' : currencySymbol(valuta)}
      styles={{ input: { textAlign: 'right' } }}
      onChange={(e) => {
        setText(e.target.value);
        const n = parseMinor(e.target.value, decimali, valuta);
        if (n !== undefined) onChange?.(n);
      }}
      onBlur={(e) => {
        settle();
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') settle();
      }}
    />
  );
}

/**
 * The receipt: the app's file field (upload, preview, remove) and, beside it, the phone's camera
 * (`capture="environment"`), both through the file store; a saved receipt is read through the note's own route.
 */
function RicevutaField({ value, onChange, id, notaId, rigaId, label }: { value?: string | null; onChange?: (v: string | null) => void; id?: string; notaId: number; rigaId?: number; label: string }) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const taken = useRef(new Set<string>());
  const [busy, setBusy] = useState(false);
  const read = (fid: string) =>
    taken.current.has(fid) || !rigaId ? download(OPS_FILES.leggi, { params: { id: fid } }) : download(OPS_SPESE.ricevuta, { params: { id: notaId, riga: rigaId } });
  async function photo(file: File | undefined) {
    if (!file) return;
    const problem = fileProblem(file, ACCEPT);
    if (problem) return notifyNegative(t(problem.key, problem.params));
    setBusy(true);
    try {
      const a = await http.upload(file, file.name || 'ricevuta.jpg', { notifySuccess: false });
      taken.current.add(a.data.id);
      onChange?.(a.data.id);
    } catch {
      /* notified */
    } finally {
      setBusy(false);
      if (camera.current) camera.current.value = '';
    }
  }
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Button icon={<CameraOutlined />} loading={busy} onClick={() => camera.current?.click()} data-testid="ricevuta-foto">
        {t('spese.scatta_foto')}
      </Button>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        className="tl-spese-hidden-input"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="ricevuta-camera"
        onChange={(e) => void photo(e.target.files?.[0])}
      />
      <FileField
        id={id}
        value={value}
        onChange={(v) => onChange?.(v)}
        label={label}
        accept={`${ACCEPT},image/*`}
        read={read}
        uploadText="spese.carica_ricevuta"
        hint="spese.ricevuta_hint"
        previewTestId="ricevuta-anteprima"
      />
    </Space>
  );
}

type Values = {
  data?: Dayjs;
  tipo_spesa?: string;
  importo?: ImportoValue;
  valuta: string;
  tipo_pagamento?: string;
  documentata: boolean;
  estero: boolean;
  file_id?: string | null;
  km?: string;
  veicolo_id?: number;
  da?: string;
  a?: string;
  descrizione?: string;
  commessa_id?: number | null;
};
const FIELDS = ['data', 'tipo_spesa', 'importo', 'valuta', 'tipo_pagamento', 'documentata', 'estero', 'file_id', 'km', 'veicolo_id', 'da', 'a', 'descrizione', 'commessa_id'] as const;

/** The day a new line starts on: today within the trip, else the trip's first day. */
function giornoIniziale(nota: Nota): Dayjs {
  const oggi = dayjs().format('YYYY-MM-DD');
  const tr = nota.trasferta;
  if (!tr || (oggi >= tr.dal && oggi <= tr.al)) return dayjs(oggi);
  return dayjs(oggi > tr.al ? tr.al : tr.dal);
}

export function RigaDrawer({ open, nota, riga, rif, onClose, onSaved }: { open: boolean; nota: Nota; riga: Riga | null; rif?: Riferimenti; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { defs } = useSession();
  const [form] = Form.useForm<Values>();
  const [closeAsking, closeHolder] = useCloseGuard(form, onClose, open);
  const { saving, submit } = useZodSubmit(form, { fields: FIELDS, messageFields: { 'avvisi.km_richiesti': 'km', 'avvisi.veicolo_non_proprio': 'veicolo_id', 'avvisi.data_fuori_trasferta': 'data', 'avvisi.diaria_doppia': 'data', 'avvisi.cambio_mancante': 'valuta', 'avvisi.costo_km_mancante': 'veicolo_id', 'avvisi.importo_richiesto': 'importo', 'avvisi.tipo_pagamento_richiesto': 'tipo_pagamento', 'avvisi.spesa_estero_comune_sede': 'estero' } });
  const tipoCodice = Form.useWatch('tipo_spesa', form);
  const valuta = Form.useWatch('valuta', form) ?? 'EUR';
  const pagamentoCodice = Form.useWatch('tipo_pagamento', form);
  // an attached receipt documents the line: the box shows what will be stored (ticked, and fixed while it is attached)
  const ricevuta = Form.useWatch('file_id', form);
  useEffect(() => {
    if (ricevuta) form.setFieldValue('documentata', true);
  }, [ricevuta, form]);
  const pagamento = rif?.tipi_pagamento.find((p) => p.codice === pagamentoCodice);
  const tipo = rif?.tipi_spesa.find((x) => x.codice === tipoCodice);
  const km = tipo?.categoria === 'CHILOMETRICO';
  const decimali = rif?.valute.find((v) => v.codice === valuta)?.decimali ?? 2;
  const tr = nota.trasferta;
  // where it is paid: not asked within the municipality (Italy), without a trip, or of the allowance (paid with the salary)
  const chiediEstero = !!tr && !tr.comune_sede && tipo?.categoria !== 'DIARIA';
  // what the note allows: the trip's categories only on a trip, no diaria in the analytic regime
  const tipi = (rif?.tipi_spesa ?? []).filter((x) => (tr ? !(x.categoria === 'DIARIA' && tr.regime === 'analitico') : !SOLO_IN_TRASFERTA.includes(x.categoria)));
  const veicoli = (rif?.veicoli ?? []).filter((v) => v.dipendente_id === nota.dipendente_id);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      riga
        ? {
            data: dayjs(riga.data), tipo_spesa: riga.tipo_spesa, importo: riga.importo, valuta: riga.valuta, tipo_pagamento: riga.tipo_pagamento ?? undefined,
            documentata: riga.documentata, estero: riga.estero, file_id: riga.file_id, km: formatKm(riga.km), veicolo_id: riga.veicolo_id ?? undefined, da: riga.da ?? '', a: riga.a ?? '',
            descrizione: riga.descrizione ?? '', commessa_id: riga.commessa_id,
          }
        : { data: giornoIniziale(nota), valuta: 'EUR', documentata: false, estero: !!nota.trasferta?.estero, file_id: null, veicolo_id: veicoli.length === 1 ? veicoli[0].id : undefined, commessa_id: null },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, riga]);

  const toBody = (v: Values): Record<string, unknown> => {
    const common = {
      data: v.data?.format('YYYY-MM-DD'), tipo_spesa: v.tipo_spesa, documentata: !!v.documentata || !!v.file_id, file_id: v.file_id ?? null,
      descrizione: v.descrizione?.trim() || null, commessa_id: v.commessa_id ?? null,
      ...(chiediEstero ? { estero: !!v.estero } : {}),
    };
    if (km) return { ...common, km: v.km ? (parseKm(v.km) ?? v.km) : undefined, veicolo_id: v.veicolo_id, da: v.da?.trim() || null, a: v.a?.trim() || null };
    return { ...common, importo: typeof v.importo === 'number' ? v.importo : undefined, valuta: v.valuta, tipo_pagamento: v.tipo_pagamento };
  };

  const save = () =>
    submit(ZRigaSpesa, toBody, async (body) => {
      if (riga) await call(OPS_SPESE.modificaRiga, { params: { id: nota.id, riga: riga.id }, body });
      else await call(OPS_SPESE.aggiungiRiga, { params: { id: nota.id }, body });
      onSaved();
    });

  return (
    <Drawer
      open={open}
      onClose={closeAsking}
      size={screens.sm ? 560 : '100%'}
      title={t(riga ? 'spese.modifica_riga' : 'spese.nuova_riga')}
      forceRender
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={closeAsking}>{t('ui.annulla')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="riga-salva">
            {t('ui.salva')}
          </Button>
        </Space>
      }
    >
      {closeHolder}
      <Form form={form} layout="vertical" name="riga-spesa" data-testid="riga-form" onFinish={() => void save()}>
        <Row gutter={12}>
          <Col xs={24} sm={10}>
            <Form.Item name="data" label={t('spese.data')} rules={[requiredRule(t, 'spese.data')]}>
              <DatePicker
                format={UI_DATE}
                style={{ width: '100%' }}
                allowClear={false}
                inputReadOnly={!screens.md}
                disabledDate={tr ? (d) => d.format('YYYY-MM-DD') < tr.dal || d.format('YYYY-MM-DD') > tr.al : undefined}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item name="tipo_spesa" label={t('spese.tipo')} rules={[requiredRule(t, 'spese.tipo')]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('ui.seleziona')}
                notFoundContent={t('ui.nessun_dato')}
                options={tipi.map((x) => ({ value: x.codice, label: x.descrizione }))}
                data-testid="riga-tipo"
                onChange={(c: string) => {
                  // a daily allowance is paid with the salary: a bank transfer unless said otherwise
                  const cat = rif?.tipi_spesa.find((x) => x.codice === c)?.categoria;
                  if (cat === 'DIARIA' && !form.getFieldValue('tipo_pagamento') && rif?.tipi_pagamento.some((p) => p.codice === 'BONIFICO')) form.setFieldValue('tipo_pagamento', 'BONIFICO');
                }}
              />
            </Form.Item>
          </Col>
        </Row>
        {tipo?.massimale ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
            {t(tipo.massimale_per === 'giorno' ? 'spese.massimale_giorno' : 'spese.massimale_voce', { importo: formatMinor(tipo.massimale, 2) })}
          </Typography.Paragraph>
        ) : null}
        {km ? (
          <>
            <Row gutter={12}>
              <Col xs={10} sm={8}>
                <Form.Item
                  name="km"
                  label={t('spese.km')}
                  rules={[requiredRule(t, 'spese.km'), { validator: (_r, v: string) => (!v || parseKm(v) ? Promise.resolve() : Promise.reject(new Error(t('spese.km_non_validi')))) }]}
                >
                  <Input inputMode="decimal" autoComplete="off" suffix="km" />
                </Form.Item>
              </Col>
              <Col xs={14} sm={16}>
                <Form.Item name="veicolo_id" label={t('spese.veicolo')} rules={[requiredRule(t, 'spese.veicolo')]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder={t('ui.seleziona')}
                    notFoundContent={t('spese.nessun_veicolo')}
                    options={veicoli.map((v) => ({ value: v.id, label: `${v.targa} · ${v.descrizione}` }))}
                  />
                </Form.Item>
              </Col>
            </Row>
            {!veicoli.length ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('spese.nessun_veicolo_testo')}
                action={defs.routes.includes('veicoli') ? <Link to="/veicoli">{t('spese.registra_veicolo')}</Link> : undefined}
              />
            ) : null}
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="da" label={t('spese.da')}>
                  <Input maxLength={120} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="a" label={t('spese.a')}>
                  <Input maxLength={120} />
                </Form.Item>
              </Col>
            </Row>
          </>
        ) : (
          <>
            <Row gutter={12}>
              <Col xs={14} sm={12}>
                <Form.Item
                  name="importo"
                  label={t('spese.importo')}
                  rules={[
                    requiredRule(t, 'spese.importo'),
                    { validator: (_r, v: unknown) => (isInvalidMoney(v) ? Promise.reject(new Error(t('spese.importo_non_valido', { decimali }))) : Promise.resolve()) },
                  ]}
                >
                  <ImportoInput valuta={valuta} decimali={decimali} />
                </Form.Item>
              </Col>
              <Col xs={10} sm={12}>
                <Form.Item name="valuta" label={t('spese.valuta')}>
                  <Select options={(rif?.valute ?? [{ codice: 'EUR' }]).map((v) => ({ value: v.codice, label: v.codice }))} showSearch={{ optionFilterProp: 'label' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="tipo_pagamento"
              label={t('spese.pagamento')}
              rules={[requiredRule(t, 'spese.pagamento')]}
              extra={pagamento?.pagata_azienda ? t('spese.pagata_azienda_hint') : pagamento && !pagamento.tracciabile ? t('spese.contanti_hint') : undefined}
            >
              <Select
                placeholder={t('ui.seleziona')}
                options={(rif?.tipi_pagamento ?? []).map((p) => ({ value: p.codice, label: p.descrizione }))}
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="riga-pagamento"
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="file_id" label={t('spese.ricevuta')} extra={tipo?.ricevuta_obbligatoria ? t('spese.ricevuta_obbligatoria') : undefined}>
          <RicevutaField notaId={nota.id} rigaId={riga?.id} label={t('spese.ricevuta')} />
        </Form.Item>
        {km ? null : (
          <Form.Item name="documentata" valuePropName="checked" extra={t('spese.documentata_hint')}>
            <Checkbox data-testid="riga-documentata" disabled={!!ricevuta}>
              {t('spese.documentata_label')}
            </Checkbox>
          </Form.Item>
        )}
        {chiediEstero ? (
          <Form.Item name="estero" valuePropName="checked" extra={t('spese.estero_riga_hint')}>
            <Checkbox data-testid="riga-estero">{t('spese.estero_riga')}</Checkbox>
          </Form.Item>
        ) : null}
        <Form.Item name="descrizione" label={t('spese.descrizione')} extra={km ? t('spese.motivo_km_hint') : undefined}>
          <Input.TextArea rows={2} maxLength={300} />
        </Form.Item>
        <Form.Item name="commessa_id" label={t('spese.commessa')} extra={tr?.commessa_codice ? t('spese.commessa_trasferta', { codice: tr.commessa_codice }) : undefined}>
          <LookupSelect path={RES_COMMESSE.path} numeric />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
