/**
 * One file in a form (a receipt, a logo): its value is the stored file's id, or null. Uploads through the file store
 * (`http.upload`, which reads the type from the content), then shows the file's name, type and size, a preview of an
 * image or a download button for anything else, and a remove button. A file this field has just uploaded is read
 * back from the store (only its uploader may); a saved one through `read`, the page's own route behind its checks.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { OPS_FILES } from '@tulip/contract/wire';
import { http, type FileAnswer } from '../platform/http';
import { download } from '../platform/api';
import { saveFile } from '../platform/download';
import { notifyNegative } from '../platform/notifications/store';
import { fileProblem, formatBytes, isPreviewable, kindOf } from './fileChecks';

export type FileFieldOptions = {
  /** The kinds of content offered and accepted, as an `accept` attribute: "image/png,image/jpeg", ".pdf". */
  accept?: string;
  /** Reads back a saved file, through the page's own route; without it, the store's read-back for its uploader. */
  read?: (id: string) => Promise<FileAnswer>;
  /** Translation keys: the upload and remove buttons' texts, and a hint beside them. */
  uploadText?: string;
  removeText?: string;
  hint?: string;
  /** data-testid of the image's preview. */
  previewTestId?: string;
};

type FileFieldProps = FileFieldOptions & {
  value?: string | null;
  onChange?: (id: string | null) => void;
  id?: string;
  disabled?: boolean;
  /** The field's visible label: the preview's alternative text. */
  label?: string;
};

/** What is shown of the current file; `dataUrl` only for an image. */
type Shown = { id: string; name: string; type: string; size: number; file: FileAnswer; dataUrl?: string };

/** A blob as a data: URL, which the page's content policy allows for images (blob: URLs it does not). */
export const readDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(blob);
  });

export function FileField({ value, onChange, id, disabled, label, accept, read, uploadText, removeText, hint, previewTestId }: FileFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [uploading, setUploading] = useState(false);
  /** The ids this field uploaded: read back from the store, not through `read`. */
  const uploaded = useRef(new Set<string>());
  // the latest `read` without re-reading the file whenever the page passes a new function
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });

  useEffect(() => {
    if (!value) return setShown(null);
    let gone = false;
    const reading = uploaded.current.has(value) || !readRef.current ? download(OPS_FILES.leggi, { params: { id: value } }) : readRef.current(value);
    void reading
      .then(async (file) => {
        const type = file.blob.type;
        // shown as a data: URL, which the page's content policy allows for images (an <img> could not send the token)
        const dataUrl = isPreviewable(type) ? await readDataUrl(file.blob) : undefined;
        if (!gone) setShown({ id: value, name: file.filename ?? kindOf(type), type, size: file.blob.size, file, dataUrl });
      })
      .catch(() => undefined); // the client has said what went wrong
    return () => {
      gone = true;
    };
  }, [value]);

  const current = shown?.id === value ? shown : null;
  return (
    <Space align="center" wrap>
      {current?.dataUrl ? (
        <img src={current.dataUrl} alt={label ?? current.name} data-testid={previewTestId} style={{ maxHeight: 56, maxWidth: 200, border: '1px solid #f0f0f0', padding: 4 }} />
      ) : null}
      {current ? (
        <Space orientation="vertical" size={0}>
          {current.dataUrl ? (
            <Typography.Text>{current.name}</Typography.Text>
          ) : (
            <Button type="link" icon={<DownloadOutlined />} style={{ padding: 0 }} onClick={() => saveFile(current.file, current.name)}>
              {current.name}
            </Button>
          )}
          <Typography.Text type="secondary">
            {kindOf(current.type)} · {formatBytes(current.size)}
          </Typography.Text>
        </Space>
      ) : null}
      <Upload
        id={id}
        accept={accept}
        disabled={disabled || uploading}
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = fileProblem(file, accept);
          if (!problem) return true;
          notifyNegative(t(problem.key, problem.params));
          return Upload.LIST_IGNORE;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setUploading(true);
          try {
            const answer = await http.upload(file as Blob, (file as File).name ?? 'file');
            uploaded.current.add(answer.data.id);
            onChange?.(answer.data.id);
            onSuccess?.(answer);
          } catch (e) {
            onError?.(e as Error);
          } finally {
            setUploading(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
          {t(uploadText ?? 'file.carica')}
        </Button>
      </Upload>
      {value ? (
        <Button icon={<DeleteOutlined />} disabled={disabled} onClick={() => onChange?.(null)}>
          {t(removeText ?? 'file.rimuovi')}
        </Button>
      ) : null}
      {hint ? <Typography.Text type="secondary">{t(hint)}</Typography.Text> : null}
    </Space>
  );
}
