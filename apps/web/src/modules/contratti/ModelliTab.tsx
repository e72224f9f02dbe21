/**
 * The templates of hiring documents (issue #18), through the generic resource page: a DOCX each, uploaded through the
 * file store and checked at once (POST /api/contratti/modelli/verifica): the merge fields it uses, and the unknown
 * ones the server would refuse to save. A new file makes a new version; the current one is downloaded from the list.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { FileWordOutlined } from '@ant-design/icons';
import { PER_CONTRATTO, ZModello, type TModelloRow } from '@tulip/contract';
import { OPS_CONTRATTI, OPS_FILES, RES_MODELLI, RES_TIPI_DOCUMENTO } from '@tulip/contract/wire';
import { call, download, listOf } from '../../platform/api';
import { ApiError, type FileAnswer } from '../../platform/http';
import { saveFile } from '../../platform/download';
import { formatDateTime } from '../../platform/formats';
import { ResourcePage, type ColumnDef, type FieldDef, type Row } from '../../components/ResourcePage';
import { FileField } from '../../components/FileField';

const DOCX = '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Verifica = { file: string; campi: string[]; sconosciuti: string[] } | { file: string; errore: string };

/** The DOCX of a template in its form, checked as soon as it is uploaded. */
function ModelloFile({ value, onChange, id, read }: { value?: string | null; onChange?: (v: string | null) => void; id?: string; read: (id: string) => Promise<FileAnswer> }) {
  const { t } = useTranslation();
  const [verifica, setVerifica] = useState<Verifica | null>(null);
  const [verificando, setVerificando] = useState(false);
  const change = async (file: string | null) => {
    onChange?.(file);
    setVerifica(null);
    if (!file) return;
    setVerificando(true);
    try {
      const r = await call(OPS_CONTRATTI.verificaModello, { body: { file_id: file } }, { notifyError: false, notifySuccess: false });
      setVerifica({ file, campi: r.campi, sconosciuti: r.sconosciuti });
    } catch (e) {
      setVerifica({ file, errore: e instanceof ApiError ? t(e.message, e.body.params ?? {}) : t('ui.errore_inatteso') });
    } finally {
      setVerificando(false);
    }
  };
  const v = verifica?.file === value ? verifica : null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="modello-file">
      <FileField id={id} value={value} onChange={(f) => void change(f)} accept={DOCX} read={read} uploadText="stipulazione.carica_docx" label={t('stipulazione.file_docx')} />
      {verificando ? <Typography.Text type="secondary">{t('stipulazione.verifica_in_corso')}</Typography.Text> : null}
      {v && 'errore' in v ? <Alert type="error" showIcon title={t('stipulazione.modello_non_valido')} description={v.errore} data-testid="verifica-modello" /> : null}
      {v && 'campi' in v ? (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="verifica-modello">
          {v.sconosciuti.length ? (
            <Alert
              type="warning"
              showIcon
              title={t('stipulazione.campi_sconosciuti', { count: v.sconosciuti.length })}
              description={
                <>
                  <ul style={{ margin: '4px 0', paddingInlineStart: 20 }} data-testid="campi-sconosciuti">
                    {v.sconosciuti.map((c) => (
                      <li key={c}>
                        <Typography.Text code>{`{${c}}`}</Typography.Text>
                      </li>
                    ))}
                  </ul>
                  {t('stipulazione.campi_sconosciuti_aiuto')}
                </>
              }
            />
          ) : (
            <Alert type="success" showIcon title={t('stipulazione.modello_valido')} />
          )}
          <div>
            <Typography.Text type="secondary">{t('stipulazione.campi_noti', { count: v.campi.length })}</Typography.Text>{' '}
            {v.campi.map((c) => (
              <Tag key={c} style={{ marginBottom: 4 }}>
                {c}
              </Tag>
            ))}
          </div>
        </Space>
      ) : null}
    </Space>
  );
}

export function ModelliTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // every template's file, so a saved one is read back through its template's own route
  const tutti = useQuery({ queryKey: ['contratti', 'modelli', 'tutti'], queryFn: () => listOf(RES_MODELLI, { size: 100 }).then((r) => r.rows as TModelloRow[]) });
  const [docx, setDocx] = useState<number | null>(null);

  const scarica = async (m: Row) => {
    setDocx(m.id as number);
    try {
      saveFile(await download(OPS_CONTRATTI.modelloDocx, { params: { id: m.id as number } }), `${String(m.descrizione)}.docx`);
    } catch {
      /* notified by the client */
    } finally {
      setDocx(null);
    }
  };

  const columns: ColumnDef[] = [
    { key: 'descrizione', title: 'stipulazione.descrizione', sorter: true },
    { key: 'tipo_documento', title: 'stipulazione.tipo_documento' },
    {
      key: 'tipi_contratto', title: 'stipulazione.contratti',
      render: (r) => ((r.tipi_contratto as string[] | undefined) ?? []).map((x) => t(`stipulazione.per_${x}`)).join(', ') || t('stipulazione.tutti_i_contratti'),
      exportValue: (r) => ((r.tipi_contratto as string[] | undefined) ?? []).map((x) => t(`stipulazione.per_${x}`)).join(', '),
    },
    { key: 'versione', title: 'stipulazione.versione' },
    { key: 'lettera_assunzione', title: 'stipulazione.lettera_assunzione', type: 'boolean' },
    { key: 'attivo', title: 'stipulazione.attivo', type: 'boolean' },
    { key: 'aggiornato_il', title: 'stipulazione.aggiornato_il', type: 'datetime' },
  ];

  const fields: FieldDef[] = useMemo(() => {
    const read = (file: string) => {
      const m = tutti.data?.find((x) => x.file_id === file);
      return m ? download(OPS_CONTRATTI.modelloDocx, { params: { id: m.id } }) : download(OPS_FILES.leggi, { params: { id: file } });
    };
    return [
      { name: 'descrizione', label: 'stipulazione.descrizione', required: true, span: 24 },
      { name: 'tipo_documento_id', label: 'stipulazione.tipo_documento', type: 'select', lookup: RES_TIPI_DOCUMENTO.path, span: 12 },
      {
        name: 'tipi_contratto', label: 'stipulazione.contratti', type: 'multiselect', span: 12, placeholder: 'stipulazione.tutti_i_contratti',
        options: PER_CONTRATTO.map((x) => ({ value: x, label: `stipulazione.per_${x}` })),
      },
      {
        name: 'lettera_assunzione', label: 'stipulazione.lettera_assunzione', type: 'switch', span: 12,
        extra: (_r, tt) => tt('stipulazione.lettera_assunzione_aiuto'),
      },
      { name: 'attivo', label: 'stipulazione.attivo', type: 'switch', span: 12 },
      {
        name: 'file_id', label: 'stipulazione.file_docx', type: 'custom', required: true,
        render: () => <ModelloFile read={read} />,
        extra: (r, tt) =>
          r ? (
            <span>
              {tt('stipulazione.versione_corrente')} v{String(r.versione)} · {formatDateTime(r.aggiornato_il as string)}. {tt('stipulazione.nuova_versione_aiuto')}
            </span>
          ) : (
            tt('stipulazione.file_docx_aiuto')
          ),
      },
    ];
  }, [tutti.data]);

  return (
    <ResourcePage
      hideTitle
      resource={{ wire: RES_MODELLI, title: 'stipulazione.tab_modelli', schema: ZModello, entity: 'stipulazione.entita_modello' }}
      columns={columns}
      form={{ fields, width: 720 }}
      canDelete={false}
      defaultSort="descrizione"
      onChanged={() => void qc.invalidateQueries({ queryKey: ['contratti', 'modelli'] })}
      rowActions={(r) => (
        <Button
          type="text"
          size="small"
          icon={<FileWordOutlined />}
          loading={docx === r.id}
          onClick={() => void scarica(r)}
          aria-label={t('stipulazione.scarica_modello', { modello: String(r.descrizione) })}
          title={t('stipulazione.scarica_docx')}
          data-testid={`scarica-modello-${String(r.id)}`}
        />
      )}
    />
  );
}
