/** Durations as h:mm on screen, integer minutes in data: format, parse, the input and its form rule. */
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Input } from 'antd';

/** 510 -> "8:30", 5 -> "0:05", -15 -> "-0:15"; '' for null/undefined. */
export function formatMinuti(m: number | null | undefined): string {
  if (m === null || m === undefined || !Number.isFinite(m)) return '';
  const sign = m < 0 ? '-' : '';
  const abs = Math.round(Math.abs(m));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** "8:30" -> 510, "8" -> 480, "0:05" -> 5, "7,5"/"7.5" -> 450; null when empty; NaN when not valid. */
export function parseMinuti(s: string): number | null {
  const v = s.trim();
  if (!v) return null;
  let m = /^(\d{1,4}):([0-5]?\d)$/.exec(v);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  m = /^(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(v);
  if (m) return Math.round((Number(m[1]) + (m[2] ? Number(`0.${m[2]}`) : 0)) * 60);
  return Number.NaN;
}

/**
 * Duration input shown as h:mm and stored as integer minutes (Form.Item passes value/onChange).
 * The text is normalised on blur; an invalid text leaves NaN, which the form's validator reports.
 */
export function MinutiInput({
  value,
  onChange,
  id,
  placeholder,
  disabled,
  style,
  'aria-label': ariaLabel,
  suffix,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
  suffix?: ReactNode;
}) {
  const [text, setText] = useState(formatMinuti(value));
  useEffect(() => {
    const parsed = parseMinuti(text);
    if (parsed !== value && !(Number.isNaN(parsed) && Number.isNaN(value))) setText(formatMinuti(value));
    // Only external changes of the value rewrite the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Input
      id={id}
      value={text}
      disabled={disabled}
      style={style}
      aria-label={ariaLabel}
      inputMode="numeric"
      placeholder={placeholder ?? 'h:mm'}
      suffix={suffix}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(parseMinuti(e.target.value));
      }}
      onBlur={() => {
        const p = parseMinuti(text);
        if (p !== null && !Number.isNaN(p)) setText(formatMinuti(p));
      }}
    />
  );
}

/** antd rule for MinutiInput fields: refuses a text that is not h:mm. */
export const minutiRule = (message: string) => ({
  validator: (_: unknown, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? Promise.reject(new Error(message)) : Promise.resolve()),
});
