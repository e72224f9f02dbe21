/**
 * An amount of money in a form. Its value is the integer number of cents, or null when empty; the currency is a fixed
 * prop (EUR by default), because a record keeps its currency in a field of its own. Typed and shown the Italian way
 * ("1.234,56" and the symbol); text that is not an amount is kept as an `InvalidMoney`, so `moneyRule` can say so
 * instead of the form treating it as empty (as TimeField does for times).
 */
import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { TFunction } from 'i18next';
import type { Rule } from 'antd/es/form';
import { Input } from 'antd';
import { DEFAULT_CURRENCY } from '@tulip/contract';
import { replaceIndexed } from '../platform/i18n';
import { currencySymbol, formatAmount, isInvalidMoney, parseMoney, type InvalidMoney } from './money';

export type MoneyValue = number | null | InvalidMoney;

type MoneyFieldProps = {
  value?: MoneyValue;
  onChange?: (value: MoneyValue) => void;
  /** ISO 4217 code of the amount (default EUR). */
  currency?: string;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  'aria-describedby'?: string;
  /** Its name where no label names it (a cell of a table). */
  'aria-label'?: string;
  'aria-invalid'?: boolean;
};

const textOf = (v: MoneyValue | undefined) => (isInvalidMoney(v) ? v.invalidMoney : typeof v === 'number' ? formatAmount(v) : '');

export function MoneyField({ value, onChange, currency = DEFAULT_CURRENCY, onBlur, ...props }: MoneyFieldProps) {
  const [text, setText] = useState(() => textOf(value));
  // a value set from outside (a record loaded, the form reset) replaces the text, unless the text already says it
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (!isInvalidMoney(value) && parseMoney(text, currency) !== (value ?? null)) setText(textOf(value));
  }

  // while typing only amounts count ("-" on the way to "-5" is not an error yet); leaving the field settles it
  const settle = () => {
    const cents = parseMoney(text, currency);
    if (cents === undefined) return onChange?.({ invalidMoney: text.trim() });
    setText(textOf(cents));
    if (cents !== (value ?? null)) onChange?.(cents);
  };

  return (
    <Input
      {...props}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      suffix={currencySymbol(currency)}
      styles={{ input: { textAlign: 'right' } }}
      onChange={(e) => {
        setText(e.target.value);
        const cents = parseMoney(e.target.value, currency);
        if (cents !== undefined) onChange?.(cents);
      }}
      onBlur={(e) => {
        settle();
        onBlur?.(e);
      }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        // Enter submits the form: what was typed must count first
        if (e.key === 'Enter') settle();
      }}
    />
  );
}

/** Refuses a money field holding text that is not an amount: "Importo non è un importo valido (per esempio 1.234,56)". */
export function moneyRule(t: TFunction, labelKey: string): Rule {
  return {
    validator: (_rule, v: unknown) => (isInvalidMoney(v) ? Promise.reject(new Error(replaceIndexed(t('validazione.importo'), { 0: t(labelKey) }))) : Promise.resolve()),
  };
}
