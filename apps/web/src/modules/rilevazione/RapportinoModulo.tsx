/**
 * The daily work report's form, while it is a draft: the intervention (date, customer, site, order), the activities on
 * order and phase from–to, the materials used, travel and notes. Saved with `crea` or `modifica`; the same zod schema
 * as the server's checks it first, its messages on the fields.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, DatePicker, Form, Input, InputNumber, Row, type FormInstance } from 'antd';
import { ZRapportino, type TRapportinoRow } from '@tulip/contract';
import { OPS_RAPPORTINI, RES_DIPENDENTI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { UI_DATE } from '../../platform/formats';
import { notifyNegative } from '../../platform/notifications/store';
import { ChildRowsField } from '../../components/ChildRowsField';
import { LookupSelect } from '../../components/LookupSelect';
import { useScope } from '../../components/people';
import { MinutiInput, minutiRule } from '../../components/minuti';
import { requiredRule, timeRule } from '../../components/formRules';
import { TimeField } from '../../components/TimeField';
import { ClienteCampo, CommessaCampo, commessaQuery, FaseCampo } from './RapportinoCampi';
import { campoDi, corpoDa, fineNonDopoInizio, type RapportinoValori } from './rapportino';

/** The query key of one report. */
export const chiaveRapportino = (id: number) => ['rilevazione', 'rapportino', id];

/**
 * Saving the form: the lines' times checked, then the schema, then `crea` (a new report) or `modifica` of the version
 * `r` the form was filled from. Gives back the saved report and the body sent, or null when something stopped it
 * (shown on the fields or notified).
 */
export function useSalvaRapportino(form: FormInstance<RapportinoValori>) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function salva(r: TRapportinoRow | null): Promise<{ saved: TRapportinoRow; sent: string } | null> {
    try {
      await form.validateFields();
    } catch {
      notifyNegative(t('rapportino.da_correggere'));
      return null;
    }
    const v = form.getFieldsValue(true) as RapportinoValori;
    // an end that does not follow its start, said on the line's field in words about times
    const storte = (v.righe ?? []).flatMap((l, i) => (l && fineNonDopoInizio(l.inizio, l.fine) ? [i] : []));
    if (storte.length) {
      form.setFields(storte.map((i) => ({ name: ['righe', i, 'fine'] as never, errors: [t('rapportino.fine_prima_inizio')] })));
      notifyNegative(t('rapportino.fine_prima_inizio'));
      return null;
    }
    const body = corpoDa(v, !r);
    const sent = JSON.stringify(body);
    const parsed = ZRapportino.safeParse(r ? { ...body, versione: r.versione } : body);
    if (!parsed.success) {
      let shown = false;
      for (const issue of parsed.error.issues) {
        const name = campoDi(issue.path, v);
        if (name) {
          form.setFields([{ name: name as never, errors: [t(issue.message)] }]);
          shown = true;
        } else notifyNegative(t(issue.message));
      }
      if (shown) notifyNegative(t('rapportino.da_correggere'));
      return null;
    }
    setSaving(true);
    try {
      const answer = r ? await call(OPS_RAPPORTINI.modifica, { params: { id: r.id }, body: parsed.data }) : await call(OPS_RAPPORTINI.crea, { body: parsed.data });
      qc.setQueryData(chiaveRapportino(answer.data.id), answer.data);
      void qc.invalidateQueries({ queryKey: ['rilevazione', 'rapportini'] });
      return { saved: answer.data, sent };
    } catch (e) {
      // the server's field errors go back on the fields (the rest the client has notified)
      if (e instanceof ApiError)
        form.setFields(
          Object.entries(e.fields).flatMap(([k, key]) => {
            const name = campoDi(k.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), v);
            return name ? [{ name: name as never, errors: [t(key)] }] : [];
          }),
        );
      return null;
    } finally {
      setSaving(false);
    }
  }

  return { salva, saving };
}

/** The form's fields (the page wraps them in its Form with the buttons). */
export function RapportinoModulo({ form, r, capo, nuovo }: { form: FormInstance<RapportinoValori>; r: TRapportinoRow | null; capo: boolean; nuovo: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { dipendente } = useScope();
  const commessaTestata = Form.useWatch('commessa_id', form);
  const righe = Form.useWatch('righe', form);
  const commesse = [commessaTestata, ...(righe ?? []).map((l) => l?.commessa_id)].filter((x): x is number => typeof x === 'number');
  const col = { xs: 24, sm: 12, xl: 6 };
  // the lines' fields side by side on a wide screen, one under the other on a phone (the times two by two)
  const box = useRef<HTMLDivElement>(null);
  const [largo, setLargo] = useState(1000);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setLargo(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // beside the last field, the line's remove button (32 px and the gap)
  const pieno = Math.max(200, largo - 48);
  const w = largo < 640 ? { commessa: pieno - 8, fase: pieno, ora: Math.floor((pieno - 8) / 2), descrizione: pieno, materiale: pieno } : { commessa: 250, fase: 200, ora: 96, descrizione: 260, materiale: 300 };

  /** The header's order names the customer, when none is chosen yet, and the first activity's order. */
  async function scegliCommessa(id: number | null) {
    if (!id) return;
    const v = form.getFieldsValue(true) as RapportinoValori;
    const prima = v.righe?.[0];
    if (prima && !prima.commessa_id) form.setFieldValue(['righe', 0, 'commessa_id'], id);
    if (v.cliente_id) return;
    try {
      const c = await qc.fetchQuery(commessaQuery(id));
      if (c.cliente_id && !form.getFieldValue('cliente_id')) form.setFieldValue('cliente_id', c.cliente_id);
    } catch {
      /* notified */
    }
  }

  return (
    <>
      <Card title={t('rapportino.intervento')} size="small" style={{ marginBottom: 16 }} data-testid="rapportino-testata">
        <Row gutter={16}>
          {capo && nuovo ? (
            <Col xs={24} sm={12} xl={6}>
              {/* left empty, the report is the caller's own; one without an employee of their own names one */}
              <Form.Item name="dipendente_id" label={t('rapportino.tecnico')} rules={dipendente ? [] : [requiredRule(t, 'rapportino.tecnico')]}>
                <LookupSelect path={RES_DIPENDENTI.path} numeric placeholder={t(dipendente ? 'rapportino.io' : 'rapportino.scegli_dipendente')} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ) : null}
          <Col {...col}>
            <Form.Item name="data" label={t('rapportino.data')} rules={[requiredRule(t, 'rapportino.data')]}>
              <DatePicker format={UI_DATE} allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="commessa_id" label={t('rapportino.commessa')}>
              <CommessaCampo data-testid="rapportino-commessa" onChange={(id) => void scegliCommessa(id)} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="cliente_id" label={t('rapportino.cliente')}>
              <ClienteCampo
                commesse={commesse}
                salvato={r?.cliente_id ? { id: r.cliente_id, nome: r.cliente_ragione_sociale ?? '' } : null}
                data-testid="rapportino-cliente"
              />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="sito" label={t('rapportino.sito')}>
              <Input maxLength={200} placeholder={t('rapportino.sito_esempio')} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card size="small" style={{ marginBottom: 16 }} data-testid="rapportino-attivita">
        <div ref={box} />
        <ChildRowsField
          name="righe"
          label="rapportino.attivita"
          addLabel="rapportino.aggiungi_attivita"
          max={50}
          defaults={commessaTestata ? { commessa_id: commessaTestata } : undefined}
          fields={[
            {
              name: 'commessa_id', label: 'rapportino.commessa', width: w.commessa, rules: [requiredRule(t, 'rapportino.commessa')],
              input: (line) => <CommessaRiga form={form} line={line} />,
            },
            { name: 'fase_id', label: 'rapportino.fase', width: w.fase, input: (line) => <FaseRiga form={form} line={line} /> },
            { name: 'inizio', label: 'rapportino.inizio', width: w.ora, rules: [requiredRule(t, 'rapportino.inizio'), timeRule(t)], input: <TimeField minuteStep={5} placeholder="hh:mm" style={{ width: '100%' }} /> },
            { name: 'fine', label: 'rapportino.fine', width: w.ora, rules: [requiredRule(t, 'rapportino.fine'), timeRule(t)], input: <TimeField minuteStep={5} placeholder="hh:mm" style={{ width: '100%' }} /> },
            { name: 'descrizione', label: 'rapportino.descrizione', width: w.descrizione, input: <Input maxLength={500} placeholder={t('rapportino.descrizione_esempio')} /> },
          ]}
        />
      </Card>

      <Card size="small" style={{ marginBottom: 16 }} data-testid="rapportino-materiali">
        <ChildRowsField
          name="materiali"
          label="rapportino.materiali"
          addLabel="rapportino.aggiungi_materiale"
          max={100}
          fields={[
            { name: 'descrizione', label: 'rapportino.materiale', width: w.materiale, rules: [requiredRule(t, 'rapportino.materiale', { whitespace: true })], input: <Input maxLength={200} /> },
            {
              name: 'quantita', label: 'rapportino.quantita', width: 110, rules: [requiredRule(t, 'rapportino.quantita')],
              input: <InputNumber min={0.001} max={1_000_000} decimalSeparator="," inputMode="decimal" style={{ width: '100%' }} />,
            },
            { name: 'unita', label: 'rapportino.unita', width: 90, input: <Input maxLength={20} placeholder={t('rapportino.unita_esempio')} /> },
          ]}
        />
      </Card>

      <Card title={t('rapportino.viaggio_note')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={12} sm={8} xl={4}>
            <Form.Item name="km" label={t('rapportino.km')}>
              <InputNumber min={0} max={5000} precision={0} inputMode="numeric" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8} xl={4}>
            <Form.Item name="minuti_viaggio" label={t('rapportino.tempo_viaggio')} rules={[minutiRule(t('rapportino.tempo_non_valido'))]}>
              <MinutiInput />
            </Form.Item>
          </Col>
          <Col xs={24} xl={16}>
            <Form.Item name="note" label={t('rapportino.note')}>
              <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 6 }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
    </>
  );
}

/** A line's order: choosing another one clears the line's phase. */
function CommessaRiga({ form, line, ...campo }: { form: FormInstance<RapportinoValori>; line: number; id?: string; value?: number | null; onChange?: (v: number | null) => void }) {
  return (
    <CommessaCampo
      {...campo}
      data-testid={`riga-commessa-${line}`}
      onChange={(v) => {
        if (v !== campo.value) form.setFieldValue(['righe', line, 'fase_id'], null);
        campo.onChange?.(v);
      }}
    />
  );
}

/** A line's phase, among those of the line's order. */
function FaseRiga({ form, line, ...campo }: { form: FormInstance<RapportinoValori>; line: number; id?: string; value?: number | null; onChange?: (v: number | null) => void }) {
  const commessaId = Form.useWatch(['righe', line, 'commessa_id'], form) as number | null | undefined;
  return <FaseCampo {...campo} commessaId={commessaId} data-testid={`riga-fase-${line}`} />;
}
