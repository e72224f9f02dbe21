/**
 * A delivery to one employee (the drawer of /dotazioni/consegne): the date, the reason, the lines (article chosen by
 * type, size in the employee's sizes, quantity, serial number of a serial-numbered unit, the held item it replaces),
 * each warning before it is sent of missing training or stock; the employee signs on the screen, the HR officer may
 * sign too. A refusal of the server (training missing, not enough stock) is said beside the button as well as
 * notified; once stored, the verbale opens from here.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Descriptions, Form, Input, InputNumber, Result, Row, Select, Space, Tag, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, FilePdfOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { CAUSALI_CONSEGNA, fineVita, oltreFineVita, scadenzaConsegna, type TArticoloRow, type TConsegnaRow, type TSchedaDipendente, type TTipologiaRow } from '@tulip/contract';
import { OPS_DOTAZIONI, RES_ARTICOLI_DOTAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { dayjs, formatDate, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { requiredRule } from '../../components/formRules';
import { apriVerbale, CategoriaTag, erroreDi, nomeArticolo, useArticoli, useTipologie } from './common';
import { avvisiRiga, righeBody, type RigaForm } from './consegna';
import { caricaFirme, FirmeFields, type FirmeValori } from './Firme';

export type CausaleConsegna = (typeof CAUSALI_CONSEGNA)[number];
/** `proposta`: the lines come from the proposal (none: the kit is complete and nothing falls due). */
export type ConsegnaIniziale = { causale: CausaleConsegna; righe: RigaForm[]; proposta?: boolean };
type Valori = FirmeValori & { data: Dayjs; causale: CausaleConsegna; righe: RigaForm[]; note?: string };

export function useScheda(dipendenteId: number | null | undefined) {
  return useQuery({
    queryKey: ['dotazioni', 'scheda', dipendenteId],
    queryFn: () => call(OPS_DOTAZIONI.scheda, { params: { id: dipendenteId! }, query: { giorni: 30 } }),
    enabled: !!dipendenteId,
  });
}

export function ConsegnaForm({ dipendenteId, iniziale, firmaFacoltativa, onRegistraFormazione, onClose }: {
  dipendenteId: number;
  iniziale: ConsegnaIniziale;
  /** A replacement at expiry may be signed later (from the list of deliveries). */
  firmaFacoltativa?: boolean;
  onRegistraFormazione: (tipologiaId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Valori>();
  const scheda = useScheda(dipendenteId);
  const tipologie = useTipologie();
  const articoli = useArticoli();
  const [busy, setBusy] = useState(false);
  const [errore, setErrore] = useState<string | null>(null);
  const [fatta, setFatta] = useState<TConsegnaRow | null>(null);
  // until the employee's training is known, no line warns of it
  const formate = useMemo(() => (scheda.data ? new Set(scheda.data.formazione.map((f) => f.tipologia_id)) : null), [scheda.data]);

  async function registra() {
    setErrore(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const v = form.getFieldsValue(true) as Valori;
    const righe = righeBody(v.righe ?? [], articoli.data ?? []);
    if (!righe.length) return setErrore(t('avvisi.consegna_vuota'));
    setBusy(true);
    try {
      const firme = await caricaFirme(v, t, String(dipendenteId));
      const answer = await call(OPS_DOTAZIONI.consegnaNuova, {
        body: { dipendente_id: dipendenteId, data: toWireDate(v.data)!, causale: v.causale, righe, firma: firme.firma, firma_incaricato: firme.firma_incaricato, note: v.note?.trim() || null },
      });
      setFatta(answer.data);
      await Promise.all([qc.invalidateQueries({ queryKey: ['dotazioni'] }), qc.invalidateQueries({ queryKey: ['resource', RES_ARTICOLI_DOTAZIONE.path] })]);
    } catch (e) {
      setErrore(erroreDi(e));
    } finally {
      setBusy(false);
    }
  }

  if (fatta) {
    return (
      <Result
        status="success"
        title={t('dotazioni.consegna_registrata')}
        subTitle={t('dotazioni.consegna_registrata_di', { nome: fatta.dipendente_nome, data: formatDate(fatta.data), count: fatta.righe.length })}
        data-testid="consegna-fatta"
        extra={[
          <Button key="verbale" type="primary" icon={<FilePdfOutlined />} onClick={() => void apriVerbale(fatta.id)} data-testid="consegna-verbale">
            {t('dotazioni.apri_verbale')}
          </Button>,
          <Button key="chiudi" onClick={onClose} data-testid="consegna-chiudi">
            {t('ui.chiudi')}
          </Button>,
        ]}
      />
    );
  }

  const s = scheda.data;
  return (
    <Form<Valori>
      form={form}
      layout="vertical"
      initialValues={{ data: dayjs(), causale: iniziale.causale, righe: iniziale.righe.length ? iniziale.righe : [{ quantita: 1 }], con_incaricato: false }}
      onFinish={() => void registra()}
      data-testid="consegna-form"
    >
      {s ? <Intestazione s={s} /> : null}
      {iniziale.proposta && !iniziale.righe.length ? <Alert type="info" showIcon title={t('dotazioni.niente_da_proporre')} style={{ marginBottom: 12 }} data-testid="niente-da-proporre" /> : null}
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item name="data" label={t('dotazioni.data')} rules={[requiredRule(t, 'dotazioni.data')]}>
            <DatePicker format={UI_DATE} style={{ width: '100%' }} allowClear={false} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="causale" label={t('dotazioni.causale')} rules={[requiredRule(t, 'dotazioni.causale')]}>
            <Select options={CAUSALI_CONSEGNA.map((c) => ({ value: c, label: t(`dotazioni_valori.causale_${c}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.List name="righe">
        {(lines, { add, remove }) => (
          <div role="group" aria-label={t('dotazioni.righe')} data-testid="consegna-righe">
            <Typography.Text strong>{t('dotazioni.righe')}</Typography.Text>
            {lines.length === 0 ? <Typography.Paragraph type="secondary">{t('ui.nessuna_riga')}</Typography.Paragraph> : null}
            {lines.map((line, i) => (
              <Linea
                key={line.key}
                form={form}
                name={line.name}
                index={i}
                scheda={s}
                tipologie={tipologie.data ?? []}
                articoli={articoli.data ?? []}
                formate={formate}
                onRemove={() => remove(line.name)}
                onRegistraFormazione={onRegistraFormazione}
              />
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantita: 1 })} disabled={lines.length >= 50} style={{ margin: '8px 0 16px' }} data-testid="consegna-aggiungi">
              {t('ui.aggiungi_riga')}
            </Button>
          </div>
        )}
      </Form.List>
      <Form.Item name="note" label={t('dotazioni.note')}>
        <Input.TextArea rows={2} maxLength={300} />
      </Form.Item>
      <FirmeFields form={form} facoltativa={firmaFacoltativa} disabled={busy} />
      {errore ? <Alert type="error" showIcon title={errore} style={{ marginBottom: 16 }} data-testid="consegna-errore" /> : null}
      <Space wrap>
        <Button type="primary" size="large" htmlType="submit" icon={<SafetyCertificateOutlined />} loading={busy} data-testid="consegna-salva">
          {t('dotazioni.registra_consegna')}
        </Button>
        <Button size="large" onClick={onClose}>
          {t('ui.annulla')}
        </Button>
      </Space>
    </Form>
  );
}

function Intestazione({ s }: { s: TSchedaDipendente }) {
  const { t } = useTranslation();
  const d = s.dipendente;
  const taglie = (['scarpe', 'abbigliamento', 'guanti'] as const).filter((k) => s.taglie[k]).map((k) => `${t(`dotazioni_valori.taglia_${k}`)} ${s.taglie[k]}`);
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }} data-testid="consegna-intestazione">
      <Descriptions.Item label={t('dotazioni.dipendente')}>{`${d.nome} (${d.matricola})`}</Descriptions.Item>
      <Descriptions.Item label={t('dotazioni.mansione')}>{d.mansione_descrizione ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('dotazioni.taglie')}>{taglie.length ? taglie.join(' · ') : '—'}</Descriptions.Item>
      {d.data_cessazione ? (
        <Descriptions.Item label={t('dotazioni.data_cessazione')}>
          <Tag color="red">{formatDate(d.data_cessazione)}</Tag>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** Units available of a serial-numbered article, for its line's serial number. */
function useUnitaDisponibili(articolo: TArticoloRow | undefined) {
  return useQuery({
    queryKey: ['dotazioni', 'unita', articolo?.id],
    queryFn: () => call(OPS_DOTAZIONI.unita, { params: { id: articolo!.id } }),
    enabled: !!articolo?.numero_serie,
    select: (rows) => rows.filter((u) => u.stato === 'disponibile'),
  });
}

function Linea({ form, name, index, scheda, tipologie, articoli, formate, onRemove, onRegistraFormazione }: {
  form: FormInstance<Valori>;
  name: number;
  index: number;
  scheda: TSchedaDipendente | undefined;
  tipologie: TTipologiaRow[];
  articoli: TArticoloRow[];
  formate: ReadonlySet<number> | null;
  onRemove: () => void;
  onRegistraFormazione: (tipologiaId: number) => void;
}) {
  const { t } = useTranslation();
  const r = (Form.useWatch(['righe', name], form) ?? {}) as RigaForm;
  const art = articoli.find((a) => a.id === r.articolo_id);
  const tip = tipologie.find((x) => x.id === (art?.tipologia_id ?? r.tipologia_id));
  const unita = useUnitaDisponibili(art);
  const avvisi = avvisiRiga(r, { tipologie, articoli, formate: formate ?? 'tutte' });
  const sostituita = r.sostituisce_riga_id ? scheda?.in_dotazione.find((d) => d.id === r.sostituisce_riga_id) : undefined;
  const set = (patch: Partial<RigaForm>) => form.setFieldValue(['righe', name], { ...r, ...patch });
  /** The employee's own size for a type handed out in sizes. */
  const tagliaDipendente = (x: TTipologiaRow | undefined) => (x?.taglie && x.tipo_taglia && scheda ? scheda.taglie[x.tipo_taglia] : null);

  const tipologiaOptions = tipologie.filter((x) => x.attivo || x.id === r.tipologia_id).map((x) => ({ value: x.id, label: x.descrizione }));
  const articoloOptions = articoli
    .filter((a) => (a.attivo || a.id === r.articolo_id) && (!r.tipologia_id || a.tipologia_id === r.tipologia_id))
    .map((a) => ({ value: a.id, label: r.tipologia_id ? nomeArticolo(a) : `${nomeArticolo(a)} · ${a.tipologia_descrizione}` }));
  const taglie = new Map((art?.giacenze ?? []).filter((g) => g.taglia).map((g) => [g.taglia!, g.quantita]));
  if (r.taglia && !taglie.has(r.taglia)) taglie.set(r.taglia, 0);
  const mostraTaglia = art ? art.taglie : !!tip?.taglie;
  const serie = !!art?.numero_serie;
  const data = toWireDate(Form.useWatch('data', form) ?? dayjs())!;
  const vita = tip?.vita_utile_mesi ?? null;
  // a unit or a lot past its manufacturer's end of life on the delivery day is shown and cannot be chosen (the server refuses it)
  const etichetta = (nome: string, m: { lotto: string | null; data_fabbricazione: string | null }) => {
    const fine = fineVita(m.data_fabbricazione, vita);
    return [nome, m.lotto && nome !== m.lotto ? t('dotazioni.lotto_di', { lotto: m.lotto }) : null, m.data_fabbricazione && t('dotazioni.fabbricato_il', { data: formatDate(m.data_fabbricazione) }), fine && t('dotazioni.fine_vita_il', { data: formatDate(fine) })]
      .filter(Boolean)
      .join(' · ');
  };
  const unitaLibere = unita.data ?? [];
  const serieOptions = [
    ...(r.numero_serie && !unitaLibere.some((u) => u.numero_serie === r.numero_serie) ? [{ value: r.numero_serie, label: r.numero_serie, disabled: false }] : []),
    ...unitaLibere.map((u) => ({ value: u.numero_serie, label: etichetta(u.numero_serie, u), disabled: oltreFineVita(data, u.data_fabbricazione, vita) })),
  ];
  const lotti = !serie && art ? art.lotti.filter((l) => (l.taglia ?? null) === (art.taglie ? (r.taglia ?? null) : null)) : [];
  const lottoOptions = lotti.map((l) => ({ value: l.lotto, label: etichetta(l.lotto, l), disabled: oltreFineVita(data, l.data_fabbricazione, vita) }));
  // the due date this line will have: the earlier of the manufacturer's end of life and the replacement interval
  const fatto = serie ? unitaLibere.find((u) => u.numero_serie === r.numero_serie) : lotti.find((l) => l.lotto === r.lotto);
  // (where the manufacturer states a life, only once the unit or lot, and so its manufacture, is chosen)
  const scadenza = tip && (!vita || fatto) ? scadenzaConsegna(data, tip.durata_mesi, fatto?.data_fabbricazione ?? null, vita) : null;

  return (
    <div className="tl-dot-riga" data-testid={`riga-consegna-${index}`}>
      <Form.Item name={[name, 'sostituisce_riga_id']} hidden>
        <input type="hidden" />
      </Form.Item>
      <Form.Item name={[name, 'motivo']} hidden>
        <input type="hidden" />
      </Form.Item>
      <Space size={4} wrap style={{ marginBottom: 4 }}>
        <Typography.Text type="secondary">{t('dotazioni.riga_n', { n: index + 1 })}</Typography.Text>
        {tip ? <CategoriaTag categoria={tip.categoria} dpi={tip.dpi} /> : null}
        {r.motivo ? <Tag color={r.motivo === 'mancante' ? 'blue' : 'orange'}>{t(`dotazioni_valori.motivo_${r.motivo}`)}</Tag> : null}
        {scadenza ? <Tag data-testid={`riga-scadenza-${index}`}>{t('dotazioni.scade_il', { data: formatDate(scadenza) })}</Tag> : null}
        {sostituita ? (
          <Tag color="purple">{t('dotazioni.sostituisce', { articolo: sostituita.articolo, data: formatDate(sostituita.data_consegna) })}</Tag>
        ) : null}
      </Space>
      <Row gutter={12} align="top">
        <Col xs={24} md={6}>
          <Form.Item name={[name, 'tipologia_id']} label={t('dotazioni.tipologia')} style={{ marginBottom: 8 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={tipologiaOptions}
              placeholder={t('ui.seleziona')}
              notFoundContent={t('ui.nessun_dato')}
              onChange={(v: number) => {
                const x = tipologie.find((y) => y.id === v);
                const candidati = articoli.filter((a) => a.attivo && a.tipologia_id === v);
                const unico = candidati.length === 1 ? candidati[0] : undefined;
                set({ tipologia_id: v, articolo_id: unico?.id, taglia: tagliaDipendente(x), numero_serie: null, lotto: null, quantita: x?.numero_serie ? 1 : (r.quantita ?? 1) });
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={7}>
          <Form.Item name={[name, 'articolo_id']} label={t('dotazioni.articolo')} rules={[requiredRule(t, 'dotazioni.articolo')]} style={{ marginBottom: 8 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={articoloOptions}
              placeholder={t('ui.seleziona')}
              notFoundContent={t('ui.nessun_dato')}
              onChange={(v: number) => {
                const a = articoli.find((y) => y.id === v);
                const x = tipologie.find((y) => y.id === a?.tipologia_id);
                set({
                  articolo_id: v, tipologia_id: a?.tipologia_id, numero_serie: null, lotto: null,
                  taglia: a?.taglie ? (r.taglia ?? tagliaDipendente(x)) : null, quantita: a?.numero_serie ? 1 : (r.quantita ?? 1),
                });
              }}
            />
          </Form.Item>
        </Col>
        {mostraTaglia ? (
          <Col xs={12} md={5}>
            <Form.Item name={[name, 'taglia']} label={t('dotazioni.taglia')} rules={[requiredRule(t, 'dotazioni.taglia')]} style={{ marginBottom: 8 }}>
              <Select
                showSearch
                options={[...taglie].map(([taglia, n]) => ({ value: taglia, label: t('dotazioni.taglia_disponibili', { taglia, count: n }) }))}
                placeholder={t('ui.seleziona')}
                notFoundContent={t('ui.nessun_dato')}
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={12} md={3}>
          <Form.Item name={[name, 'quantita']} label={t('dotazioni.quantita')} rules={[requiredRule(t, 'dotazioni.quantita')]} style={{ marginBottom: 8 }}>
            <InputNumber min={1} max={100000} precision={0} disabled={serie} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {serie ? (
          <Col xs={24} md={6}>
            <Form.Item name={[name, 'numero_serie']} label={t('dotazioni.numero_serie')} rules={[requiredRule(t, 'dotazioni.numero_serie')]} style={{ marginBottom: 8 }}>
              <Select showSearch={{ optionFilterProp: 'value' }} options={serieOptions} loading={unita.isLoading} placeholder={t('ui.seleziona')} notFoundContent={t('dotazioni.nessuna_unita_disponibile')} popupMatchSelectWidth={false} />
            </Form.Item>
          </Col>
        ) : null}
        {lottoOptions.length ? (
          <Col xs={24} md={6}>
            <Form.Item name={[name, 'lotto']} label={t('dotazioni.scegli_lotto')} rules={vita ? [requiredRule(t, 'dotazioni.lotto')] : undefined} style={{ marginBottom: 8 }}>
              <Select allowClear={!vita} options={lottoOptions} placeholder={t('ui.seleziona')} popupMatchSelectWidth={false} data-testid={`riga-lotto-${index}`} />
            </Form.Item>
          </Col>
        ) : null}
        <Col flex="none" style={{ marginLeft: 'auto' }}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('ui.rimuovi_riga', { n: index + 1 })}
            title={t('ui.rimuovi_riga', { n: index + 1 })}
            onClick={onRemove}
            style={{ marginTop: 30 }}
          />
        </Col>
      </Row>
      {avvisi.map((a) =>
        a.tipo === 'formazione_mancante' ? (
          <Alert
            key="formazione"
            type="warning"
            showIcon
            title={t('avvisi.formazione_mancante', { tipologia: a.tipologia })}
            action={
              <Button size="small" onClick={() => onRegistraFormazione(a.tipologia_id)} data-testid={`riga-registra-formazione-${index}`}>
                {t('dotazioni.registra_formazione')}
              </Button>
            }
            style={{ marginTop: 4 }}
            data-testid={`riga-formazione-mancante-${index}`}
          />
        ) : (
          <Alert key="giacenza" type="warning" showIcon title={t('dotazioni.disponibili_meno', { count: a.disponibili })} style={{ marginTop: 4 }} data-testid={`riga-giacenza-${index}`} />
        ),
      )}
    </div>
  );
}
