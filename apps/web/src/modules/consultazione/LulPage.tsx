import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { TLul } from '@tulip/contract';
import { OPS_CONSULTAZIONE, RES_REPARTI } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { translateMessage } from '../../platform/i18n';
import { DipendenteSelect, LookupFilter, MesePicker, meseCorrente, PageHeader, useDayjs, useFileDownload, useScope } from './components';
import { formatMinuti, shiftMese } from './format';

type Giorno = TLul['giorni'][number];
const MINUTI = ['ordinario', 'straordinario', 'supplementare', 'notturno'] as const;

/**
 * /lul: the presence calendar of the Libro Unico del Lavoro (D.L. 112/2008 art. 39) of a closed month: one employee's
 * days on screen, and the PDF of one employee, a department or everyone in scope (one page each).
 */
export function LulPage() {
  const { t } = useTranslation();
  const { proprio, dipendente } = useScope();
  const dj = useDayjs();
  const files = useFileDownload();
  // the book is written for closed months: the screen opens the latest one (the last month until one is closed)
  const mesi = useQuery({ queryKey: ['lul-mesi'], queryFn: () => call(OPS_CONSULTAZIONE.lulMesi, {}) });
  const [scelta, setMese] = useState<string | null>(null);
  const mese = scelta ?? mesi.data?.[0] ?? shiftMese(meseCorrente(), -1);
  const [scelto, setScelto] = useState<number | null>(null);
  const [reparto, setReparto] = useState<number | null>(null);
  const [errorePdf, setErrorePdf] = useState<ApiError | null>(null);
  const dipendenteId: number | null = proprio ? (dipendente?.id ?? null) : scelto;

  const query = useQuery({
    queryKey: ['lul', mese, dipendenteId],
    enabled: dipendenteId !== null && mesi.isFetched,
    retry: false,
    queryFn: () => call(OPS_CONSULTAZIONE.lul, { query: { mese, dipendente_id: dipendenteId! } }, { notifyError: false }),
  });
  const data = query.data;
  const errore = (query.error instanceof ApiError ? query.error : null) ?? errorePdf;

  const columns = useMemo<NonNullable<TableProps<Giorno>['columns']>>(
    () => [
      { key: 'data', title: t('cartellino.data'), width: 110, render: (_: unknown, g) => dj(g.data).format('ddd DD/MM') },
      ...MINUTI.map((k) => ({
        key: k,
        title: t(`lul.${k}`),
        align: 'right' as const,
        width: 130,
        render: (_: unknown, g: Giorno) => formatMinuti(g[k], true),
      })),
      {
        key: 'causali',
        title: t('lul.causali'),
        render: (_: unknown, g) =>
          g.causali.map((c) => (
            <Tag key={c.codice} color="blue">
              {c.codice} {formatMinuti(c.minuti)}
            </Tag>
          )),
      },
    ],
    [t, dj],
  );

  const pdf = () => {
    setErrorePdf(null);
    const q = { mese, ...(dipendenteId ? { dipendente_id: dipendenteId } : {}), ...(reparto ? { reparto_id: reparto } : {}) };
    void files.download('pdf', () => download(OPS_CONSULTAZIONE.lulPdf, { query: q }, { notifyError: false }), `lul_${mese}.pdf`, 'open').then(setErrorePdf);
  };

  return (
    <div data-testid="lul">
      <PageHeader
        title={t('menu.lul')}
        extra={
          <Button type="primary" icon={<FilePdfOutlined />} loading={files.busy === 'pdf'} onClick={pdf}>
            {t(dipendenteId ? 'lul.pdf_dipendente' : 'lul.pdf_tutti')}
          </Button>
        }
      >
        <Typography.Text type="secondary">{t('lul.sottotitolo')}</Typography.Text>
      </PageHeader>
      <Space wrap style={{ marginBottom: 12 }}>
        <MesePicker value={mese} onChange={(m) => { setMese(m); setErrorePdf(null); }} />
        {proprio ? null : (
          <>
            <LookupFilter path={RES_REPARTI.path} label={t('dipendenti.reparto')} value={reparto} onChange={(v) => setReparto(v === null ? null : Number(v))} />
            <DipendenteSelect value={scelto} onChange={setScelto} />
          </>
        )}
      </Space>
      {errore ? <Alert type={errore.status === 409 ? 'info' : 'error'} showIcon title={translateMessage(errore.body.message, errore.body.params)} style={{ marginBottom: 12 }} /> : null}
      {dipendenteId === null ? (
        <Typography.Paragraph type="secondary">{t('lul.scegli_dipendente')}</Typography.Paragraph>
      ) : data ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {data.dipendente.cognome} {data.dipendente.nome} · {data.dipendente.matricola}
          </Typography.Title>
          <Table<Giorno>
            size="small"
            bordered
            rowKey="data"
            columns={columns}
            dataSource={data.giorni}
            loading={query.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            summary={() => (
              <Table.Summary.Row className="tl-cart-totali">
                <Table.Summary.Cell index={0}>
                  <strong>{t('cartellino.totale')}</strong>
                </Table.Summary.Cell>
                {MINUTI.map((k, i) => (
                  <Table.Summary.Cell key={k} index={1 + i} align="right">
                    <strong>{formatMinuti(data.totali[k])}</strong>
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={5}>
                  {data.totali.causali.map((c) => (
                    <Tag key={c.codice} color="blue">
                      {c.codice} {formatMinuti(c.minuti)}
                    </Tag>
                  ))}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </>
      ) : null}
    </div>
  );
}
