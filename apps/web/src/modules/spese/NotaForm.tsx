/**
 * A new expense note, or its header changed while a draft: a description and, optionally, the business trip
 * (destination, abroad, within the workplace's municipality, from–to, regime, the order to charge).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, DatePicker, Drawer, Form, Grid, Input, Radio, Space, Switch, Typography } from 'antd';
import { REGIMI_TRASFERTA, type TRegimeTrasferta } from '@tulip/contract';
import { OPS_SPESE, RES_COMMESSE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { dayjs, UI_DATE, type Dayjs } from '../../platform/formats';
import { LookupSelect } from '../../components/LookupSelect';
import { requiredRule } from '../../components/formRules';
import { useCloseGuard } from '../../components/useCloseGuard';
import type { Nota } from './common';

type Values = {
  descrizione?: string;
  trasferta: boolean;
  destinazione?: string;
  estero: boolean;
  comune_sede: boolean;
  periodo?: [Dayjs, Dayjs];
  regime: TRegimeTrasferta;
  commessa_id?: number | null;
};

export function NotaDrawer({ open, nota, onClose, onSaved }: { open: boolean; nota: Nota | null; onClose: () => void; onSaved: (n: Nota) => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const [closeAsking, closeHolder] = useCloseGuard(form, onClose, open);
  const [saving, setSaving] = useState(false);
  const trasferta = Form.useWatch('trasferta', form) ?? true;
  const estero = Form.useWatch('estero', form) ?? false;
  const regime = Form.useWatch('regime', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const tr = nota?.trasferta;
    const oggi = dayjs();
    form.setFieldsValue(
      nota
        ? {
            descrizione: nota.descrizione, trasferta: !!tr, destinazione: tr?.destinazione ?? '', estero: !!tr?.estero, comune_sede: !!tr?.comune_sede,
            periodo: tr ? [dayjs(tr.dal), dayjs(tr.al)] : [oggi, oggi], regime: tr?.regime ?? 'misto', commessa_id: tr?.commessa_id ?? null,
          }
        : { descrizione: '', trasferta: true, destinazione: '', estero: false, comune_sede: false, periodo: [oggi, oggi], regime: 'misto', commessa_id: null },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, nota]);

  async function save() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      descrizione: v.descrizione?.trim() ?? '',
      trasferta: v.trasferta
        ? {
            destinazione: v.destinazione?.trim() ?? '', estero: !!v.estero, comune_sede: !v.estero && !!v.comune_sede, dal: v.periodo![0].format('YYYY-MM-DD'),
            al: v.periodo![1].format('YYYY-MM-DD'), regime: v.regime, commessa_id: v.commessa_id ?? null,
          }
        : null,
    };
    setSaving(true);
    try {
      const a = nota ? await call(OPS_SPESE.modifica, { params: { id: nota.id }, body }) : await call(OPS_SPESE.crea, { body });
      onSaved(a.data);
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = Object.entries(e.fields).map(([k, m]) => [k.replace(/^trasferta\./, '').replace(/^(dal|al)$/, 'periodo'), m] as const);
        form.setFields(fields.filter(([k]) => k in form.getFieldsValue(true)).map(([k, m]) => ({ name: k as keyof Values, errors: [t(m)] })));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer
      open={open}
      onClose={closeAsking}
      size={screens.sm ? 520 : '100%'}
      title={t(nota ? 'spese.modifica_nota' : 'spese.nuova_nota')}
      forceRender
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={closeAsking}>{t('ui.annulla')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="nota-salva">
            {t('ui.salva')}
          </Button>
        </Space>
      }
    >
      {closeHolder}
      <Form form={form} layout="vertical" name="nota-spese" data-testid="nota-form" onFinish={() => void save()}>
        <Form.Item name="descrizione" label={t('spese.descrizione_nota')} rules={[requiredRule(t, 'spese.descrizione_nota', { whitespace: true })]}>
          <Input maxLength={200} placeholder={t('spese.descrizione_nota_hint')} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Form.Item name="trasferta" valuePropName="checked" noStyle>
              <Switch aria-label={t('spese.con_trasferta')} data-testid="nota-trasferta" />
            </Form.Item>
            <span>{t('spese.con_trasferta')}</span>
          </Space>
        </Form.Item>
        {trasferta ? (
          <>
            <Form.Item name="destinazione" label={t('spese.destinazione')} rules={[requiredRule(t, 'spese.destinazione', { whitespace: true })]}>
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="periodo" label={t('spese.dal_al')} rules={[requiredRule(t, 'spese.dal_al')]}>
              <DatePicker.RangePicker format={UI_DATE} style={{ width: '100%' }} allowClear={false} inputReadOnly={!screens.md} placeholder={[t('ui.dal'), t('ui.al')]} />
            </Form.Item>
            <Form.Item name="estero" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>{t('spese.trasferta_estero')}</Checkbox>
            </Form.Item>
            <Form.Item name="comune_sede" valuePropName="checked" extra={t('spese.comune_sede_hint')}>
              <Checkbox disabled={estero}>{t('spese.comune_sede')}</Checkbox>
            </Form.Item>
            <Form.Item name="regime" label={t('spese.regime')} extra={regime ? t(`spese.regime_${regime}_hint`) : undefined}>
              <Radio.Group optionType="button" options={REGIMI_TRASFERTA.map((r) => ({ value: r, label: t(`spese.regime_${r}`) }))} />
            </Form.Item>
            <Form.Item name="commessa_id" label={t('spese.commessa')}>
              <LookupSelect path={RES_COMMESSE.path} numeric />
            </Form.Item>
          </>
        ) : (
          <Typography.Paragraph type="secondary">{t('spese.senza_trasferta_hint')}</Typography.Paragraph>
        )}
      </Form>
    </Drawer>
  );
}
