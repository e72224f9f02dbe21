/**
 * A signed report, read-only: the intervention, its activities and materials, who signed it and when, its PDF; the
 * manager's approval, and once approved the bookings its activities became.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { CheckOutlined, DownloadOutlined } from '@ant-design/icons';
import type { TRapportinoRow } from '@tulip/contract';
import { OPS_RAPPORTINI, OPS_RILEVAZIONE } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { formatDate, formatDateTime } from '../../platform/formats';
import { saveFile } from '../../platform/download';
import { formatMinuti } from '../../components/minuti';
import { tableFit } from '../../components/tableFit';
import { useScope } from '../../components/people';

const numeri = { fontVariantNumeric: 'tabular-nums' } as const;
/** 2.5 -> "2,5" in Italian, "2.5" in English. */
const quantita = (n: number, lang: string) => n.toLocaleString(lang === 'en' ? 'en-GB' : 'it-IT', { maximumFractionDigits: 3 });

/** The bookings the approval made of the report's activities (of that person and day, from reports, matching a line). */
function OreRegistrate({ r }: { r: TRapportinoRow }) {
  const { t } = useTranslation();
  const ore = useQuery({
    queryKey: ['rilevazione', 'rapportino', r.id, 'ore'],
    queryFn: () => call(OPS_RILEVAZIONE.ore, { query: { dipendente_id: r.dipendente_id, dal: r.data, al: r.data } }),
  });
  const righe = (ore.data?.rows ?? []).filter(
    (b) => b.origine === 'rapportino' && r.righe.some((l) => l.commessa_id === b.commessa_id && l.fase_id === b.fase_id && l.minuti === b.minuti),
  );
  return (
    <Table
      size="small"
      rowKey="id"
      loading={ore.isLoading}
      pagination={false}
      {...tableFit}
      dataSource={righe}
      data-testid="rapportino-ore"
      locale={{ emptyText: t('rapportino.nessuna_ora') }}
      columns={[
        { key: 'data', title: t('rapportino.data'), width: 110, render: (_, b) => formatDate(b.data) },
        { key: 'commessa', title: t('rapportino.commessa_fase'), render: (_, b) => `${b.commessa_codice}${b.fase_codice ? ` / ${b.fase_codice}` : ''}` },
        { key: 'ore', title: t('rapportino.ore'), align: 'right', width: 80, render: (_, b) => <span style={numeri}>{formatMinuti(b.minuti)}</span> },
        { key: 'stato', title: t('rapportino.stato'), width: 120, render: (_, b) => <Tag color={b.stato === 'approvata' ? 'green' : 'default'}>{t(`rapportino.ora_${b.stato}`)}</Tag> },
      ]}
    />
  );
}

export function RapportinoVista({ r, onApprovato }: { r: TRapportinoRow; onApprovato: (r: TRapportinoRow) => void }) {
  const { t, i18n } = useTranslation();
  const { routes, dipendente } = useScope();
  const [scaricando, setScaricando] = useState(false);
  const [approvando, setApprovando] = useState(false);
  const capo = routes.includes('rilevazione.commessa2');
  const puoApprovare = capo && r.stato === 'firmato' && r.dipendente_id !== dipendente?.id;
  const vedeOre = routes.includes('rilevazione.commessa1') || capo;

  async function pdf() {
    setScaricando(true);
    try {
      saveFile(await download(OPS_RAPPORTINI.pdf, { params: { id: r.id } }), `rapportino-${r.id}.pdf`);
    } catch {
      /* notified */
    } finally {
      setScaricando(false);
    }
  }

  async function approva() {
    setApprovando(true);
    try {
      onApprovato((await call(OPS_RAPPORTINI.approva, { params: { id: r.id }, body: null })).data);
    } catch {
      /* notified */
    } finally {
      setApprovando(false);
    }
  }

  const viaggio = r.km !== null || r.minuti_viaggio !== null ? t('rapportino.viaggio_testo', { km: r.km ?? 0, tempo: formatMinuti(r.minuti_viaggio ?? 0) }) : '–';
  return (
    <>
      {r.stato === 'approvato' ? (
        <Alert type="success" showIcon title={t('rapportino.approvato_testo')} style={{ marginBottom: 16 }} data-testid="rapportino-approvato" />
      ) : (
        <Alert type="info" showIcon title={t('rapportino.firmato_testo')} style={{ marginBottom: 16 }} />
      )}
      <Card title={t('rapportino.intervento')} size="small" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, xl: 3 }} data-testid="rapportino-intestazione">
          <Descriptions.Item label={t('rapportino.data')}>{formatDate(r.data)}</Descriptions.Item>
          <Descriptions.Item label={t('rapportino.tecnico')}>{r.dipendente_nome}</Descriptions.Item>
          <Descriptions.Item label={t('rapportino.cliente')}>{r.cliente_ragione_sociale ?? '–'}</Descriptions.Item>
          <Descriptions.Item label={t('rapportino.sito')}>{r.sito ?? '–'}</Descriptions.Item>
          <Descriptions.Item label={t('rapportino.commessa')}>{r.commessa_codice ?? '–'}</Descriptions.Item>
          <Descriptions.Item label={t('rapportino.viaggio')}>{viaggio}</Descriptions.Item>
          {r.note ? (
            <Descriptions.Item label={t('rapportino.note')} span="filled">
              <span style={{ whiteSpace: 'pre-wrap' }}>{r.note}</span>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>

      <Card title={t('rapportino.attivita')} size="small" style={{ marginBottom: 16 }}>
        <Table
          size="small"
          rowKey={(l) => `${l.inizio}-${l.fine}-${l.commessa_id}`}
          pagination={false}
          {...tableFit}
          dataSource={r.righe}
          data-testid="rapportino-righe"
          columns={[
            { key: 'orario', title: t('rapportino.dalle_alle'), width: 120, render: (_, l) => <span style={numeri}>{`${l.inizio}–${l.fine}`}</span> },
            { key: 'ore', title: t('rapportino.ore'), align: 'right', width: 70, render: (_, l) => <span style={numeri}>{formatMinuti(l.minuti)}</span> },
            { key: 'commessa', title: t('rapportino.commessa_fase'), width: 160, render: (_, l) => `${l.commessa_codice}${l.fase_codice ? ` / ${l.fase_codice}` : ''}` },
            { key: 'descrizione', title: t('rapportino.descrizione'), render: (_, l) => l.descrizione ?? '' },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('rapportino.totale_ore')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong style={numeri} data-testid="rapportino-totale">
                  {formatMinuti(r.minuti)}
                </Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} colSpan={2} />
            </Table.Summary.Row>
          )}
        />
      </Card>

      {r.materiali.length ? (
        <Card title={t('rapportino.materiali')} size="small" style={{ marginBottom: 16 }}>
          <Table
            size="small"
            rowKey={(m) => `${m.descrizione}-${m.quantita}-${m.unita}`}
            pagination={false}
            {...tableFit}
            dataSource={r.materiali}
            data-testid="rapportino-materiali-vista"
            columns={[
              { key: 'descrizione', title: t('rapportino.materiale'), dataIndex: 'descrizione' },
              { key: 'quantita', title: t('rapportino.quantita'), align: 'right', width: 110, render: (_, m) => <span style={numeri}>{quantita(m.quantita, i18n.language)}</span> },
              { key: 'unita', title: t('rapportino.unita'), width: 90, render: (_, m) => m.unita ?? '' },
            ]}
          />
        </Card>
      ) : null}

      <Card title={t('rapportino.firma_cliente')} size="small" style={{ marginBottom: 16 }} data-testid="rapportino-firmato">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text>
            {t('rapportino.firmato_da', { nome: r.firmatario ?? '', quando: formatDateTime(r.firmato_il) })}
            {r.email_cliente ? ` · ${t('rapportino.inviato_a', { email: r.email_cliente })}` : ''}
          </Typography.Text>
          {r.pdf_sha256 ? (
            <Typography.Text type="secondary" data-testid="rapportino-impronta">
              {t('rapportino.impronta_pdf')} <Typography.Text code copyable style={{ fontSize: 12 }}>{r.pdf_sha256}</Typography.Text>
            </Typography.Text>
          ) : null}
          <Space wrap>
            <Button icon={<DownloadOutlined />} loading={scaricando} onClick={() => void pdf()} data-testid="rapportino-pdf">
              {t('rapportino.scarica_pdf')}
            </Button>
            {puoApprovare ? (
              <Popconfirm title={t('rapportino.approva_conferma')} okText={t('rapportino.approva')} cancelText={t('ui.annulla')} onConfirm={() => approva()}>
                <Button type="primary" icon={<CheckOutlined />} loading={approvando} data-testid="rapportino-approva">
                  {t('rapportino.approva')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
          {r.stato === 'firmato' && !puoApprovare ? <Typography.Text type="secondary">{t('rapportino.in_attesa')}</Typography.Text> : null}
        </Space>
      </Card>

      {r.stato === 'approvato' && vedeOre ? (
        <Card title={t('rapportino.ore_registrate')} size="small" style={{ marginBottom: 16 }}>
          <OreRegistrate r={r} />
        </Card>
      ) : null}
    </>
  );
}
