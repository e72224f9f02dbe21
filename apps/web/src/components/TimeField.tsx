/**
 * antd's TimePicker drops text that is not a time ("25:99"), and the form then says the field is required. This field
 * keeps it as an invalid time, so `timeRule` (./formRules.ts) can say the time is wrong (issue #12).
 */
import { TimePicker, type TimePickerProps } from 'antd';
import type { Dayjs } from '../platform/formats';
import { isInvalidTime, TIME_TEXT, type InvalidTime } from './formRules';

type TimeFieldProps = Omit<TimePickerProps, 'value' | 'onChange'> & {
  value?: Dayjs | InvalidTime | null;
  onChange?: (value: Dayjs | InvalidTime | null) => void;
};

/** A 24-hour HH:mm time field that keeps a wrong time as wrong instead of as empty. */
export function TimeField({ value, onChange, onBlur, onKeyDown, ...props }: TimeFieldProps) {
  const keepInvalid = (input: EventTarget) => {
    const text = (input as HTMLInputElement).value ?? '';
    if (text.trim() && !TIME_TEXT.test(text)) onChange?.({ invalidTime: text.trim() });
  };
  return (
    <TimePicker
      format="HH:mm"
      needConfirm={false}
      {...props}
      value={isInvalidTime(value) ? null : (value ?? null)}
      onChange={(v) => onChange?.(v)}
      onBlur={(e, info) => {
        keepInvalid(e.target);
        onBlur?.(e, info);
      }}
      onKeyDown={(e, preventDefault) => {
        // Enter submits the form: what was typed must count first
        if (e.key === 'Enter') keepInvalid(e.target);
        onKeyDown?.(e, preventDefault);
      }}
    />
  );
}

