import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Drawer, Empty, Form, Input, Row, Segmented, Select, Space, Spin, Tag, Typography } from 'antd';
import { ANNI_SALDO, ZGiustificativoInput } from '@tulip/contract';
import { OPS_GIUSTIFICATIVI } from '@tulip/contract/wire';
import { issuesToFields } from '../../components/zodForm';
import { dayjs, UI_DATE, type Dayjs } from '../../platform/formats';
import { call } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { translateMessage } from '../../platform/i18n';
import { DipendenteSelect } from '../../components/people';
import { formatMinuti, MinutiInput, minutiRule } from '../../components/minuti';
import { useCausali } from './common';
import { useSession } from '../../platform/session';
import { requiredRule } from '../../components/formRules';
import { useCloseGuard } from '../../components/useCloseGuard';

type Modo = 'giorni' | 'ore';
type Values = {
  dipendente_id?: number;
  codice?: string;
  modo: Modo;
  periodo?: [Dayjs, Dayjs] | null;
  giorno?: Dayjs | null;
  minuti?: number | null;
  note?: string;
  certificato?: string;
};

/** Balance of a leave type for an employee and year (GET /api/giustificativi/saldi). */
function SaldoCard({ dipendenteId, codice, anno }: { dipendenteId?: number; codice?: string; anno: number }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  // no call that is known to fail: whose balance (a user without an employee chooses one), and a year the server keeps
  const whose = dipendenteId ?? (profile?.dipendente ? 'me' : null);
  const plausible = anno >= ANNI_SALDO.min && anno <= ANNI_SALDO.max;
  const saldi = useQuery({
    queryKey: ['giustificativi', 'saldi', whose, anno],
    queryFn: () => call(OPS_GIUSTIFICATIVI.saldi, { query: { dipendente_id: dipendenteId, anno } }, { notifyError: false }),
    select: (a) => (Array.isArray(a) ? a : []),
    enabled: whose !== null && plausible,
  });
  const s = codice ? saldi.data?.find((x) => x.codice === codice) : undefined;
  const row = (label: string, v: number, strong?: boolean) => (
    <div className={`tl-saldo-row${strong ? ' is-strong' : ''}`}>
      <span>{label}</span>
      <span>{formatMinuti(v)}</span>
    </div>
  );
  return (
    <Card size="small" title={t('giustificativi.saldo_titolo', { anno })} data-testid="giustificativi-saldo">
      {whose === null ? (
        <Typography.Text type="secondary">{t('giustificativi.saldo_scegli_dipendente')}</Typography.Text>
      ) : !plausible ? (
        <Typography.Text type="secondary">{t('avvisi.data_non_valida')}</Typography.Text>
      ) : saldi.isLoading ? (
        <Spin />
      ) : saldi.isError ? (
        <Alert type="error" showIcon title={saldi.error instanceof ApiError ? translateMessage(saldi.error.body.message, saldi.error.body.params) : t('avvisi.server_error')} />
      ) : !codice ? (
        <Typography.Text type="secondary">{t('giustificativi.saldo_scegli_causale')}</Typography.Text>
      ) : !s ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('giustificativi.saldo_non_gestito')} />
      ) : (
        <div>
          <Typography.Text strong>
            {s.codice} — {s.descrizione}
          </Typography.Text>
          <div className="tl-saldo">
            {row(t('giustificativi.saldo_spettanza'), s.spettanza)}
            {row(t('giustificativi.saldo_maturato'), s.maturato)}
            {row(t('giustificativi.saldo_goduto'), s.goduto)}
            {row(t('giustificativi.saldo_richiesto'), s.richiesto)}
            {row(t('giustificativi.saldo_residuo'), s.residuo, true)}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('giustificativi.saldo_in_ore')}
          </Typography.Text>
          {s.residuo <= 0 ? <Alert type="warning" showIcon title={t('giustificativi.saldo_esaurito')} style={{ marginTop: 8 }} /> : null}
        </div>
      )}
    </Card>
  );
}

/**
 * "Nuova richiesta": leave type (unit G/H), full days from-to or hours on one day, note, INPS
 * certificate when the type needs it; beside it the balance of the chosen type -> PUT /api/giustificativi.
 */
export function RichiestaDrawer({
  open,
  onClose,
  onDone,
  initialDate,
  canChooseDipendente,
  defaultDipendenteId,
  approvaSubito,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  initialDate?: string | null;
  canChooseDipendente: boolean;
  defaultDipendenteId?: number | null;
  /** HR: requests for others are approved at once. */
  approvaSubito?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [closeAsking, closeHolder] = useCloseGuard(form, onClose, open);
  const [saving, setSaving] = useState(false);
  const [errore, setErrore] = useState<string | null>(null);
  const causali = useCausali();
  const codice = Form.useWatch('codice', form);
  const modoScelto = Form.useWatch('modo', form) ?? 'giorni';
  const dipendenteId = Form.useWatch('dipendente_id', form);
  const periodo = Form.useWatch('periodo', form);
  const giorno = Form.useWatch('giorno', form);
  const causale = codice ? causali.byCodice.get(codice) : undefined;
  const unitaNota = causale?.unita;
  // The unit of a known leave type decides; otherwise the user chooses.
  const modo: Modo = unitaNota ? (unitaNota === 'H' ? 'ore' : 'giorni') : modoScelto;
  const anno = (modo === 'ore' ? giorno : periodo?.[0])?.year() ?? dayjs().year();
  // a period across the year end draws on each year's balance: show both
  const annoFine = modo === 'giorni' && periodo?.[1] ? Math.max(anno, periodo[1].year()) : anno;
  const anni = Array.from({ length: annoFine - anno + 1 }, (_, i) => anno + i);

  useEffect(() => {
    if (!open) return;
    setErrore(null);
    form.resetFields();
    const d = initialDate ? dayjs(initialDate) : dayjs();
    form.setFieldsValue({ dipendente_id: defaultDipendenteId ?? undefined, modo: 'giorni', periodo: [d, d], giorno: d, minuti: null, note: '', certificato: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  async function submit() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const ore = modo === 'ore';
    const body: Record<string, unknown> = {
      ...(canChooseDipendente && v.dipendente_id ? { dipendente_id: v.dipendente_id } : {}),
      codice: v.codice ?? '',
      dal: (ore ? v.giorno : v.periodo?.[0])?.format('YYYY-MM-DD') ?? '',
      al: (ore ? v.giorno : v.periodo?.[1])?.format('YYYY-MM-DD') ?? '',
      ...(ore ? { minuti: v.minuti ?? undefined } : {}),
      ...(v.note?.trim() ? { note: v.note.trim() } : {}),
      ...(v.certificato?.trim() ? { certificato: v.certificato.trim() } : {}),
    };
    const parsed = ZGiustificativoInput.safeParse(body);
    const fieldOf = (name: string) => (name === 'dal' || name === 'al' ? (ore ? 'giorno' : 'periodo') : name);
    if (!parsed.success) {
      const errs = issuesToFields(parsed.error.issues, body);
      form.setFields(Object.entries(errs).map(([name, key]) => ({ name: fieldOf(name) as keyof Values, errors: [t(key)] })));
      return;
    }
    setSaving(true);
    setErrore(null);
    try {
      await call(OPS_GIUSTIFICATIVI.richiesta, { body: parsed.data });
      onDone();
    } catch (e) {
      if (e instanceof ApiError) {
        const f = Object.entries(e.fields);
        if (f.length) form.setFields(f.map(([name, key]) => ({ name: fieldOf(name) as keyof Values, errors: [t(key)] })));
        else setErrore(translateMessage(e.body.message, e.body.params));
      }
    } finally {
      setSaving(false);
    }
  }

  const certificatoRichiesto = !!causale?.richiede_certificato;
  const giorniSel = periodo?.[0] && periodo?.[1] ? periodo[1].diff(periodo[0], 'day') + 1 : 0;

  return (
    <Drawer
      open={open}
      onClose={closeAsking}
      size={880}
      title={t('giustificativi.nuova_richiesta')}
      forceRender
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={closeAsking}>{t('ui.annulla')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('giustificativi.invia_richiesta')}
          </Button>
        </Space>
      }
    >
      <Row gutter={24}>
        <Col xs={24} md={14}>
          {errore ? <Alert type="error" showIcon title={errore} style={{ marginBottom: 16 }} /> : null}
          {closeHolder}
          <Form form={form} layout="vertical" name="richiesta" data-testid="richiesta-form" onFinish={() => void submit()}>
            {canChooseDipendente ? (
              <Form.Item name="dipendente_id" label={t('giustificativi.dipendente')} rules={[requiredRule(t, 'giustificativi.dipendente')]} extra={approvaSubito ? t('giustificativi.dipendente_hint') : undefined}>
                <DipendenteSelect style={{ width: '100%' }} />
              </Form.Item>
            ) : null}
            <Form.Item name="codice" label={t('giustificativi.causale')} rules={[requiredRule(t, 'giustificativi.causale')]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={causali.loading}
                placeholder={t('ui.seleziona')}
                notFoundContent={t('ui.nessun_dato')}
                options={causali.options.map((o) => ({
                  value: o.value,
                  label: o.label,
                  unita: o.causale?.unita,
                }))}
                optionRender={(o) => (
                  <Space>
                    <span>{o.label}</span>
                    {o.data.unita ? <Tag>{o.data.unita === 'G' ? t('giustificativi.unita_G') : t('giustificativi.unita_H')}</Tag> : null}
                  </Space>
                )}
              />
            </Form.Item>
            <Form.Item name="modo" label={t('giustificativi.modalita')} hidden={!!unitaNota}>
              <Segmented<Modo>
                options={[
                  { value: 'giorni', label: t('giustificativi.giorni_interi') },
                  { value: 'ore', label: t('giustificativi.ore_in_giornata') },
                ]}
              />
            </Form.Item>
            {unitaNota ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={t(unitaNota === 'G' ? 'giustificativi.unita_G_hint' : 'giustificativi.unita_H_hint')}
              />
            ) : null}
            {modo === 'giorni' ? (
              <Form.Item
                name="periodo"
                label={t('giustificativi.dal_al')}
                rules={[requiredRule(t, 'giustificativi.dal_al')]}
                extra={giorniSel ? t('giustificativi.giorni_selezionati', { n: giorniSel }) : undefined}
              >
                <DatePicker.RangePicker format={UI_DATE} style={{ width: '100%' }} allowClear={false} />
              </Form.Item>
            ) : (
              <Row gutter={16}>
                <Col span={12}>
                  <Form.Item name="giorno" label={t('giustificativi.giorno')} rules={[requiredRule(t, 'giustificativi.giorno')]}>
                    <DatePicker format={UI_DATE} style={{ width: '100%' }} allowClear={false} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="minuti"
                    label={t('giustificativi.ore')}
                    rules={[requiredRule(t, 'giustificativi.ore'), minutiRule(t('turni.formato_ore'))]}
                    extra={t('giustificativi.ore_hint')}
                  >
                    <MinutiInput placeholder="h:mm" />
                  </Form.Item>
                </Col>
              </Row>
            )}
            {certificatoRichiesto || (!causale && causali.byCodice.size === 0) ? (
              <Form.Item
                name="certificato"
                label={t('giustificativi.certificato')}
                rules={certificatoRichiesto ? [requiredRule(t, 'giustificativi.certificato', { whitespace: true }), { max: 40 }] : [{ max: 40 }]}
                extra={t('giustificativi.certificato_hint')}
              >
                <Input maxLength={40} />
              </Form.Item>
            ) : null}
            <Form.Item name="note" label={t('giustificativi.note')} rules={[{ max: 500 }]}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
            {causale && !causale.richiede_approvazione ? (
              <Alert type="info" showIcon title={t('giustificativi.senza_approvazione')} />
            ) : null}
          </Form>
        </Col>
        <Col xs={24} md={10}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {anni.map((a) => (
              <SaldoCard key={a} dipendenteId={canChooseDipendente ? dipendenteId : undefined} codice={codice} anno={a} />
            ))}
          </Space>
        </Col>
      </Row>
    </Drawer>
  );
}
