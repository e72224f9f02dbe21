/**
 * An exact decimal typed in a form (an exchange rate, an ACI cost per km), as text from end to end. The form holds
 * the wire's text ("0.5012") once what is typed reads as a decimal ("0,5012" or "0.5012"), the typed text otherwise,
 * so a rule or the contract's schema refuses it; it is shown back the Italian way. Never a binary float.
 */
import { useState, type FocusEvent } from 'react';
import { Input, Typography } from 'antd';
import { decimaleDaScrivere, leggiDecimale } from './CambiDecimali';

type Props = {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The most decimals (6 for a rate, 4 for a cost per km). */
  places: number;
  /** Places always shown when a stored value is shown back (4 for a cost per km: "0,5000"). */
  minPlaces?: number;
  /** Text said under the field when what is typed is not a decimal, where no Form.Item rule says it (a child line). */
  inlineError?: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

export function CambiDecimaleInput({ value, onChange, places, minPlaces = 0, inlineError, onBlur, ...rest }: Props) {
  const shownAs = (v: string | null | undefined) => (typeof v === 'string' && leggiDecimale(v, places) === v ? decimaleDaScrivere(v, minPlaces) : (v ?? ''));
  const [text, setText] = useState(() => shownAs(value));
  const [shownValue, setShownValue] = useState(value);
  const [left, setLeft] = useState(false);
  // a value set from outside (a record loaded, the form reset, a rate picked to correct) replaces the text
  if (value !== shownValue) {
    setShownValue(value);
    if ((leggiDecimale(text, places) ?? (text.trim() || null)) !== (value ?? null)) setText(shownAs(value));
  }
  const invalid = text.trim() !== '' && leggiDecimale(text, places) === null;
  const errorId = rest.id ? `${rest.id}_decimale` : undefined;
  const showError = !!inlineError && invalid && left;
  return (
    <>
      <Input
        {...rest}
        value={text}
        inputMode="decimal"
        autoComplete="off"
        status={showError ? 'error' : undefined}
        aria-invalid={rest['aria-invalid'] || showError || undefined}
        aria-describedby={[rest['aria-describedby'], showError ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        styles={{ input: { textAlign: 'right' } }}
        onChange={(e) => {
          const typed = e.target.value;
          setText(typed);
          const next = typed.trim() === '' ? null : (leggiDecimale(typed, places) ?? typed);
          setShownValue(next);
          onChange?.(next);
        }}
        onBlur={(e) => {
          setLeft(true);
          onBlur?.(e);
        }}
      />
      {showError ? (
        <Typography.Text type="danger" id={errorId} role="alert" style={{ display: 'block', fontSize: 12 }}>
          {inlineError}
        </Typography.Text>
      ) : null}
    </>
  );
}
