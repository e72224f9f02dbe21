/**
 * Import from a CSV or Excel file into a resource (issue #13): the file is read in the browser, the server checks every
 * row (the resource's import operation, POST {path}/import) and the preview lists what is wrong, row by row; only a file without errors can be
 * imported, and then all its rows are stored together, or none.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { Operation } from '@tulip/contract';
import { ApiError } from '../platform/http';
import { formatDate } from '../platform/formats';
import { call } from '../platform/api';
import { readRows } from './importFile';
import { toRecords, type ImportField } from './importRows';

/** The preview the server answers: rows, valid rows, the errors row by row, and what an import counts of its own. */
export type ImportPreview = { righe: number; valide: number; errori: { riga: number; campi: Record<string, string> }[] } & Record<string, unknown>;

export type ImportOptions = {
  /** Columns nobody asked for go to the server under their header, which refuses them row by row (see toRecords). */
  keepUnknown?: boolean;
  /** How the file is laid out, beyond its columns (one line per phase...), under the list of columns. */
  hint?: ReactNode;
  /** More about a preview without errors ("3 commesse, 12 fasi"), under the count of rows. */
  summary?: (preview: ImportPreview) => ReactNode;
};

/** i18next reads these as options, not as values to put in a message. */
const NOT_PARAMS = new Set(['count', 'context', 'defaultValue', 'lng', 'lngs', 'ns', 'ordinal', 'returnObjects', 'interpolation', 'replace']);

/**
 * A row's own values, to fill a row error's message ("Il livello {{livello}} non è un livello di questo CCNL"), its
 * dates the Italian way.
 */
function rowParams(record: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record ?? {})
      .filter(([k, v]) => !NOT_PARAMS.has(k) && (typeof v === 'string' || typeof v === 'number'))
      .map(([k, v]) => [k, typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : v]),
  );
}

export function ImportModal({ open, operation, params, fields, onClose, onDone, keepUnknown, hint, summary }: {
  open: boolean;
  /** The import operation in the contract (`RES_X.ops.importa`, or a module's own, such as the orders'). */
  operation: Operation | undefined;
  /** The operation's path parameters (the CCNL whose components are imported). */
  params?: Record<string, string | number>;
  fields: ImportField[];
  onClose: () => void;
  onDone: () => void;
} & ImportOptions) {
  const { t } = useTranslation();
  const [file, setFile] = useState<string | null>(null);
  const [records, setRecords] = useState<Record<string, unknown>[]>([]);
  const [ignored, setIgnored] = useState<string[]>([]);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const labelOf = (name: string) => {
    const f = fields.find((x) => x.name === name);
    return f ? t(f.label) : name;
  };

  const reset = () => {
    setFile(null);
    setRecords([]);
    setIgnored([]);
    setPreview(null);
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  async function read(f: File) {
    reset();
    setFile(f.name);
    setBusy(true);
    try {
      const sheet = await readRows(f).catch(() => null);
      if (!sheet) return setProblem(t('import.file_illeggibile'));
      const labelled = fields.map((x) => ({ ...x, label: t(x.label) }));
      const read = toRecords(sheet, labelled, { keepUnknown });
      setIgnored(read.ignored);
      if (!read.records.length) return setProblem(t('import.nessuna_riga'));
      setRecords(read.records);
      if (!operation) return;
      setPreview((await call(operation, { params, body: { righe: read.records } } as never, { notifySuccess: false })) as ImportPreview);
    } catch (e) {
      if (e instanceof ApiError) setProblem(t(e.message, e.body.params ?? {}));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    setBusy(true);
    try {
      if (!operation) return;
      await call(operation, { params, body: { righe: records, conferma: true } } as never);
      onDone();
      close();
    } catch (e) {
      // the row that stopped the file is named (a value already stored, say): nothing was saved
      if (e instanceof ApiError) {
        const riga = (e.body.params as { riga?: number } | undefined)?.riga;
        setProblem(`${riga ? `${t('import.riga')} ${riga}: ` : ''}${t(e.message, e.body.params ?? {})}`);
      }
    } finally {
      setBusy(false);
    }
  }

  const errors = (preview?.errori ?? []).flatMap((e) => Object.entries(e.campi).map(([campo, key]) => ({ key: `${e.riga}-${campo}`, riga: e.riga, campo, key2: key })));
  const ready = !!preview && preview.errori.length === 0;

  return (
    <Modal
      open={open}
      title={t('import.titolo')}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('ui.annulla')}</Button>
          <Button type="primary" disabled={!ready} loading={busy && !!preview} onClick={() => void confirm()}>
            {t('import.conferma', { count: preview?.righe ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="import-modal">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('import.istruzioni', { colonne: fields.map((f) => t(f.label)).join(', ') })}
        </Typography.Paragraph>
        {hint ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {hint}
          </Typography.Paragraph>
        ) : null}
        <Upload.Dragger
          accept=".csv,.xlsx"
          multiple={false}
          showUploadList={false}
          beforeUpload={(f) => {
            void read(f);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ?? t('import.scegli')}</p>
        </Upload.Dragger>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        {ignored.length ? <Alert type="warning" showIcon title={t('import.colonne_ignorate', { colonne: ignored.join(', ') })} /> : null}
        {preview ? (
          <Alert
            type={ready ? 'success' : 'error'}
            showIcon
            data-testid="import-esito"
            title={ready ? t('import.pronte', { count: preview.righe }) : t('import.da_correggere', { count: preview.errori.length, righe: preview.righe })}
            description={
              <>
                {ready && summary ? <div>{summary(preview)}</div> : null}
                {t('import.tutto_o_niente')}
              </>
            }
          />
        ) : null}
        {errors.length ? (
          <Table
            size="small"
            rowKey="key"
            pagination={errors.length > 10 ? { pageSize: 10 } : false}
            dataSource={errors}
            columns={[
              { key: 'riga', title: t('import.riga'), dataIndex: 'riga', width: 80 },
              { key: 'campo', title: t('import.campo'), render: (_: unknown, e) => labelOf(e.campo) },
              { key: 'errore', title: t('import.errore'), render: (_: unknown, e) => t(e.key2, rowParams(records[e.riga - 1])) },
            ]}
          />
        ) : null}
      </Space>
    </Modal>
  );
}
