/** Previous / current / next month or week, with a picker. */
import { useTranslation } from 'react-i18next';
import { Button, DatePicker, Space, Tooltip } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { dayjs, type Dayjs, UI_DATE, meseAnno } from '../platform/formats';

/** Previous / today / next and a month (or week) picker. */
export function PeriodNav({
  value,
  onChange,
  unit,
}: {
  value: Dayjs;
  onChange: (d: Dayjs) => void;
  unit: 'month' | 'week';
}) {
  const { t } = useTranslation();
  const label = unit === 'month' ? t('presenze.mese') : t('presenze.settimana');
  return (
    <Space.Compact>
      <Tooltip title={unit === 'month' ? t('presenze.mese_precedente') : t('presenze.settimana_precedente')}>
        <Button
          icon={<LeftOutlined />}
          aria-label={unit === 'month' ? t('presenze.mese_precedente') : t('presenze.settimana_precedente')}
          onClick={() => onChange(value.subtract(1, unit))}
        />
      </Tooltip>
      <DatePicker
        picker={unit}
        aria-label={label}
        allowClear={false}
        value={value}
        format={(d) =>
          unit === 'month'
            ? meseAnno(d)
            : `${d.locale(dayjs.locale()).startOf('week').format(UI_DATE)} – ${d.locale(dayjs.locale()).endOf('week').format(UI_DATE)}`
        }
        onChange={(d) => d && onChange(d)}
        style={{ width: unit === 'month' ? 170 : 230 }}
      />
      <Button onClick={() => onChange(dayjs())}>{unit === 'month' ? t('presenze.mese_corrente') : t('presenze.oggi')}</Button>
      <Tooltip title={unit === 'month' ? t('presenze.mese_successivo') : t('presenze.settimana_successiva')}>
        <Button
          icon={<RightOutlined />}
          aria-label={unit === 'month' ? t('presenze.mese_successivo') : t('presenze.settimana_successiva')}
          onClick={() => onChange(value.add(1, unit))}
        />
      </Tooltip>
    </Space.Compact>
  );
}
