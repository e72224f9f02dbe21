/**
 * A button that asks for a reason before it acts (a week sent back, a note rejected, a delivery cancelled, a unit
 * written off): the reason, up to 300 characters, is required unless `facoltativo`; `children` adds fields above it.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Popover, Space, Typography } from 'antd';
import { useBusy } from './useBusy';

export function MotivoButton({
  label,
  title,
  conferma,
  onConfirm,
  icon,
  danger = true,
  size,
  type,
  ariaLabel,
  testId,
  facoltativo,
  children,
}: {
  label?: ReactNode;
  title: string;
  conferma: string;
  onConfirm: (motivo: string) => Promise<unknown>;
  icon?: ReactNode;
  danger?: boolean;
  size?: 'small' | 'middle' | 'large';
  /** 'text': an icon among a row's other icon buttons. */
  type?: 'text' | 'link' | 'default' | 'primary';
  ariaLabel?: string;
  testId?: string;
  /** The reason may be left empty (a plain return). */
  facoltativo?: boolean;
  /** More fields above the reason (the quantity, the outcome of a return). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [busy, run] = useBusy();
  const [missing, setMissing] = useState(false);

  async function confirm() {
    if (!facoltativo && !motivo.trim()) return setMissing(true);
    await run(async () => {
      await onConfirm(motivo.trim());
      setOpen(false);
      setMotivo('');
    });
  }

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setMissing(false);
      }}
      trigger="click"
      title={title}
      content={
        <Space orientation="vertical" style={{ width: 300, maxWidth: '80vw' }} data-testid={testId ? `${testId}-popover` : undefined}>
          {children}
          <Input.TextArea
            aria-label={t('ui.motivo')}
            placeholder={t(facoltativo ? 'ui.motivo_facoltativo' : 'ui.motivo_obbligatorio')}
            rows={3}
            maxLength={300}
            value={motivo}
            status={missing ? 'error' : undefined}
            aria-invalid={missing}
            onChange={(e) => {
              setMotivo(e.target.value);
              setMissing(false);
            }}
          />
          {missing ? (
            <Typography.Text type="danger" role="alert">
              {t('ui.motivo_mancante')}
            </Typography.Text>
          ) : null}
          <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button size="small" onClick={() => setOpen(false)}>
              {t('ui.annulla')}
            </Button>
            <Button size="small" danger={danger} type="primary" loading={busy} onClick={() => void confirm()} data-testid={testId ? `${testId}-conferma` : undefined}>
              {conferma}
            </Button>
          </Space>
        </Space>
      }
    >
      <Button size={size} type={type} danger={danger} icon={icon} aria-label={ariaLabel} title={label ? undefined : (ariaLabel ?? title)} data-testid={testId}>
        {label}
      </Button>
    </Popover>
  );
}
