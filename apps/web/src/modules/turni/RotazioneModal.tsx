import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, DatePicker, Form, InputNumber, Modal, Segmented, Select, Space, Tag, Typography } from 'antd';
import { ZCalendarioRotazione } from '@tulip/contract';
import { issuesToFields } from '../../components/zodForm';
import { dayjs, UI_DATE, type Dayjs } from '../../platform/formats';
import { call } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { notifyPositive } from '../../platform/notifications/store';
import { OPS_CONSULTAZIONE } from '@tulip/contract/wire';
import { DipendenteSelect } from '../../components/people';
import { TurnoBadge, type TurnoRow } from './shifts';
import { requiredRule } from '../../components/formRules';
import { useCloseGuard } from '../../components/useCloseGuard';

type Periodo = 'giorno' | 'settimana';
type Values = { dipendenti: number[]; periodo_date: [Dayjs, Dayjs] | null; periodo: Periodo; sfasamento: number };
const RIPOSO = 0;

/** The sequence of shifts applied in turn (null = rest): tags with remove, a select to append. */
function SequenzaEditor({ value, onChange, turni, id }: { value?: (number | null)[]; onChange?: (v: (number | null)[]) => void; turni: TurnoRow[]; id?: string }) {
  const { t } = useTranslation();
  const seq = value ?? [];
  return (
    <div id={id}>
      <div className="tl-sequenza" aria-live="polite">
        {seq.length ? (
          seq.map((s, i) => {
            const tt = s ? turni.find((x) => x.id === s) : undefined;
            return (
              <Tag
                key={i}
                closable
                closeIcon
                onClose={(e) => {
                  e.preventDefault();
                  onChange?.(seq.filter((_, j) => j !== i));
                }}
                className="tl-sequenza__item"
              >
                <span className="tl-sequenza__n">{i + 1}</span>
                {tt ? <TurnoBadge codice={tt.codice} colore={tt.colore} /> : <span>{t('orari.riposo')}</span>}
              </Tag>
            );
          })
        ) : (
          <Typography.Text type="secondary">{t('rotazione.sequenza_vuota')}</Typography.Text>
        )}
      </div>
      <Select
        aria-label={t('rotazione.aggiungi_sequenza')}
        placeholder={t('rotazione.aggiungi_sequenza')}
        value={null}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 280, marginTop: 8 }}
        disabled={seq.length >= 31}
        options={[...turni.map((x) => ({ value: x.id, label: `${x.codice} - ${x.descrizione}` })), { value: RIPOSO, label: t('orari.riposo') }]}
        onChange={(v: number) => onChange?.([...seq, v === RIPOSO ? null : v])}
      />
    </div>
  );
}

/**
 * "Rotazione": employees, period, a sequence of shifts (e.g. T1, T2, T3) each lasting a day or a
 * week, and the offset of each following employee -> PUT /api/turni/calendario/rotazione.
 */
export function RotazioneModal({
  open,
  onClose,
  onDone,
  turni,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (answer: unknown) => void;
  turni: TurnoRow[];
  initial: { dipendenti: number[]; dal: string; al: string };
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values & { sequenza: (number | null)[] }>();
  const [closeAsking, closeHolder] = useCloseGuard(form, onClose, open);
  const [saving, setSaving] = useState(false);
  const periodo = Form.useWatch('periodo', form);
  const sequenza = Form.useWatch('sequenza', form) ?? [];
  const sfasamento = Form.useWatch('sfasamento', form) ?? 0;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      dipendenti: initial.dipendenti,
      periodo_date: [dayjs(initial.dal), dayjs(initial.al)],
      sequenza: [],
      periodo: 'settimana',
      sfasamento: 1,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  async function submit() {
    let v: Values & { sequenza: (number | null)[] };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      dipendenti: v.dipendenti ?? [],
      dal: v.periodo_date?.[0]?.format('YYYY-MM-DD') ?? '',
      al: v.periodo_date?.[1]?.format('YYYY-MM-DD') ?? '',
      sequenza: v.sequenza ?? [],
      periodo: v.periodo,
      sfasamento: v.sfasamento ?? 0,
    };
    const parsed = ZCalendarioRotazione.safeParse(body);
    if (!parsed.success) {
      const errs = issuesToFields(parsed.error.issues, body);
      form.setFields(
        Object.entries(errs).map(([name, key]) => ({ name: (name === 'dal' || name === 'al' ? 'periodo_date' : name) as never, errors: [t(key)] })),
      );
      return;
    }
    setSaving(true);
    try {
      const answer = await call(OPS_CONSULTAZIONE.rotazione, { body: parsed.data }, { notifySuccess: false });
      notifyPositive(t('calendario.celle_aggiornate', { n: answer.data.celle }));
      onDone(answer);
    } catch (e) {
      if (e instanceof ApiError)
        form.setFields(Object.entries(e.fields).map(([name, key]) => ({ name: (name === 'dal' || name === 'al' ? 'periodo_date' : name) as never, errors: [t(key)] })));
    } finally {
      setSaving(false);
    }
  }

  const nome = (s: number | null) => (s ? (turni.find((x) => x.id === s)?.codice ?? '?') : t('orari.riposo_breve'));
  const esempio = sequenza.length
    ? [0, 1, 2].map((emp) =>
        Array.from({ length: Math.min(6, Math.max(3, sequenza.length)) }, (_, i) => nome(sequenza[(i + emp * sfasamento) % sequenza.length] ?? null)),
      )
    : [];

  return (
    <>

      {closeHolder}

      <Modal
      open={open}
      title={t('rotazione.titolo')}
      onCancel={closeAsking}
      width={640}
      forceRender
      footer={
        <Space>
          <Button onClick={closeAsking}>{t('ui.annulla')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('rotazione.applica')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="rotazione" data-testid="rotazione-form">
        <Form.Item name="dipendenti" label={t('rotazione.dipendenti')} rules={[requiredRule(t, 'rotazione.dipendenti', { type: 'array', min: 1 })]} extra={t('rotazione.dipendenti_hint')}>
          <DipendenteSelect mode="multiple" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="periodo_date" label={t('rotazione.periodo_date')} rules={[requiredRule(t, 'rotazione.periodo_date')]}>
          <DatePicker.RangePicker format={UI_DATE} style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Form.Item
          name="sequenza"
          label={t('rotazione.sequenza')}
          rules={[{ required: true, type: 'array', min: 1, message: t('rotazione.sequenza_richiesta') }]}
          extra={t('rotazione.sequenza_hint')}
        >
          <SequenzaEditor turni={turni} />
        </Form.Item>
        <Space size="large" wrap align="start">
          <Form.Item name="periodo" label={t('rotazione.durata')}>
            <Segmented<Periodo>
              options={[
                { value: 'giorno', label: t('rotazione.per_giorno') },
                { value: 'settimana', label: t('rotazione.per_settimana') },
              ]}
            />
          </Form.Item>
          <Form.Item name="sfasamento" label={t('rotazione.sfasamento')} tooltip={t('rotazione.sfasamento_hint')}>
            <InputNumber min={0} max={31} precision={0} />
          </Form.Item>
        </Space>
        {esempio.length ? (
          <Alert
            type="info"
            title={t('rotazione.esempio', { unita: periodo === 'giorno' ? t('rotazione.giorni') : t('rotazione.settimane') })}
            description={
              <div className="tl-rot-esempio">
                {esempio.map((r, i) => (
                  <div key={i}>
                    <span className="tl-rot-esempio__who">{t('rotazione.dipendente_n', { n: i + 1 })}</span> {r.join(' → ')} …
                  </div>
                ))}
              </div>
            }
          />
        ) : null}
      </Form>
    </Modal>
    </>
  );
}

/** One shift (or rest) for the checked employees over a period: a rotation with a single step. */
export function AssegnaModal({
  open,
  onClose,
  onDone,
  turni,
  dipendenti,
  nomi,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (answer: unknown) => void;
  turni: TurnoRow[];
  dipendenti: number[];
  nomi: string[];
  initial: { dal: string; al: string };
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ turno: number; periodo_date: [Dayjs, Dayjs] }>();
  const [closeAsking, closeHolder] = useCloseGuard(form, onClose, open);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ periodo_date: [dayjs(initial.dal), dayjs(initial.al)] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  async function submit() {
    let v: { turno: number; periodo_date: [Dayjs, Dayjs] };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = {
        dipendenti,
        dal: v.periodo_date[0].format('YYYY-MM-DD'),
        al: v.periodo_date[1].format('YYYY-MM-DD'),
        sequenza: [v.turno === RIPOSO ? null : v.turno],
        periodo: 'giorno' as const,
        sfasamento: 0,
      };
      const answer = await call(OPS_CONSULTAZIONE.rotazione, { body }, { notifySuccess: false });
      notifyPositive(t('calendario.celle_aggiornate', { n: answer.data.celle }));
      onDone(answer);
    } catch {
      /* notified */
    } finally {
      setSaving(false);
    }
  }

  return (
    <>

      {closeHolder}

      <Modal
      open={open}
      title={t('calendario.assegna_periodo')}
      onCancel={closeAsking}
      forceRender
      okText={t('calendario.assegna')}
      cancelText={t('ui.annulla')}
      confirmLoading={saving}
      onOk={() => void submit()}
    >
      <Typography.Paragraph>
        {t('calendario.assegna_a', { n: dipendenti.length })}{' '}
        <Typography.Text type="secondary">{nomi.slice(0, 6).join(', ')}{nomi.length > 6 ? '…' : ''}</Typography.Text>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="assegna">
        <Form.Item name="turno" label={t('calendario.turno_da_assegnare')} rules={[requiredRule(t, 'calendario.turno_da_assegnare')]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={[...turni.map((x) => ({ value: x.id, label: `${x.codice} - ${x.descrizione}` })), { value: RIPOSO, label: t('orari.riposo') }]}
          />
        </Form.Item>
        <Form.Item name="periodo_date" label={t('rotazione.periodo_date')} rules={[requiredRule(t, 'rotazione.periodo_date')]}>
          <DatePicker.RangePicker format={UI_DATE} style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
      </Form>
    </Modal>
    </>
  );
}
