/** Colours users choose (shifts, reasons, visitor types): the picker field and a swatch. */
import { useTranslation } from 'react-i18next';
import { Button, ColorPicker } from 'antd';

/** Colour picker whose value is a '#rrggbb' string. */
export function ColorField({ value, onChange, id, disabled }: { value?: string; onChange?: (v: string) => void; id?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <ColorPicker
      value={value || '#1677ff'}
      disabled={disabled}
      showText
      disabledAlpha
      format="hex"
      presets={[
        {
          label: t('presenze.colori_suggeriti'),
          colors: ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#13c2c2', '#faad14', '#f5222d', '#2f54eb', '#8c8c8c'],
        },
      ]}
      onChange={(c) => onChange?.(c.toHexString().slice(0, 7))}
    >
      <Button id={id} aria-label={t('presenze.colore_valore', { valore: (value || '#1677ff').toUpperCase() })} disabled={disabled}>
        <span className="tl-swatch" style={{ background: value || '#1677ff' }} />
        <span style={{ fontFamily: 'monospace' }}>{(value || '#1677ff').toUpperCase()}</span>
      </Button>
    </ColorPicker>
  );
}

export function ColorSwatch({ color, title }: { color?: string | null; title?: string }) {
  return <span className="tl-swatch" style={{ background: color || '#d9d9d9' }} title={title} aria-hidden={title ? undefined : true} />;
}
