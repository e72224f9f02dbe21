/**
 * A module's parameters page (visite, rilevazione): one record of settings read by one operation and written by
 * another, edited in a form checked by the contract's schema. `useSettingsForm` reads it into the form and saves it;
 * `SettingsPage` is the page: its heading, the form in a card with its save button, the states of loading and error,
 * and what the page has besides (a maintenance action) after the card.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Typography, type FormInstance } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useZodSubmit } from './useZodSubmit';
import type { SafeParseSchema } from './zodForm';

type Settings<T> = {
  form: FormInstance<T>;
  loading: boolean;
  error: boolean;
  saving: boolean;
  save: () => Promise<void>;
};

export function useSettingsForm<T extends object>({
  queryKey,
  read,
  schema,
  toBody,
  write,
}: {
  /** The settings' query key: the whole of it is refreshed after a save. */
  queryKey: readonly unknown[];
  read: () => Promise<T>;
  /** The contract's schema of the settings (a zod object: its fields are the form's). */
  schema: SafeParseSchema<T> & { shape: object };
  /** The body from the form's values (switches as booleans, lists as arrays). */
  toBody: (values: T) => Record<string, unknown>;
  write: (body: T) => Promise<unknown>;
}): Settings<T> {
  const qc = useQueryClient();
  const [form] = Form.useForm<T>();
  const query = useQuery({ queryKey, queryFn: read });
  useEffect(() => {
    if (query.data && typeof query.data === 'object') form.setFieldsValue(query.data as Parameters<typeof form.setFieldsValue>[0]);
  }, [query.data, form]);
  const { saving, submit } = useZodSubmit(form, { fields: Object.keys(schema.shape) });
  const save = () =>
    submit(schema, toBody, async (body) => {
      await write(body);
      await qc.invalidateQueries({ queryKey });
    });
  return { form, loading: query.isLoading, error: query.isError && !query.data, saving, save };
}

export function SettingsPage<T>({
  title,
  name,
  settings,
  maxWidth = 720,
  testId,
  after,
  children,
}: {
  /** Translation key of the heading. */
  title: string;
  /** The form's name (its fields' ids). */
  name: string;
  settings: Settings<T>;
  maxWidth?: number;
  testId?: string;
  /** Content after the form's card. */
  after?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 16 }}>
        {t(title)}
      </Typography.Title>
      {settings.error ? <Alert type="error" showIcon title={t('ui.errore_caricamento')} style={{ marginBottom: 16 }} /> : null}
      <SettingsCard name={name} settings={settings} maxWidth={maxWidth}>
        {children}
      </SettingsCard>
      {after}
    </div>
  );
}

/**
 * The settings' form in a card: an optional title and explanation, the fields, the save button. A page that has its
 * settings beside other content (a list, say) puts this card above it.
 */
export function SettingsCard<T>({
  title,
  text,
  name,
  settings,
  maxWidth = 720,
  testId,
  children,
}: {
  /** Translation keys of the card's title and of the paragraph under it. */
  title?: string;
  text?: string;
  name: string;
  settings: Settings<T>;
  maxWidth?: number;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card title={title ? t(title) : undefined} loading={settings.loading} style={{ marginBottom: 16 }} data-testid={testId}>
      {text ? <Typography.Paragraph type="secondary">{t(text)}</Typography.Paragraph> : null}
      <Form form={settings.form} name={name} layout="vertical" onFinish={() => void settings.save()} style={{ maxWidth }}>
        {children}
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={settings.saving}>
          {t('ui.salva')}
        </Button>
      </Form>
    </Card>
  );
}
