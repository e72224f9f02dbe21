/**
 * /contratti/fascicolo (issue #18): an employee's dossier of hiring documents, each with the template's version, when
 * and by whom it was generated, its SHA-256, its DOCX and PDF, the signed scan and the deliveries by e-mail. HR
 * chooses the employee (?dipendente= opens one) and uploads the signed scans and sends documents; an employee whose
 * scope is his own sees only his dossier.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Form, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TDocumentoRow } from '@tulip/contract';
import { OPS_CONTRATTI, RES_DIPENDENTI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDateTime } from '../../platform/formats';
import { DipendenteSelect } from '../../components/people';
import { useScope } from '../../components/scope';
import { tableFit } from '../../components/tableFit';
import { DocumentoFile, Firmato, InviaDocumenti, Invii, Sha } from './FascicoloDocumenti';

export function FascicoloPage() {
  const { t } = useTranslation();
  const { soloProprio, dipendente, routes } = useScope();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('dipendente')) || null;
  const id = soloProprio ? (dipendente?.id ?? null) : asked;
  const hr = routes.includes('contratti.stipulazione');
  return (
    <div data-testid="contratti-fascicolo">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('menu.contratti.fascicolo')}
      </Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {soloProprio ? null : (
          <Form layout="inline">
            <Form.Item label={t('stipulazione.dipendente')} htmlFor="fascicolo-dipendente">
              <DipendenteSelect id="fascicolo-dipendente" value={id} onChange={(v: number) => setParams(v ? { dipendente: String(v) } : {}, { replace: true })} style={{ width: 340 }} />
            </Form.Item>
          </Form>
        )}
        {id ? (
          <Fascicolo key={id} id={id} hr={hr} />
        ) : (
          <Empty description={soloProprio ? t('stipulazione.nessun_dipendente_collegato') : t('stipulazione.scegli_dipendente')} style={{ padding: 48 }} />
        )}
      </Space>
    </div>
  );
}

function Fascicolo({ id, hr }: { id: number; hr: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [scelti, setScelti] = useState<number[]>([]);
  const documenti = useQuery({ queryKey: ['contratti', 'fascicolo', id], queryFn: () => call(OPS_CONTRATTI.fascicolo, { params: { id } }) });
  // the employee's address, the e-mail's default (HR only: the record is theirs to read)
  const scheda = useQuery({
    queryKey: ['resource', RES_DIPENDENTI.path, 'read', id],
    queryFn: () => call(RES_DIPENDENTI.ops.dettaglio, { params: { id } }, { notifyError: false }),
    enabled: hr,
    retry: false,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['contratti', 'fascicolo', id] });
  const columns: ColumnsType<TDocumentoRow> = [
    {
      key: 'descrizione', title: t('stipulazione.documento'), width: 260,
      render: (_, d) => (
        <Space orientation="vertical" size={0}>
          <span>{d.descrizione}</span>
          {d.tipo_documento ? <Typography.Text type="secondary">{d.tipo_documento}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'versione', title: t('stipulazione.versione_modello'), width: 100, render: (_, d) => `v${d.modello_versione}` },
    {
      key: 'creato', title: t('stipulazione.generato'),
      render: (_, d) => (
        <Space orientation="vertical" size={0}>
          <span>{formatDateTime(d.creato_il)}</span>
          {d.creato_da ? <Typography.Text type="secondary">{d.creato_da}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      key: 'sha', title: 'SHA-256',
      render: (_, d) => (
        <Space orientation="vertical" size={2} style={{ whiteSpace: 'nowrap' }}>
          <span>
            DOCX <Sha hash={d.sha256} label={t('stipulazione.sha_docx')} />
          </span>
          <span>
            PDF <Sha hash={d.sha256_pdf} label={t('stipulazione.sha_pdf')} />
          </span>
        </Space>
      ),
    },
    { key: 'file', title: t('stipulazione.file'), render: (_, d) => <DocumentoFile doc={d} /> },
    { key: 'firmato', title: t('stipulazione.firmato'), render: (_, d) => <Firmato doc={d} canUpload={hr} onDone={refresh} /> },
    { key: 'invii', title: t('stipulazione.consegne'), render: (_, d) => <Invii doc={d} /> },
  ];
  const email = typeof scheda.data?.email === 'string' ? scheda.data.email : null;
  return (
    <Card size="small" title={t('stipulazione.documenti')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Table<TDocumentoRow>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={documenti.data ?? []}
          loading={documenti.isFetching}
          pagination={false}
          rowSelection={
            hr
              ? {
                  selectedRowKeys: scelti,
                  onChange: (k) => setScelti(k.map(Number)),
                  getCheckboxProps: (d) => ({ 'aria-label': t('stipulazione.seleziona_documento', { documento: d.descrizione }) }) as never,
                }
              : undefined
          }
          {...tableFit}
          data-testid="fascicolo-documenti"
          locale={{ emptyText: t('stipulazione.fascicolo_vuoto') }}
        />
        {hr && documenti.data?.length ? (
          <Space align="start" wrap>
            <InviaDocumenti ids={scelti} email={email} onSent={refresh} />
            <Typography.Text type="secondary">{t('stipulazione.scegli_da_inviare')}</Typography.Text>
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}
