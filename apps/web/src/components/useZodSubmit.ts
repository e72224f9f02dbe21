import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormInstance } from 'antd';
import { ApiError } from '../platform/http';
import { issuesToFields, type SafeParseSchema } from './zodForm';

type Options = {
  /** The form fields that can show an error; errors on other fields are left to the notification. */
  fields: readonly string[];
  /** Wire field -> the form field that shows its error (e.g. dal/al -> one range picker). */
  fieldOf?: Record<string, string>;
  /** Server messages that belong to one field (e.g. avvisi.badge_in_uso -> badge). */
  messageFields?: Record<string, string>;
};

/**
 * The submit of a hand-made form checked by a contract schema: the form's own rules, then the schema
 * (its messages on the fields), then the request; the server's field errors go back on the fields.
 * Other failures are already notified by http.
 */
export function useZodSubmit<V>(form: FormInstance<V>, { fields, fieldOf = {}, messageFields = {} }: Options) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  function showErrors(errors: Record<string, string>) {
    form.setFields(
      Object.entries(errors)
        .map(([name, key]) => [fieldOf[name] ?? name, key] as const)
        .filter(([name]) => fields.includes(name))
        .map(([name, key]) => ({ name: name as never, errors: [t(key)] })),
    );
  }

  /** Builds the body from the form's values, validates it with the schema and sends what it parsed. */
  async function submit<T>(schema: SafeParseSchema<T>, toBody: (values: V) => Record<string, unknown>, send: (data: T) => Promise<unknown>) {
    // the schema's and the server's errors of the last try go: a field without rules would keep them once corrected
    form.setFields(fields.map((name) => ({ name: name as never, errors: [] })));
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = toBody(form.getFieldsValue(true) as V);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      showErrors(issuesToFields(parsed.error.issues, body));
      return;
    }
    setSaving(true);
    try {
      await send(parsed.data);
    } catch (e) {
      if (e instanceof ApiError) {
        showErrors(e.fields);
        const field = messageFields[e.message];
        if (field) showErrors({ [field]: e.message });
      }
    } finally {
      setSaving(false);
    }
  }

  return { saving, submit };
}

/** The body of a hand-made form: the listed fields, texts trimmed and blank ones left out, other values as they are. */
export function formBody<V>(values: V, fields: readonly (keyof V)[]): Record<string, unknown> {
  const body: Record<string, unknown> = {}; // keys from code: the form's own field names
  for (const k of fields) {
    const x = values[k];
    if (x === undefined || x === null) continue;
    if (typeof x === 'string') {
      if (x.trim() !== '') body[k as string] = x.trim();
    } else body[k as string] = x;
  }
  return body;
}
