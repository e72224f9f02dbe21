/**
 * A secret the server shows once (an API token, a webhook's signing secret, a terminal's or a visitor's link): a
 * warning, the value in a read-only field with a copy button, and one button to close. The dialog does not close on a
 * click beside it, so the value is not lost by a stray click.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { notifyPositive } from '../platform/notifications/store';

export type SecretOnceTexts = {
  title: string;
  /** The warning (or, for a link already sent, the notice) above the value. */
  alert: ReactNode;
  alertType?: 'warning' | 'success';
  alertIcon?: ReactNode;
  instructions?: ReactNode;
  /** The field's accessible name. */
  label: string;
  copy: string;
  copied: string;
  /** The notification after a copy. */
  copiedNotice: string;
  close: string;
};

export type SecretOnceTestIds = { root?: string; value?: string; copy?: string; close?: string };

export function SecretOnceModal({
  value,
  onClose,
  texts,
  inputId,
  testIds = {},
  children,
}: {
  /** The secret; the dialog is open while it is not null. */
  value: string | null;
  onClose: () => void;
  texts: SecretOnceTexts;
  inputId: string;
  testIds?: SecretOnceTestIds;
  /** What follows the value (how long the previous secret still works, for instance). */
  children?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value ?? '');
    } catch {
      // insecure context (a LAN install over HTTP) or no permission: the text is selected for a manual copy
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      input?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    notifyPositive(texts.copiedNotice);
  }

  return (
    <Modal
      open={value !== null}
      title={texts.title}
      onCancel={onClose}
      afterClose={() => setCopied(false)}
      mask={{ closable: false }}
      width={640}
      footer={
        <Button type="primary" onClick={onClose} data-testid={testIds.close}>
          {texts.close}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid={testIds.root}>
        <Alert type={texts.alertType ?? 'warning'} showIcon icon={texts.alertIcon} title={texts.alert} style={{ marginBottom: 16 }} />
        {texts.instructions ? <Typography.Paragraph>{texts.instructions}</Typography.Paragraph> : null}
        <Space.Compact style={{ width: '100%' }}>
          <Input id={inputId} aria-label={texts.label} readOnly value={value ?? ''} onFocus={(e) => e.currentTarget.select()} data-testid={testIds.value} />
          <Button type="primary" icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()} data-testid={testIds.copy} aria-live="polite">
            {copied ? texts.copied : texts.copy}
          </Button>
        </Space.Compact>
        {children ? <div style={{ marginTop: 12 }}>{children}</div> : null}
      </div>
    </Modal>
  );
}

