/**
 * /conformita: the working-time findings of a month (D.Lgs 66/2003, issue #31 §1), by rule and by person, each with its
 * detail and a link to the day in the timecard; HR reviews each one with a note before the month can be closed.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchParam } from '../../components/searchParam';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Space, Switch, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { CheckCircleTwoTone, FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import { REGOLE_CONFORMITA, type TRegolaConformita, type TRiscontroConformita } from '@tulip/contract';
import { OPS_CONFORMITA, RES_REPARTI } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { formatDate, meseAnno } from '../../platform/formats';
import { requiredRule } from '../../components/formRules';
import { DipendenteSelect, isMese, LookupFilter, MesePicker, meseCorrente, PageHeader, StatoMeseTag, useDayjs, useFileDownload, useScope } from '../consultazione';

type Riga = TRiscontroConformita;

export function ConformitaPage() {
  const { t } = useTranslation();
  const { proprio, scope } = useScope();
  const hr = scope === 'tutti';
  const [params, setParam] = useSearchParam();
  const mese = isMese(params.get('mese')) ? params.get('mese')! : meseCorrente();
  const regola = (REGOLE_CONFORMITA as readonly string[]).includes(params.get('regola') ?? '') ? (params.get('regola') as TRegolaConformita) : null;
  const daVerificare = params.get('stato') === 'da_verificare';
  const [reparto, setReparto] = useState<number | null>(null);
  const [dipendente, setDipendente] = useState<number | null>(null);
  const [inVerifica, setInVerifica] = useState<Riga | null>(null);
  const files = useFileDownload();
  const dj = useDayjs();
  const qc = useQueryClient();

  const filtri = { mese, reparto_id: reparto ?? undefined, dipendente_id: dipendente ?? undefined };
  const query = useQuery({ queryKey: ['conformita', mese, reparto, dipendente], queryFn: () => call(OPS_CONFORMITA.elenco, { query: filtri }) });
  const data = query.data;
  const tutte = useMemo(() => data?.rows ?? [], [data]);
  const righe = tutte.filter((r) => (!regola || r.regola === regola) && (!daVerificare || !r.verifica));
  const perRegola = useMemo(() => {
    const n = new Map<string, number>();
    for (const r of tutte) n.set(r.regola, (n.get(r.regola) ?? 0) + 1);
    return n;
  }, [tutte]);
  const aperti = tutte.filter((r) => !r.verifica).length;
  const chiuso = !!data?.chiuso;

  const columns: NonNullable<TableProps<Riga>['columns']> = [
    {
      key: 'data', title: t('conformita.data'), width: 120, defaultSortOrder: 'ascend', sorter: (a, b) => a.data.localeCompare(b.data),
      render: (_: unknown, r) => (
        <Tooltip title={t('conformita.apri_cartellino')}>
          <Link to={`/cartellino?dipendente=${r.dipendente_id}&mese=${r.data.slice(0, 7)}#${r.data}`}>{formatDate(r.data)}</Link>
        </Tooltip>
      ),
    },
    {
      key: 'dipendente', title: t('conformita.dipendente'), width: 220, sorter: (a, b) => a.nome.localeCompare(b.nome),
      render: (_: unknown, r) => (
        <span>
          <Typography.Text strong>{r.nome}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.matricola}</Typography.Text>
        </span>
      ),
    },
    { key: 'regola', title: t('conformita.regola'), width: 230, render: (_: unknown, r) => <Tag color="red">{t(`conformita.regola_${r.regola}`)}</Tag> },
    { key: 'dettaglio', title: t('conformita.dettaglio'), render: (_: unknown, r) => t(r.dettaglio, r.params) },
    {
      key: 'verifica', title: t('conformita.verifica'), width: 260,
      render: (_: unknown, r) =>
        r.verifica ? (
          <Space align="start" size={6}>
            <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={t('conformita.verificato')} />
            <span>
              <Typography.Text>{r.verifica.nota}</Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('conformita.verifica_di', { utente: r.verifica.utente, il: `${formatDate(r.verifica.il.slice(0, 10))} ${r.verifica.il.slice(11, 16)}` })}
              </Typography.Text>
              {hr && !chiuso ? (
                <Button type="link" size="small" onClick={() => setInVerifica(r)}>
                  {t('ui.modifica')}
                </Button>
              ) : null}
            </span>
          </Space>
        ) : hr && !chiuso ? (
          <Button size="small" onClick={() => setInVerifica(r)}>
            {t('conformita.verifica')}
          </Button>
        ) : (
          <Tag color="orange">{t('conformita.da_verificare')}</Tag>
        ),
    },
  ];

  return (
    <div data-testid="conformita">
      <PageHeader
        title={t('conformita.titolo')}
        extra={
          <Button
            icon={<FileExcelOutlined />}
            disabled={!data}
            loading={files.busy === 'xlsx'}
            onClick={() => void files.download('xlsx', () => download(OPS_CONFORMITA.excel, { query: filtri }), `conformita_${mese}.xlsx`)}
          >
            {t('ui.esporta_excel')}
          </Button>
        }
      >
        <Space size={8} wrap style={{ marginTop: 4 }}>
          <Typography.Text type="secondary">{meseAnno(dj(`${mese}-01`))}</Typography.Text>
          {data ? <StatoMeseTag chiuso={chiuso} /> : null}
          {data ? <Typography.Text type="secondary">{t('conformita.riscontri_n', { count: tutte.length })}</Typography.Text> : null}
        </Space>
        <div>
          <Typography.Text type="secondary">{t('conformita.sottotitolo')}</Typography.Text>
        </div>
      </PageHeader>
      <Space wrap style={{ marginBottom: 12 }}>
        <MesePicker value={mese} onChange={(m) => setParam('mese', m)} />
        {proprio ? null : <LookupFilter path={RES_REPARTI.path} label={t('conformita.reparto')} value={reparto} onChange={(v) => setReparto(v === null ? null : Number(v))} />}
        {proprio ? null : <DipendenteSelect value={dipendente} onChange={setDipendente} />}
        <Select<string>
          aria-label={t('conformita.regola')}
          style={{ width: 280 }}
          value={regola ?? ''}
          onChange={(v) => setParam('regola', v || null)}
          options={[{ value: '', label: t('conformita.tutte_le_regole') }, ...REGOLE_CONFORMITA.map((r) => ({ value: r, label: `${t(`conformita.regola_${r}`)} (${perRegola.get(r) ?? 0})` }))]}
        />
        <Space size={6}>
          <Switch checked={daVerificare} onChange={(on) => setParam('stato', on ? 'da_verificare' : null)} aria-label={t('conformita.da_verificare')} />
          <Typography.Text>{t('conformita.da_verificare')}</Typography.Text>
        </Space>
        <Tooltip title={t('ui.aggiorna')}>
          <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void query.refetch()} />
        </Tooltip>
      </Space>
      {hr && data && !chiuso && aperti > 0 ? <Alert type="warning" showIcon title={t('conformita.da_verificare_n', { count: aperti })} style={{ marginBottom: 12 }} /> : null}
      {query.isError && !data ? <Alert type="error" showIcon title={t('consultazione.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
      <Table<Riga>
        size="small"
        bordered
        rowKey={(r) => `${r.dipendente_id}|${r.regola}|${r.data}`}
        columns={columns}
        dataSource={righe}
        loading={query.isFetching}
        pagination={righe.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
        locale={{ emptyText: query.isLoading ? t('app.caricamento') : t('conformita.nessun_riscontro') }}
      />
      <VerificaModal
        riga={inVerifica}
        onClose={() => setInVerifica(null)}
        onDone={async () => {
          setInVerifica(null);
          await Promise.all([qc.invalidateQueries({ queryKey: ['conformita'] }), qc.invalidateQueries({ queryKey: ['home'] })]);
        }}
      />
    </div>
  );
}

/** HR's note on a finding: the reason, or what was done about it. */
function VerificaModal({ riga, onClose, onDone }: { riga: Riga | null; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ nota: string }>();
  const [saving, setSaving] = useState(false);
  async function save() {
    if (!riga) return;
    const { nota } = await form.validateFields();
    setSaving(true);
    try {
      await call(OPS_CONFORMITA.verifica, { body: { dipendente_id: riga.dipendente_id, regola: riga.regola, data: riga.data, nota } });
      form.resetFields();
      await onDone();
    } catch {
      /* notified by the http client */
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal
      open={!!riga}
      title={t('conformita.verifica_titolo')}
      okText={t('ui.salva')}
      cancelText={t('ui.annulla')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      {riga ? (
        <>
          <Typography.Paragraph>
            <strong>{riga.nome}</strong> · {formatDate(riga.data)} · {t(`conformita.regola_${riga.regola}`)}
            <br />
            {t(riga.dettaglio, riga.params)}
          </Typography.Paragraph>
          <Form form={form} key={`${riga.dipendente_id}|${riga.regola}|${riga.data}`} layout="vertical" name="verifica-conformita" initialValues={{ nota: riga.verifica?.nota ?? '' }} preserve={false}>
            <Form.Item name="nota" label={t('conformita.verifica_nota')} rules={[requiredRule(t, 'conformita.verifica_nota', { whitespace: true }), { max: 1000 }]}>
              <Input.TextArea rows={4} maxLength={1000} showCount />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
