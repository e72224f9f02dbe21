/** Settling approved notes (HR): a payment date, a payroll month (by default the date's), one note or many at once. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DatePicker, Form, Popover, Space, Typography } from 'antd';
import { useBusy } from '../../components/useBusy';
import { EuroOutlined } from '@ant-design/icons';
import { OPS_SPESE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { dayjs, UI_DATE, type Dayjs } from '../../platform/formats';

type Values = { data?: Dayjs | null; mese?: Dayjs | null };

export function LiquidaButton({ ids, onDone, testId, label, size, disabled, ariaLabel, iconOnly, type }: {
  ids: number[]; onDone: () => unknown; testId?: string; label?: string; size?: 'small' | 'middle'; disabled?: boolean; ariaLabel?: string; iconOnly?: boolean; type?: 'text' | 'default' | 'primary';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, run] = useBusy();
  const [form] = Form.useForm<Values>();
  const [missing, setMissing] = useState(false);

  async function confirm() {
    const v = form.getFieldsValue();
    if (!v.data && !v.mese) return setMissing(true);
    const body = { data: v.data ? v.data.format('YYYY-MM-DD') : undefined, mese_paghe: v.mese ? v.mese.format('YYYY-MM') : undefined };
    await run(async () => {
      if (ids.length === 1) await call(OPS_SPESE.liquida, { params: { id: ids[0] }, body });
      else await call(OPS_SPESE.liquidaMolte, { body: { ids, ...body } });
      setOpen(false);
      await onDone();
    });
  }

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setMissing(false);
        if (o) form.setFieldsValue({ data: dayjs(), mese: dayjs() });
      }}
      trigger="click"
      title={ids.length > 1 ? t('spese.liquida_note', { count: ids.length }) : t('spese.liquida_titolo')}
      content={
        <Form form={form} layout="vertical" style={{ width: 260 }} data-testid={testId ? `${testId}-popover` : undefined} onFinish={() => void confirm()}>
          <Form.Item name="data" label={t('spese.data_pagamento')} style={{ marginBottom: 8 }}>
            <DatePicker
              format={UI_DATE}
              style={{ width: '100%' }}
              onChange={(d) => {
                if (d) form.setFieldValue('mese', d);
                setMissing(false);
              }}
            />
          </Form.Item>
          <Form.Item name="mese" label={t('spese.mese_paghe')} style={{ marginBottom: 8 }}>
            <DatePicker picker="month" format="MM/YYYY" style={{ width: '100%' }} onChange={() => setMissing(false)} />
          </Form.Item>
          {missing ? (
            <Typography.Text type="danger" role="alert">
              {t('avvisi.liquidazione_data')}
            </Typography.Text>
          ) : null}
          <Space style={{ justifyContent: 'flex-end', width: '100%', marginTop: 8 }}>
            <Button size="small" onClick={() => setOpen(false)}>
              {t('ui.annulla')}
            </Button>
            <Button size="small" type="primary" htmlType="submit" loading={busy} data-testid={testId ? `${testId}-conferma` : undefined}>
              {t('spese.liquida')}
            </Button>
          </Space>
        </Form>
      }
    >
      <Button size={size} type={type} icon={<EuroOutlined />} disabled={disabled} aria-label={ariaLabel} title={iconOnly ? (ariaLabel ?? t('spese.liquida')) : undefined} data-testid={testId}>
        {iconOnly ? null : (label ?? t('spese.liquida'))}
      </Button>
    </Popover>
  );
}
