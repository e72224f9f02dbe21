/**
 * What the hiring documents' screens share (issue #18): a document's SHA-256 (short, the whole on hover and copied),
 * its DOCX and PDF, the signed scan, the deliveries by e-mail and the button that sends documents to the employee.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Modal, Space, Tooltip, Typography, Upload } from 'antd';
import { FilePdfOutlined, FileWordOutlined, MailOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { TDocumentoRow } from '@tulip/contract';
import { OPS_CONTRATTI } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { http } from '../../platform/http';
import { openFile, saveFile } from '../../platform/download';
import { formatDateTime } from '../../platform/formats';
import { notifyNegative } from '../../platform/notifications/store';
import { fileProblem } from '../../components/fileChecks';

/** A file name from a document's description: letters, digits and dashes. */
const nomeFile = (doc: TDocumentoRow, ext: string) =>
  `${doc.descrizione.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'documento'}-${doc.id}.${ext}`;

/** The SHA-256 of a file: its first 12 digits, the whole on hover, copied by its button. */
export function Sha({ hash, label }: { hash: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={hash}>
      <Typography.Text
        code
        style={{ whiteSpace: 'nowrap' }}
        data-testid="sha256"
        data-hash={hash}
        aria-label={`${label ?? 'SHA-256'} ${hash}`}
        copyable={{ text: hash, tooltips: [t('stipulazione.copia_hash'), t('stipulazione.hash_copiato')] }}
      >
        {hash.slice(0, 12)}…
      </Typography.Text>
    </Tooltip>
  );
}

/** The document's DOCX and PDF, fetched with the session's token. */
export function DocumentoFile({ doc }: { doc: TDocumentoRow }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'docx' | 'pdf' | null>(null);
  const get = async (kind: 'docx' | 'pdf') => {
    setBusy(kind);
    try {
      if (kind === 'docx') saveFile(await download(OPS_CONTRATTI.documentoDocx, { params: { id: doc.id } }), nomeFile(doc, 'docx'));
      else openFile(await download(OPS_CONTRATTI.documentoPdf, { params: { id: doc.id } }), nomeFile(doc, 'pdf'));
    } catch {
      /* notified by the client */
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space size={4} wrap>
      <Button
        size="small"
        icon={<FileWordOutlined />}
        loading={busy === 'docx'}
        onClick={() => void get('docx')}
        aria-label={t('stipulazione.scarica_docx_di', { documento: doc.descrizione })}
        data-testid={`docx-${doc.id}`}
      >
        DOCX
      </Button>
      <Button
        size="small"
        icon={<FilePdfOutlined />}
        loading={busy === 'pdf'}
        onClick={() => void get('pdf')}
        aria-label={t('stipulazione.scarica_pdf_di', { documento: doc.descrizione })}
        data-testid={`pdf-${doc.id}`}
      >
        PDF
      </Button>
    </Space>
  );
}

/** The signed scan: its download, and (for HR) the upload of a PDF or an image that replaces it. */
export function Firmato({ doc, canUpload, onDone }: { doc: TDocumentoRow; canUpload: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const accept = 'application/pdf,image/png,image/jpeg';
  return (
    <Space orientation="vertical" size={2}>
      {doc.firmato ? (
        <>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            icon={<PaperClipOutlined />}
            onClick={() =>
              void download(OPS_CONTRATTI.documentoFirmato, { params: { id: doc.id } })
                .then((f) => saveFile(f, doc.firmato?.nome ?? nomeFile(doc, 'pdf')))
                .catch(() => undefined)
            }
            data-testid={`firmato-${doc.id}`}
          >
            {doc.firmato.nome}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {doc.firmato.caricato_da
              ? t('stipulazione.caricato_il_da', { quando: formatDateTime(doc.firmato.caricato_il), chi: doc.firmato.caricato_da })
              : t('stipulazione.caricato_il', { quando: formatDateTime(doc.firmato.caricato_il) })}
          </Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary">{t('stipulazione.non_firmato')}</Typography.Text>
      )}
      {canUpload ? (
        <Upload
          accept={accept}
          showUploadList={false}
          disabled={uploading}
          beforeUpload={(file) => {
            const problem = fileProblem(file, accept);
            if (!problem) return true;
            notifyNegative(t(problem.key, problem.params));
            return Upload.LIST_IGNORE;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setUploading(true);
            try {
              const stored = await http.upload(file as Blob, (file as File).name ?? 'firmato', { notifySuccess: false });
              await call(OPS_CONTRATTI.caricaFirmato, { params: { id: doc.id }, body: { file_id: stored.data.id } });
              onSuccess?.(stored);
              onDone();
            } catch (e) {
              onError?.(e as Error);
            } finally {
              setUploading(false);
            }
          }}
        >
          <Button size="small" icon={<UploadOutlined />} loading={uploading} aria-label={`${t(doc.firmato ? 'stipulazione.sostituisci_firmato' : 'stipulazione.carica_firmato')}: ${doc.descrizione}`}>
            {t(doc.firmato ? 'stipulazione.sostituisci_firmato' : 'stipulazione.carica_firmato')}
          </Button>
        </Upload>
      ) : null}
    </Space>
  );
}

/** The deliveries of a document: the address and when. */
export function Invii({ doc }: { doc: TDocumentoRow }) {
  const { t } = useTranslation();
  if (!doc.invii.length) return <Typography.Text type="secondary">{t('stipulazione.mai_inviato')}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }} data-testid={`invii-${doc.id}`}>
      {doc.invii.map((i, n) => (
        <li key={n}>
          {t('stipulazione.inviato_a_il', { indirizzo: i.indirizzo, quando: formatDateTime(i.inviato_il) })}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Send by e-mail": the documents go to the employee's address, or to another one typed in the dialog; the answer
 * (address and number of documents) is shown under the button.
 */
export function InviaDocumenti({ ids, email, onSent, size }: { ids: number[]; email?: string | null; onSent?: () => void; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [esito, setEsito] = useState<{ indirizzo: string; documenti: number } | null>(null);
  const [form] = Form.useForm<{ indirizzo?: string }>();
  const send = async () => {
    let v: { indirizzo?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSending(true);
    try {
      const answer = await call(OPS_CONTRATTI.invia, { body: { documento_ids: ids, indirizzo: v.indirizzo?.trim() || null } });
      setEsito(answer.data ?? null);
      setOpen(false);
      onSent?.();
    } catch {
      /* notified by the client */
    } finally {
      setSending(false);
    }
  };
  return (
    <Space orientation="vertical" size={8}>
      <Button size={size} icon={<MailOutlined />} disabled={!ids.length} onClick={() => setOpen(true)} data-testid="invia-email">
        {t('stipulazione.invia_email')}
      </Button>
      {esito ? (
        <Alert type="success" showIcon data-testid="invio-esito" title={t('stipulazione.inviati', { count: esito.documenti, indirizzo: esito.indirizzo })} />
      ) : null}
      <Modal
        open={open}
        title={t('stipulazione.invia_email')}
        onCancel={() => setOpen(false)}
        onOk={() => void send()}
        okText={t('ui.invia')}
        cancelText={t('ui.annulla')}
        confirmLoading={sending}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {email ? t('stipulazione.invio_a', { count: ids.length, indirizzo: email }) : t('stipulazione.invio_senza_email', { count: ids.length })}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" name="invio-documenti" data-testid="invio-form">
          <Form.Item
            name="indirizzo"
            label={t('stipulazione.altro_indirizzo')}
            extra={t('stipulazione.altro_indirizzo_aiuto')}
            rules={[{ type: 'email', message: t('avvisi.email_non_valida') }, ...(email ? [] : [{ required: true, message: t('stipulazione.indirizzo_richiesto') }])]}
          >
            <Input type="email" autoComplete="off" maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
