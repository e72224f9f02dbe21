/**
 * Child rows edited with their record (issue #13): an order's phases, a note's lines, a CCNL's levels. One line per
 * child with its fields side by side, a button to add a line and one to remove each; every child keeps its id in the
 * form, so the server updates it rather than adding a new one (platform/resource.ts, `children`). The lines' fields
 * are the resource form's own (FieldDef), each with its label for screen readers.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';

/**
 * One field of a line: `width` in pixels (the line's fields sit side by side and wrap on a narrow screen); `input` is
 * the control, or made for the line from its index where it depends on the line's other fields (a phase of its order).
 */
export type ChildField = { name: string; label: string; width?: number; valuePropName?: string; rules?: Rule[]; input: ReactNode | ((line: number) => ReactNode) };

export function ChildRowsField({ name, label, fields, addLabel, max, defaults }: {
  /** The list's field, or its path inside another list (a phase's roles: [phase, 'mansioni']). */
  name: string | (string | number)[];
  label: string;
  fields: ChildField[];
  addLabel?: string;
  max?: number;
  /** The values a new line starts with (a phase: open). */
  defaults?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const testName = [name].flat().join('-');
  return (
    <Form.List name={name}>
      {(lines, { add, remove }) => (
        <div className="tl-child-rows" role="group" aria-label={t(label)} data-testid={`righe-${testName}`}>
          <Typography.Text strong>{t(label)}</Typography.Text>
          {lines.length === 0 ? <Typography.Paragraph type="secondary">{t('ui.nessuna_riga')}</Typography.Paragraph> : null}
          {lines.map((line, i) => (
            <Space key={line.key} align="start" wrap style={{ display: 'flex', marginTop: 8 }} data-testid={`riga-${testName}-${i}`}>
              <Form.Item name={[line.name, 'id']} hidden>
                <input type="hidden" />
              </Form.Item>
              {fields.map((f) => (
                <Form.Item key={f.name} name={[line.name, f.name]} label={t(f.label)} rules={f.rules} valuePropName={f.valuePropName ?? 'value'} style={{ marginBottom: 0, width: f.width }}>
                  {typeof f.input === 'function' ? f.input(line.name) : f.input}
                </Form.Item>
              ))}
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('ui.rimuovi_riga', { n: i + 1 })}
                title={t('ui.rimuovi_riga', { n: i + 1 })}
                onClick={() => remove(line.name)}
                style={{ marginTop: 30 }}
              />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...defaults })} disabled={max !== undefined && lines.length >= max} style={{ marginTop: 8 }}>
            {t(addLabel ?? 'ui.aggiungi_riga')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
