/**
 * "Importa cambi BCE": the ECB reference-rate CSV (`Date,USD,JPY,...`) read as text in the browser and sent to the
 * server for a preview (lines, rates, the currencies used, the columns ignored, the errors by line and column); only
 * a file without errors can be imported, and then all its rates are stored together, or none (the server refuses a
 * file with a broken line).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Descriptions, Modal, Space, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { OpResult } from '@tulip/contract';
import { OPS_SPESE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { notifyPositive } from '../../platform/notifications/store';
import { DECIMALI_CAMBIO } from './CambiDecimali';

type Esito = OpResult<typeof OPS_SPESE.importaCambi>;

/** The server's error keys, with a text of this screen's own for those the shared messages do not have. */
const PROPRI: Record<string, string> = {
  'avvisi.intestazione_bce': 'spese_anagrafiche.err_intestazione_bce',
  'avvisi.data_ripetuta': 'spese_anagrafiche.err_data_ripetuta',
};

export function CambiImportModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<string | null>(null);
  const [testo, setTesto] = useState<string | null>(null);
  const [esito, setEsito] = useState<Esito | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setTesto(null);
    setEsito(null);
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const errorText = (key: string) => (i18n.exists(key) || !PROPRI[key] ? t(key, { decimali: DECIMALI_CAMBIO }) : t(PROPRI[key]));

  async function read(f: File) {
    reset();
    setFile(f.name);
    setBusy(true);
    try {
      const text = await f.text().catch(() => null);
      if (text === null || text.includes('\u0000')) return setProblem(t('spese_anagrafiche.import_illeggibile'));
      setTesto(text);
      setEsito(await call(OPS_SPESE.importaCambi, { body: { testo: text, conferma: false } }, { notifySuccess: false }));
    } catch {
      /* notified */
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!testo) return;
    setBusy(true);
    try {
      const r = await call(OPS_SPESE.importaCambi, { body: { testo, conferma: true } }, { notifySuccess: false });
      if (!r.importati) {
        // a line broken meanwhile (the file changed): nothing was stored, the errors are shown
        setEsito(r);
        return;
      }
      notifyPositive(t('spese_anagrafiche.importati', { count: r.cambi }));
      onDone();
      close();
    } catch {
      /* notified */
    } finally {
      setBusy(false);
    }
  }

  const errors = (esito?.errori ?? []).flatMap((e) => Object.entries(e.campi).map(([colonna, key]) => ({ key: `${e.riga}-${colonna}`, riga: e.riga, colonna, errore: key })));
  const righeErrate = esito?.errori.length ?? 0;
  const ready = !!esito && righeErrate === 0 && esito.cambi > 0;

  return (
    <Modal
      open={open}
      title={t('spese_anagrafiche.import_titolo')}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('ui.annulla')}</Button>
          <Button type="primary" disabled={!ready} loading={busy && !!esito} onClick={() => void confirm()}>
            {t('spese_anagrafiche.import_conferma', { count: esito?.cambi ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="cambi-import">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('spese_anagrafiche.import_istruzioni')}
        </Typography.Paragraph>
        <Upload.Dragger
          accept=".csv,text/csv,text/plain"
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
          <p className="ant-upload-text">{file ?? t('spese_anagrafiche.import_scegli')}</p>
        </Upload.Dragger>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        {esito ? (
          <>
            <Descriptions size="small" column={4} bordered data-testid="cambi-import-riepilogo">
              <Descriptions.Item label={t('spese_anagrafiche.import_righe')}>{esito.righe}</Descriptions.Item>
              <Descriptions.Item label={t('spese_anagrafiche.import_cambi')}>{esito.cambi}</Descriptions.Item>
              <Descriptions.Item label={t('spese_anagrafiche.import_valute')}>{esito.valute.join(', ') || t('spese_anagrafiche.import_nessuna')}</Descriptions.Item>
              <Descriptions.Item label={t('spese_anagrafiche.import_ignorate')}>{esito.ignorate.join(', ') || t('spese_anagrafiche.import_nessuna')}</Descriptions.Item>
            </Descriptions>
            <Alert
              type={ready ? 'success' : 'error'}
              showIcon
              data-testid="cambi-import-esito"
              title={
                righeErrate
                  ? t('spese_anagrafiche.import_da_correggere', { count: righeErrate })
                  : esito.cambi
                    ? t('spese_anagrafiche.import_pronto', { count: esito.cambi })
                    : t('spese_anagrafiche.import_vuoto')
              }
              description={t('spese_anagrafiche.import_tutto_o_niente')}
            />
          </>
        ) : null}
        {errors.length ? (
          <Table
            size="small"
            rowKey="key"
            data-testid="cambi-import-errori"
            pagination={errors.length > 10 ? { pageSize: 10 } : false}
            dataSource={errors}
            columns={[
              { key: 'riga', title: t('spese_anagrafiche.riga'), dataIndex: 'riga', width: 80 },
              { key: 'colonna', title: t('spese_anagrafiche.colonna'), dataIndex: 'colonna', width: 120 },
              { key: 'errore', title: t('spese_anagrafiche.errore'), render: (_: unknown, e) => errorText(e.errore) },
            ]}
          />
        ) : null}
      </Space>
    </Modal>
  );
}
