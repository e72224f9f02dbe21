/**
 * "Genera documenti" (issue #18): in steps, whom the documents are for (an employee, or a new hire entered here), the
 * contract's data (prefilled from the employee's latest contract row, each field an override for these documents
 * only), the templates, then the transparency check and the preview. "Genera" is enabled only when the check finds
 * nothing missing; the server checks again and its 400 shows the same checklist. The documents produced are listed
 * with their DOCX, PDF and SHA-256, and can be sent to the employee by e-mail.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert, Button, Card, Checkbox, Col, DatePicker, Empty, Form, Input, InputNumber, Radio, Row, Select, Space, Spin, Steps, Switch, Table, Tag, Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined, ArrowRightOutlined, FileDoneOutlined, FolderOpenOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  DISTRIBUZIONI_PART_TIME, provaMassima, QUALIFICHE, TIPI_CONTRATTO, ZDatiDocumento, ZNuovoDipendente, type TContrattoRow, type TDatiDocumento, type TDocumentoRow,
  type TModelloRow, type TNuovoDipendente, type TOrarioPartTime,
} from '@tulip/contract';
import { OPS_CONTRATTI, RES_DIPENDENTI, RES_MANSIONI, RES_MODELLI, RES_REPARTI, RES_SEDI } from '@tulip/contract/wire';
import { call, listOf } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { dayjs, formatDate, fromWire, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { notifyPositive } from '../../platform/notifications/store';
import { useInvalidateResource } from '../../platform/queries';
import { DipendenteSelect } from '../../components/people';
import { LookupSelect } from '../../components/LookupSelect';
import { MoneyField, moneyRule, type MoneyValue } from '../../components/MoneyField';
import { requiredRule } from '../../components/formRules';
import { issuesToFields } from '../../components/zodForm';
import { tableFit } from '../../components/tableFit';
import { useCcnl } from './common';
import { OrarioPartTimeField } from './OrarioPartTime';
import { Anteprime, Checklist, type Anteprima, type Esito } from './StipulazioneVerifica';
import { DocumentoFile, InviaDocumenti, Sha } from './FascicoloDocumenti';

type Valori = {
  chi: 'esistente' | 'nuovo';
  dipendente_id?: number;
  matricola?: string; cognome?: string; nome?: string; codice_fiscale?: string; email?: string; reparto_id?: number | null;
  ccnl_id?: number; livello?: string; qualifica?: string; tipo_contratto?: string; data_inizio?: Dayjs | null; data_fine?: Dayjs | null; causale?: string;
  part_time?: boolean; percentuale_part_time?: number | null; distribuzione_part_time?: string | null; orario_part_time?: TOrarioPartTime | null;
  /** The employee's contract row the documents are about. */
  contratto_id?: number | null;
  estero?: { paese?: string; dal?: Dayjs | null; al?: Dayjs | null; valuta?: string; prestazioni?: string; rimpatrio?: string; distacco?: boolean; retribuzione_ospitante?: string; indennita_rimborsi?: string; sito_istituzionale?: string };
  prova?: 'giorni' | 'ccnl' | 'nessuno'; periodo_prova_giorni?: number | null;
  sede_id?: number | null; mansione_id?: number | null; luogo_non_fisso?: string | null; superminimo?: MoneyValue; residenza?: string;
  data_documento?: Dayjs | null; luogo_documento?: string;
  modello_ids?: number[];
};

const PASSI = ['dipendente', 'contratto', 'modelli', 'verifica'] as const;
const CAMPI_NUOVO = ['matricola', 'cognome', 'nome', 'codice_fiscale', 'email', 'reparto_id'] as const;
const CAMPI_DATI = [
  'contratto_id', 'ccnl_id', 'livello', 'qualifica', 'tipo_contratto', 'data_inizio', 'data_fine', 'causale', 'part_time', 'percentuale_part_time', 'distribuzione_part_time',
  'orario_part_time', 'prova', 'periodo_prova_giorni', 'sede_id', 'mansione_id', 'luogo_non_fisso', 'superminimo', 'residenza', 'data_documento', 'luogo_documento',
] as const;
/** The step where each item of the checklist is filled in. */
const PASSO_DI: Record<string, number> = {
  lavoratore_nominativo: 0, lavoratore_codice_fiscale: 0,
  lavoratore_residenza: 1, luogo_lavoro: 1, livello: 1, qualifica: 1, mansione: 1, data_inizio: 1, tipo_contratto: 1, data_fine: 1, causale: 1, part_time: 1, part_time_collocazione: 1, periodo_prova: 1, ccnl: 1,
};

/** The start a document states for an employee's row: his hiring date, or the start of a fixed-term contract (never a level change's date). */
const inizioDi = (r: TContrattoRow, assunzione: string | undefined) => (r.tipo_contratto === 'determinato' ? r.dal : (assunzione ?? r.dal));

/** The items of work abroad (D.Lgs 152/1997 art. 2) as the wire wants them, or null when none is filled in. */
function esteroDi(v: Valori): TDatiDocumento['estero'] {
  const e = v.estero;
  if (!e || !Object.values(e).some((x) => (typeof x === 'string' ? x.trim() : x))) return null;
  return {
    paese: testo(e.paese), dal: toWireDate(e.dal), al: toWireDate(e.al), valuta: testo(e.valuta), prestazioni: testo(e.prestazioni), rimpatrio: testo(e.rimpatrio),
    distacco: !!e.distacco, retribuzione_ospitante: testo(e.retribuzione_ospitante), indennita_rimborsi: testo(e.indennita_rimborsi), sito_istituzionale: testo(e.sito_istituzionale),
  };
}

const testo = (s: string | undefined) => (s?.trim() ? s.trim() : null);

function datiDi(v: Valori): TDatiDocumento {
  const determinato = v.tipo_contratto === 'determinato';
  return {
    ccnl_id: v.ccnl_id ?? null,
    livello: v.livello ?? null,
    qualifica: (v.qualifica as TDatiDocumento['qualifica']) ?? null,
    tipo_contratto: (v.tipo_contratto as TDatiDocumento['tipo_contratto']) ?? null,
    data_inizio: toWireDate(v.data_inizio),
    data_fine: determinato ? toWireDate(v.data_fine) : null,
    causale: determinato ? testo(v.causale) : null,
    part_time: !!v.part_time,
    percentuale_part_time: v.part_time ? (v.percentuale_part_time ?? null) : null,
    distribuzione_part_time: v.part_time ? ((v.distribuzione_part_time as TDatiDocumento['distribuzione_part_time']) ?? null) : null,
    orario_part_time: v.part_time && v.orario_part_time?.giorni.length ? v.orario_part_time : null,
    contratto_id: v.chi === 'esistente' ? (v.contratto_id ?? null) : null,
    estero: esteroDi(v),
    periodo_prova_giorni: v.prova === 'giorni' ? (v.periodo_prova_giorni ?? null) : null,
    periodo_prova: v.prova === 'ccnl' || v.prova === 'nessuno' ? v.prova : null,
    sede_id: v.sede_id ?? null,
    mansione_id: v.mansione_id ?? null,
    luogo_non_fisso: (v.luogo_non_fisso as TDatiDocumento['luogo_non_fisso']) ?? null,
    superminimo: typeof v.superminimo === 'number' ? v.superminimo : null,
    residenza: testo(v.residenza),
    data_documento: toWireDate(v.data_documento),
    luogo_documento: testo(v.luogo_documento),
  };
}

function nuovoDi(v: Valori): Record<string, unknown> {
  return {
    matricola: v.matricola?.trim() ?? '', cognome: v.cognome?.trim() ?? '', nome: v.nome?.trim() ?? '', codice_fiscale: v.codice_fiscale?.trim() ?? '',
    email: testo(v.email), reparto_id: v.reparto_id ?? null,
  };
}

/** Whom a template is for: empty, or the contract's type, or part-time. */
const adatto = (m: TModelloRow, tipo: string | undefined, partTime: boolean) =>
  !m.tipi_contratto.length || (!!tipo && (m.tipi_contratto as string[]).includes(tipo)) || (partTime && m.tipi_contratto.includes('part_time'));

/** What the check was made of: a change to any of it asks for a new check. */
const firmaDi = (v: Valori | undefined) =>
  v ? JSON.stringify([v.chi, v.chi === 'nuovo' ? nuovoDi(v) : v.dipendente_id, datiDi(v), v.modello_ids ?? []]) : '';

type Generati = { dipendente_id: number; email: string | null; documenti: TDocumentoRow[] };

export function GeneraTab({ sistemi }: { sistemi: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Valori>();
  const [passo, setPasso] = useState(0);
  const [anteprima, setAnteprima] = useState<Anteprima | null>(null);
  const [verificando, setVerificando] = useState(false);
  const [generando, setGenerando] = useState(false);
  const [generati, setGenerati] = useState<Generati | null>(null);
  /** The data the preview was made from: a change afterwards asks for a new check before generating. */
  const [verificato, setVerificato] = useState<string | null>(null);
  const sceltiAMano = useRef(false);
  const qc = useQueryClient();
  const invalidate = useInvalidateResource();

  const ccnl = useCcnl();
  const modelli = useQuery({
    queryKey: ['contratti', 'modelli', 'attivi'],
    queryFn: () => listOf(RES_MODELLI, { size: 100, sort: 'descrizione' }).then((r) => (r.rows as TModelloRow[]).filter((m) => m.attivo)),
  });
  const chi = Form.useWatch('chi', form) ?? 'esistente';
  const dipendenteId = Form.useWatch('dipendente_id', form);
  const ccnlId = Form.useWatch('ccnl_id', form);
  const tipo = Form.useWatch('tipo_contratto', form);
  const partTime = !!Form.useWatch('part_time', form);
  const prova = Form.useWatch('prova', form);
  const distribuzione = Form.useWatch('distribuzione_part_time', form);
  const inizio = Form.useWatch('data_inizio', form);
  const fine = Form.useWatch('data_fine', form);
  const contrattoId = Form.useWatch('contratto_id', form);
  const scelti = Form.useWatch('modello_ids', form);
  // the law's maximum trial for this contract, shown beside the days (the server refuses more)
  const massimo = inizio && tipo ? provaMassima({ dal: toWireDate(inizio)!, tipo_contratto: tipo, data_fine: toWireDate(fine) }) : null;
  const firma = Form.useWatch((v: Valori) => firmaDi(v), { form, preserve: true });
  const livelli = ccnl.data?.find((c) => c.id === ccnlId)?.livelli ?? [];

  // an employee chosen: his latest contract row fills the contract's data
  const righe = useQuery({
    queryKey: ['contratti', 'dipendente', dipendenteId, 'righe'],
    queryFn: () => call(OPS_CONTRATTI.contratti, { params: { id: dipendenteId! } }),
    enabled: chi === 'esistente' && !!dipendenteId,
  });
  const dipendente = useQuery({
    queryKey: ['resource', RES_DIPENDENTI.path, 'read', dipendenteId],
    queryFn: () => call(RES_DIPENDENTI.ops.dettaglio, { params: { id: dipendenteId! } }, { notifyError: false }),
    enabled: chi === 'esistente' && !!dipendenteId,
    retry: false,
  });
  // the row the documents are about (his latest unless chosen): its data fill the contract's, and the start is the
  // hiring date (or a fixed term's own start), never the date of a level change
  const assunzione = dipendente.data?.data_assunzione ? String(dipendente.data.data_assunzione) : undefined;
  useEffect(() => {
    if (chi !== 'esistente' || !righe.data) return;
    const ordinate = [...righe.data].sort((a, b) => b.dal.localeCompare(a.dal));
    const r = ordinate.find((x) => x.id === contrattoId) ?? ordinate[0];
    if (!r) return;
    form.setFieldsValue({
      contratto_id: r.id,
      ccnl_id: r.ccnl_id, livello: r.livello, qualifica: r.qualifica, tipo_contratto: r.tipo_contratto, data_inizio: fromWire(inizioDi(r, assunzione)), data_fine: fromWire(r.data_fine),
      causale: r.causale ?? undefined, part_time: r.part_time, percentuale_part_time: r.percentuale_part_time, distribuzione_part_time: r.distribuzione_part_time,
      orario_part_time: r.orario_part_time,
      superminimo: r.superminimo, sede_id: r.sede_id, mansione_id: r.mansione_id,
      prova: r.periodo_prova_giorni ? 'giorni' : (r.periodo_prova ?? undefined), periodo_prova_giorni: r.periodo_prova_giorni,
    });
  }, [righe.data, chi, form, contrattoId, assunzione]);

  // the templates for this contract, until the user picks them by hand
  useEffect(() => {
    if (sceltiAMano.current || !modelli.data) return;
    form.setFieldValue('modello_ids', modelli.data.filter((m) => adatto(m, tipo, partTime)).map((m) => m.id));
  }, [modelli.data, tipo, partTime, form]);

  const aggiornata = verificato === firma;
  const generabile = !!anteprima && aggiornata && !anteprima.mancanti.length && !generati;

  const campiPasso = (p: number): string[] =>
    p === 0 ? (chi === 'nuovo' ? ['chi', ...CAMPI_NUOVO] : ['chi', 'dipendente_id']) : p === 1 ? [...CAMPI_DATI] : p === 2 ? ['modello_ids'] : [];

  /** The step's own rules, then the contract's schema of what it fills. */
  async function valido(p: number): Promise<boolean> {
    try {
      await form.validateFields(campiPasso(p) as never[]);
    } catch {
      return false;
    }
    const v = form.getFieldsValue(true) as Valori;
    const check = (schema: typeof ZNuovoDipendente | typeof ZDatiDocumento, body: Record<string, unknown>, map: (f: string) => string = (f) => f) => {
      const r = schema.safeParse(body);
      if (r.success) return true;
      const errors = issuesToFields(r.error.issues, body);
      form.setFields(Object.entries(errors).filter(([f]) => f).map(([f, key]) => ({ name: map(f) as never, errors: [t(key)] })));
      return false;
    };
    if (p === 0 && v.chi === 'nuovo') return check(ZNuovoDipendente, nuovoDi(v));
    if (p === 1) return check(ZDatiDocumento, datiDi(v) as Record<string, unknown>, (f) => (f === 'periodo_prova' ? 'prova' : f));
    return true;
  }

  async function vai(p: number) {
    if (p > passo) for (let i = passo; i < p; i++) if (!(await valido(i))) return setPasso(i);
    setPasso(p);
  }

  async function verifica() {
    for (let i = 0; i < 3; i++) if (!(await valido(i))) return setPasso(i);
    const v = form.getFieldsValue(true) as Valori;
    const body = {
      ...(v.chi === 'nuovo' ? { nuovo: nuovoDi(v) as TNuovoDipendente } : { dipendente_id: v.dipendente_id! }),
      modello_ids: v.modello_ids ?? [],
      dati: datiDi(v),
    };
    setVerificando(true);
    try {
      const a = await call(OPS_CONTRATTI.anteprima, { body });
      setAnteprima(a);
      setVerificato(firmaDi(v));
      setGenerati(null);
      setPasso(3);
    } catch {
      /* notified by the client */
    } finally {
      setVerificando(false);
    }
  }

  /** A refusal that names what is missing shows it on the checklist: the server is the authority. */
  const mancantiDi = (e: unknown): string[] | null => {
    const m = e instanceof ApiError ? e.body.params?.mancanti : null;
    return Array.isArray(m) ? m.map(String) : null;
  };

  async function genera() {
    const v = form.getFieldsValue(true) as Valori;
    const dati = datiDi(v);
    const ids = v.modello_ids ?? [];
    setGenerando(true);
    try {
      if (v.chi === 'nuovo') {
        const r = await call(OPS_CONTRATTI.assunzione, { body: { nuovo: nuovoDi(v) as TNuovoDipendente, modello_ids: ids, dati } }, { notifySuccess: false });
        const d = r.data!;
        setGenerati({ dipendente_id: d.dipendente_id, email: testo(v.email), documenti: d.documenti });
      } else {
        const documenti: TDocumentoRow[] = [];
        for (const modello_id of ids) {
          const r = await call(OPS_CONTRATTI.genera, { body: { dipendente_id: v.dipendente_id!, modello_id, dati } }, { notifySuccess: false });
          if (r.data) documenti.push(r.data);
        }
        setGenerati({ dipendente_id: v.dipendente_id!, email: dipendente.data?.email ? String(dipendente.data.email) : null, documenti });
      }
      notifyPositive(t('stipulazione.generati', { count: ids.length }));
      // a new hire is an employee now, and the dossier has new documents
      if (v.chi === 'nuovo') void invalidate(RES_DIPENDENTI.path);
      void qc.invalidateQueries({ queryKey: ['contratti', 'fascicolo'] });
    } catch (e) {
      const mancanti = mancantiDi(e);
      if (mancanti && anteprima) setAnteprima({ ...anteprima, mancanti, rinvio_ccnl: anteprima.rinvio_ccnl.filter((x) => !mancanti.includes(x)) });
    } finally {
      setGenerando(false);
    }
  }

  function ricomincia() {
    form.resetFields();
    sceltiAMano.current = false;
    setAnteprima(null);
    setGenerati(null);
    setVerificato(null);
    setPasso(0);
    if (modelli.data) form.setFieldValue('modello_ids', modelli.data.filter((m) => adatto(m, 'indeterminato', false)).map((m) => m.id));
  }

  const lettere = anteprima?.documenti.some((d) => d.lettera_assunzione) ?? false;
  // a chosen template states work abroad: its items are asked here (D.Lgs 152/1997 art. 2)
  const conEstero = (modelli.data ?? []).some((m) => (scelti ?? []).includes(m.id) && m.campi.some((c) => c.startsWith('estero.')));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="genera-documenti">
      <Steps
        current={passo}
        onChange={(p) => void vai(p)}
        size="small"
        items={PASSI.map((p, i) => ({ title: t(`stipulazione.passo_${p}`), disabled: i === 3 && !anteprima }))}
      />
      <Form
        form={form}
        layout="vertical"
        name="stipulazione"
        initialValues={{ chi: 'esistente', tipo_contratto: 'indeterminato', part_time: false, superminimo: 0, data_documento: dayjs().startOf('day') }}
        data-testid="stipulazione-form"
      >
        <Card size="small" hidden={passo !== 0} title={t('stipulazione.passo_dipendente')}>
          <Form.Item name="chi" label={t('stipulazione.per_chi')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'esistente', label: t('stipulazione.dipendente_esistente') },
                { value: 'nuovo', label: t('stipulazione.nuova_assunzione') },
              ]}
            />
          </Form.Item>
          {chi === 'esistente' ? (
            <Form.Item name="dipendente_id" label={t('stipulazione.dipendente')} rules={[requiredRule(t, 'stipulazione.dipendente')]} style={{ maxWidth: 420 }}>
              <DipendenteSelect />
            </Form.Item>
          ) : (
            <Row gutter={12}>
              <Col xs={24} md={6}>
                <Form.Item name="matricola" label={t('stipulazione.matricola')} rules={[requiredRule(t, 'stipulazione.matricola', { whitespace: true })]}>
                  <Input maxLength={20} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={9}>
                <Form.Item name="cognome" label={t('stipulazione.cognome')} rules={[requiredRule(t, 'stipulazione.cognome', { whitespace: true })]}>
                  <Input maxLength={80} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={9}>
                <Form.Item name="nome" label={t('stipulazione.nome')} rules={[requiredRule(t, 'stipulazione.nome', { whitespace: true })]}>
                  <Input maxLength={80} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="codice_fiscale" label={t('stipulazione.codice_fiscale')} rules={[requiredRule(t, 'stipulazione.codice_fiscale', { whitespace: true })]}>
                  <Input maxLength={16} autoComplete="off" style={{ textTransform: 'uppercase' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="email" label={t('stipulazione.email')} rules={[{ type: 'email', message: t('avvisi.email_non_valida') }]} extra={t('stipulazione.email_aiuto')}>
                  <Input type="email" maxLength={200} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="reparto_id" label={t('stipulazione.reparto')}>
                  <LookupSelect path={RES_REPARTI.path} numeric />
                </Form.Item>
              </Col>
            </Row>
          )}
        </Card>

        <Card size="small" hidden={passo !== 1} title={t('stipulazione.passo_contratto')}>
          {chi === 'esistente' && righe.data?.length ? (
            <>
              <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('stipulazione.precompilato_riga')} />
              <Form.Item name="contratto_id" label={t('stipulazione.riga_contratto')} style={{ maxWidth: 520 }}>
                <Select
                  data-testid="riga-contratto"
                  options={[...righe.data]
                    .sort((a, b) => b.dal.localeCompare(a.dal))
                    .map((r) => ({ value: r.id, label: t('stipulazione.riga_contratto_voce', { data: formatDate(r.dal), livello: r.livello, tipo: t(`contratti.tipo_${r.tipo_contratto}`) }) }))}
                />
              </Form.Item>
            </>
          ) : null}
          <Row gutter={12}>
            <Col xs={24} md={10}>
              <Form.Item name="ccnl_id" label={t('stipulazione.ccnl')} rules={[requiredRule(t, 'stipulazione.ccnl')]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={ccnl.isLoading}
                  placeholder={t('ui.seleziona')}
                  options={(ccnl.data ?? []).map((c) => ({ value: c.id, label: `${c.codice} · ${c.descrizione}` }))}
                  onChange={() => form.setFieldValue('livello', undefined)}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="livello" label={t('stipulazione.livello')} rules={[requiredRule(t, 'stipulazione.livello')]}>
                <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('ui.seleziona')} options={livelli.map((l) => ({ value: l.codice, label: l.codice, title: l.descrizione }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item name="qualifica" label={t('stipulazione.qualifica')} rules={[requiredRule(t, 'stipulazione.qualifica')]}>
                <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('ui.seleziona')} options={QUALIFICHE.map((q) => ({ value: q, label: t(`contratti.qualifica_${q}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={5}>
              <Form.Item name="tipo_contratto" label={t('stipulazione.tipo_contratto')} rules={[requiredRule(t, 'stipulazione.tipo_contratto')]}>
                <Select showSearch={{ optionFilterProp: 'label' }} options={TIPI_CONTRATTO.map((q) => ({ value: q, label: t(`contratti.tipo_${q}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item name="data_inizio" label={t('stipulazione.data_inizio')} rules={[requiredRule(t, 'stipulazione.data_inizio')]}>
                <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} />
              </Form.Item>
            </Col>
            {tipo === 'determinato' ? (
              <>
                <Col xs={12} md={5}>
                  <Form.Item name="data_fine" label={t('stipulazione.data_fine')} rules={[requiredRule(t, 'stipulazione.data_fine')]}>
                    <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={14}>
                  <Form.Item name="causale" label={t('stipulazione.causale')} extra={t('contratti.causale_aiuto')}>
                    <Input maxLength={300} />
                  </Form.Item>
                </Col>
              </>
            ) : null}
          </Row>
          <Row gutter={12}>
            <Col xs={8} md={4}>
              <Form.Item name="part_time" label={t('stipulazione.part_time')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            {partTime ? (
              <>
                <Col xs={16} md={5}>
                  <Form.Item name="percentuale_part_time" label={t('stipulazione.percentuale_part_time')} rules={[requiredRule(t, 'stipulazione.percentuale_part_time')]}>
                    <InputNumber min={1} max={99} suffix="%" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name="distribuzione_part_time" label={t('stipulazione.distribuzione_part_time')}>
                    <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('ui.seleziona')} options={DISTRIBUZIONI_PART_TIME.map((d) => ({ value: d, label: t(`contratti.distribuzione_${d}`) }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={18}>
                  <Form.Item name="orario_part_time" label={t('contratti.orario_part_time')} extra={t('contratti.orario_part_time_aiuto')}>
                    <OrarioPartTimeField distribuzione={distribuzione} id="stip-orario" />
                  </Form.Item>
                </Col>
              </>
            ) : null}
          </Row>
          <Row gutter={12} align="bottom">
            <Col xs={24} md={14}>
              <Form.Item name="prova" label={t('stipulazione.periodo_prova')} extra={t('stipulazione.periodo_prova_aiuto')}>
                <Radio.Group
                  options={[
                    { value: 'giorni', label: t('stipulazione.prova_giorni') },
                    { value: 'ccnl', label: t('stipulazione.prova_ccnl') },
                    { value: 'nessuno', label: t('stipulazione.prova_nessuno') },
                  ]}
                />
              </Form.Item>
            </Col>
            {prova === 'giorni' ? (
              <Col xs={12} md={5}>
                <Form.Item
                  name="periodo_prova_giorni" label={t('stipulazione.giorni_prova')} rules={[requiredRule(t, 'stipulazione.giorni_prova')]}
                  extra={massimo != null ? <span data-testid="prova-massima">{t('contratti.periodo_prova_massimo', { giorni: massimo })}</span> : null}
                >
                  <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item name="sede_id" label={t('stipulazione.sede')}>
                <LookupSelect path={RES_SEDI.path} numeric />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="luogo_non_fisso" label={t('stipulazione.luogo_non_fisso')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('stipulazione.luogo_fisso')}
                  options={[
                    { value: 'luoghi_diversi', label: t('stipulazione.luoghi_diversi') },
                    { value: 'libero', label: t('stipulazione.luogo_libero') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="mansione_id" label={t('stipulazione.mansione')}>
                <LookupSelect path={RES_MANSIONI.path} numeric />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="superminimo" label={t('stipulazione.superminimo')} rules={[moneyRule(t, 'stipulazione.superminimo')]} extra={t('stipulazione.superminimo_aiuto')}>
                <MoneyField />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="residenza" label={t('stipulazione.residenza')} extra={t('stipulazione.residenza_aiuto')}>
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="data_documento" label={t('stipulazione.data_documento')}>
                <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} />
              </Form.Item>
            </Col>
            <Col xs={12} md={16}>
              <Form.Item name="luogo_documento" label={t('stipulazione.luogo_documento')} extra={t('stipulazione.luogo_documento_aiuto')}>
                <Input maxLength={80} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card size="small" hidden={passo !== 2} title={t('stipulazione.passo_modelli')}>
          {modelli.isLoading ? (
            <Spin />
          ) : modelli.data?.length ? (
            <Form.Item
              name="modello_ids"
              label={t('stipulazione.modelli_da_generare')}
              rules={[requiredRule(t, 'stipulazione.modelli_da_generare', { type: 'array', min: 1 })]}
              extra={t('stipulazione.modelli_aiuto')}
            >
              <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} onChange={() => (sceltiAMano.current = true)}>
                {modelli.data.map((m) => (
                  <Checkbox key={m.id} value={m.id} data-testid={`modello-${m.id}`}>
                    <Space size={6} wrap>
                      <span>{m.descrizione}</span>
                      {m.lettera_assunzione ? <Tag color="blue">{t('stipulazione.lettera_assunzione')}</Tag> : null}
                      {m.tipi_contratto.length ? (
                        <Typography.Text type="secondary">({m.tipi_contratto.map((x) => t(`stipulazione.per_${x}`)).join(', ')})</Typography.Text>
                      ) : null}
                    </Space>
                  </Checkbox>
                ))}
              </Checkbox.Group>
            </Form.Item>
          ) : (
            <Empty description={t('stipulazione.nessun_modello')} />
          )}
          {conEstero ? <Estero /> : null}
        </Card>
      </Form>

      {generati ? null : (
        <Space wrap>
          {passo > 0 ? (
            <Button icon={<ArrowLeftOutlined />} onClick={() => setPasso(passo - 1)}>
              {t('stipulazione.indietro')}
            </Button>
          ) : null}
          {passo < 2 ? (
            <Button icon={<ArrowRightOutlined />} iconPlacement="end" onClick={() => void vai(passo + 1)}>
              {t('stipulazione.avanti')}
            </Button>
          ) : null}
          <Button type={passo >= 2 && !generabile ? 'primary' : 'default'} icon={<SafetyCertificateOutlined />} loading={verificando} onClick={() => void verifica()} data-testid="verifica-anteprima">
            {t('stipulazione.verifica_anteprima')}
          </Button>
          {passo === 3 ? (
            <Button type="primary" icon={<FileDoneOutlined />} disabled={!generabile} loading={generando} onClick={() => void genera()} data-testid="genera">
              {t('stipulazione.genera')}
            </Button>
          ) : null}
        </Space>
      )}

      {passo === 3 && anteprima ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="verifica">
          {generati ? <Risultato generati={generati} onNuovo={ricomincia} /> : null}
          {!aggiornata && !generati ? <Alert type="warning" showIcon title={t('stipulazione.dati_cambiati')} /> : null}
          {anteprima.mancanti.some((m) => PASSO_DI[m] !== undefined) ? (
            <Space wrap>
              {[...new Set(anteprima.mancanti.map((m) => PASSO_DI[m]).filter((p) => p !== undefined))].map((p) => (
                <Button key={p} onClick={() => setPasso(p)}>
                  {t('stipulazione.completa_passo', { passo: t(`stipulazione.passo_${PASSI[p]}`) })}
                </Button>
              ))}
            </Space>
          ) : null}
          {lettere ? (
            <Checklist esito={anteprima as Esito} contesto={{ determinato: tipo === 'determinato', partTime, sistemi }} />
          ) : (
            <Alert type="info" showIcon title={t('stipulazione.nessuna_lettera')} />
          )}
          {generati ? null : <Anteprime documenti={anteprima.documenti} />}
        </Space>
      ) : null}
    </Space>
  );
}

/** The documents just produced: DOCX, PDF, hash; the e-mail to the employee; the way to his dossier. */
function Risultato({ generati, onNuovo }: { generati: Generati; onNuovo: () => void }) {
  const { t } = useTranslation();
  const ids = useMemo(() => generati.documenti.map((d) => d.id), [generati]);
  const columns: ColumnsType<TDocumentoRow> = [
    { key: 'descrizione', title: t('stipulazione.documento'), dataIndex: 'descrizione' },
    { key: 'versione', title: t('stipulazione.versione_modello'), render: (_, d) => `v${d.modello_versione}` },
    { key: 'file', title: t('stipulazione.file'), render: (_, d) => <DocumentoFile doc={d} /> },
    { key: 'sha', title: 'SHA-256 (DOCX)', render: (_, d) => <Sha hash={d.sha256} label={t('stipulazione.sha_docx')} /> },
    { key: 'sha_pdf', title: 'SHA-256 (PDF)', render: (_, d) => <Sha hash={d.sha256_pdf} label={t('stipulazione.sha_pdf')} /> },
  ];
  return (
    <Card size="small" title={t('stipulazione.documenti_generati')} data-testid="documenti-generati">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Table<TDocumentoRow> size="small" rowKey="id" columns={columns} dataSource={generati.documenti} pagination={false} {...tableFit} />
        <InviaDocumenti ids={ids} email={generati.email} />
        <Space wrap>
          <Link to={`/contratti/fascicolo?dipendente=${generati.dipendente_id}`} data-testid="vai-fascicolo">
            <FolderOpenOutlined aria-hidden /> {t('stipulazione.apri_fascicolo')}
          </Link>
          <Button type="link" onClick={onNuovo}>
            {t('stipulazione.nuovi_documenti')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}

/** The items of a notice of work abroad for more than four weeks (D.Lgs 152/1997 art. 2 c. 1, and c. 2 for a posting). */
function Estero() {
  const { t } = useTranslation();
  const distacco = Form.useWatch(['estero', 'distacco']);
  const testoLungo = (campo: string, label: string) => (
    <Col xs={24} md={12} key={campo}>
      <Form.Item name={['estero', campo]} label={t(label)}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </Col>
  );
  return (
    <Card size="small" type="inner" title={t('stipulazione.estero_titolo')} data-testid="estero">
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item name={['estero', 'paese']} label={t('stipulazione.estero_paese')}>
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item name={['estero', 'dal']} label={t('stipulazione.estero_dal')}>
            <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item name={['estero', 'al']} label={t('stipulazione.estero_al')}>
            <DatePicker format={UI_DATE} style={{ width: '100%' }} placeholder={t('ui.formato_data')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={['estero', 'valuta']} label={t('stipulazione.estero_valuta')}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        {testoLungo('prestazioni', 'stipulazione.estero_prestazioni')}
        {testoLungo('rimpatrio', 'stipulazione.estero_rimpatrio')}
        <Col span={24}>
          <Form.Item name={['estero', 'distacco']} label={t('stipulazione.estero_distacco')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        {distacco
          ? [
              testoLungo('retribuzione_ospitante', 'stipulazione.estero_retribuzione_ospitante'),
              testoLungo('indennita_rimborsi', 'stipulazione.estero_indennita_rimborsi'),
              testoLungo('sito_istituzionale', 'stipulazione.estero_sito_istituzionale'),
            ]
          : null}
      </Row>
    </Card>
  );
}
