/**
 * /speseadmin/:id? — Gestione spese (issue #16). With an id, the line-by-line review of one note: each line beside its
 * receipt, excluded, capped (by default at the type's limit) or corrected in type or amount with a reason, then the
 * note approved or rejected. Without an id, every expense line in the caller's scope with its filters and Excel.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Result, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, AuditOutlined, CheckOutlined, FileExcelOutlined, RightOutlined, RollbackOutlined } from '@ant-design/icons';
import { STATI_NOTA } from '@tulip/contract';
import { OPS_SPESE, RES_COMMESSE } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { saveFile } from '../../platform/download';
import { ApiError } from '../../platform/http';
import { formatDate } from '../../platform/formats';
import { ListPage, type FilterDef, type ListQuery, type ListRow } from '../../components/ListPage';
import { MoneyField, moneyRule } from '../../components/MoneyField';
import { isInvalidMoney } from '../../components/money';
import { requiredRule } from '../../components/formRules';
import { AvvisiTags, euro, RegolaRiga, useApprovaNota, importoRiga, PdfButton, RigheNota, TestataNota, TotaliNota, useRiferimenti, type Nota, type Riferimenti, type Riga } from './common';
import { MotivoButton } from '../../components/MotivoButton';
import { useNota } from './NotaDettaglio';
import { LiquidaButton } from './Liquida';
import { ImportoInput, type ImportoValue } from './RigaForm';
import { formatImporto } from './importi';

type Modo = 'limita' | 'escludi' | 'correggi';
type Values = { tetto?: number | null; tipo_spesa?: string; importo?: ImportoValue; motivo?: string };

/** The approver's review of one line: cap, exclude (or include again), correct type or amount; always with a reason. */
function RevisioneModal({ nota, riga, rif, onClose }: { nota: Nota; riga: Riga | null; rif?: Riferimenti; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [modo, setModo] = useState<Modo>('limita');
  const [busy, setBusy] = useState(false);
  const tipo = rif?.tipi_spesa.find((x) => x.codice === riga?.tipo_spesa);
  const valuta = rif?.valute.find((v) => v.codice === riga?.valuta);
  const dichiarato = riga?.importo_dichiarato ?? riga?.importo ?? null;
  const dichiaratoTesto = riga && dichiarato != null ? formatImporto(dichiarato, riga.valuta, valuta?.decimali ?? 2, valuta?.simbolo) : '';
  const km = riga?.categoria === 'CHILOMETRICO';
  const [openFor, setOpenFor] = useState<number | null>(null);
  if (riga && openFor !== riga.id) {
    setOpenFor(riga.id);
    setModo(riga.esclusa ? 'escludi' : 'limita');
    form.setFieldsValue({ tetto: riga.tetto ?? tipo?.massimale ?? riga.importo_eur, tipo_spesa: riga.tipo_spesa, importo: riga.importo, motivo: '' });
  }
  if (!riga && openFor !== null) setOpenFor(null);

  async function save() {
    if (!riga) return;
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body =
      modo === 'limita'
        ? { tetto: typeof v.tetto === 'number' ? v.tetto : null, motivo: v.motivo!.trim() }
        : modo === 'escludi'
          ? { esclusa: !riga.esclusa, motivo: v.motivo!.trim() }
          : {
              ...(v.tipo_spesa && v.tipo_spesa !== riga.tipo_spesa ? { tipo_spesa: v.tipo_spesa } : {}),
              ...(!km && typeof v.importo === 'number' && v.importo !== riga.importo ? { importo: v.importo } : {}),
              motivo: v.motivo!.trim(),
            };
    setBusy(true);
    try {
      await call(OPS_SPESE.rivediRiga, { params: { id: nota.id, riga: riga.id }, body });
      await qc.invalidateQueries({ queryKey: ['spese'] });
      onClose();
    } catch (e) {
      if (e instanceof ApiError) form.setFields(Object.entries(e.fields).filter(([k]) => ['tetto', 'tipo_spesa', 'importo', 'motivo'].includes(k)).map(([k, m]) => ({ name: k as keyof Values, errors: [t(m)] })));
    } finally {
      setBusy(false);
    }
  }

  const tipi = (rif?.tipi_spesa ?? []).filter((x) => (x.categoria === 'CHILOMETRICO') === km);
  return (
    <Modal
      open={!!riga}
      onCancel={onClose}
      title={riga ? t('spese.rivedi_riga_titolo', { data: formatDate(riga.data), tipo: riga.tipo_spesa_descrizione }) : ''}
      okText={t('ui.salva')}
      cancelText={t('ui.annulla')}
      onOk={() => void save()}
      okButtonProps={{ loading: busy, 'data-testid': 'revisione-salva' } as never}
      forceRender
      data-testid="revisione-modal"
    >
      {riga ? (
        <div data-testid="revisione-modal">
          <Typography.Paragraph>
            {importoRiga(riga, rif)} · {euro(riga.importo_eur)} · {t('spese.rimborsabile')} {euro(riga.rimborsabile)}
          </Typography.Paragraph>
          <AvvisiTags avvisi={riga.avvisi} />
          <RegolaRiga riga={riga} />
          <Segmented<Modo>
            block
            style={{ margin: '12px 0 16px' }}
            value={modo}
            onChange={setModo}
            options={[
              { value: 'limita', label: t('spese.limita') },
              { value: 'escludi', label: t(riga.esclusa ? 'spese.includi' : 'spese.escludi') },
              { value: 'correggi', label: t('spese.correggi_riga') },
            ]}
          />
          <Form form={form} layout="vertical" name="revisione" onFinish={() => void save()}>
            {modo === 'limita' ? (
              <Form.Item
                name="tetto"
                label={t('spese.tetto')}
                rules={[moneyRule(t, 'spese.tetto')]}
                extra={tipo?.massimale ? t('spese.tetto_hint_massimale', { importo: euro(tipo.massimale) }) : t('spese.tetto_hint')}
              >
                <MoneyField />
              </Form.Item>
            ) : null}
            {modo === 'escludi' ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t(riga.esclusa ? 'spese.includi_hint' : 'spese.escludi_hint')} /> : null}
            {modo === 'correggi' ? (
              <>
                <Form.Item name="tipo_spesa" label={t('spese.tipo')}>
                  <Select options={tipi.map((x) => ({ value: x.codice, label: x.descrizione }))} showSearch={{ optionFilterProp: 'label' }} />
                </Form.Item>
                {!km ? (
                  <Form.Item
                    name="importo"
                    label={t('spese.importo')}
                    extra={dichiarato != null ? t('spese.dichiarato', { importo: dichiaratoTesto }) : undefined}
                    rules={[
                      { validator: (_r, v: unknown) => (isInvalidMoney(v) ? Promise.reject(new Error(t('spese.importo_non_valido', { decimali: valuta?.decimali ?? 2 }))) : Promise.resolve()) },
                      // a review gives back at most what the employee claimed (the server refuses more)
                      { validator: (_r, v: unknown) => (typeof v === 'number' && dichiarato != null && v > dichiarato ? Promise.reject(new Error(t('spese.oltre_dichiarato', { importo: dichiaratoTesto }))) : Promise.resolve()) },
                    ]}
                  >
                    <ImportoInput valuta={riga.valuta} decimali={valuta?.decimali ?? 2} />
                  </Form.Item>
                ) : null}
              </>
            ) : null}
            <Form.Item name="motivo" label={t('spese.motivo')} rules={[requiredRule(t, 'spese.motivo', { whitespace: true })]}>
              <Input.TextArea rows={2} maxLength={300} data-testid="revisione-motivo" />
            </Form.Item>
          </Form>
        </div>
      ) : null}
    </Modal>
  );
}

function Revisione({ id }: { id: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useNota(id);
  const rif = useRiferimenti();
  const [riga, setRiga] = useState<Riga | null>(null);
  const approvaNota = useApprovaNota(() => qc.invalidateQueries({ queryKey: ['spese'] }));
  if (q.isLoading) return <Skeleton active />;
  if (!q.data)
    return <Result status="404" title={t('spese.nota_non_trovata')} extra={<Button onClick={() => navigate('/speseadmin')}>{t('spese.tutte_le_righe')}</Button>} />;
  const nota = q.data;
  const az = new Set(nota.azioni);
  const refresh = () => qc.invalidateQueries({ queryKey: ['spese'] });
  return (
    <div data-testid="revisione-nota" data-nota={nota.id}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t('spese.indietro')}
        </Button>
        <Link to="/speseadmin">{t('spese.tutte_le_righe')}</Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('spese.revisione_titolo')}
      </Typography.Title>
      <TestataNota nota={nota} extra={<PdfButton id={nota.id} />} />
      <div className="tl-spese-nota-azioni">
        {approvaNota.holder}
        {az.has('approva') ? (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            data-testid="nota-approva"
            onClick={() => void approvaNota.approva(id, nota.n_avvisi)}
          >
            {t('spese.approva')}
          </Button>
        ) : null}
        {az.has('rifiuta') ? (
          <MotivoButton
            icon={<RollbackOutlined />}
            label={t('spese.rifiuta')}
            title={t('spese.rifiuta_titolo')}
            conferma={t('spese.rifiuta')}
            testId="nota-rifiuta"
            onConfirm={async (motivo) => {
              await call(OPS_SPESE.rifiuta, { params: { id }, body: { motivo } });
              await refresh();
            }}
          />
        ) : null}
        {az.has('liquida') ? <LiquidaButton ids={[id]} onDone={refresh} testId="nota-liquida" /> : null}
      </div>
      {!az.has('rivedi') && nota.stato !== 'liquidata' ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('spese.revisione_non_possibile')} /> : null}
      <TotaliNota totali={nota.totali} />
      <RigheNota
        righe={nota.righe}
        rif={rif.data}
        notaId={nota.id}
        ricevute
        testId="righe-revisione"
        azioni={
          az.has('rivedi')
            ? (r) => (
                <Button size="small" icon={<AuditOutlined />} onClick={() => setRiga(r)} aria-label={t('spese.rivedi_riga_di', { data: formatDate(r.data), tipo: r.tipo_spesa_descrizione })} data-testid={`rivedi-riga-${r.id}`}>
                  {t('spese.rivedi')}
                </Button>
              )
            : undefined
        }
        azioniWidth={110}
      />
      <RevisioneModal nota={nota} riga={riga} rif={rif.data} onClose={() => setRiga(null)} />
    </div>
  );
}

type Righe = typeof OPS_SPESE.righe;
type Filtri = { periodo: null; tipo_spesa: string | null; tipo_pagamento: string | null; contanti: boolean; massimale: boolean; ricevuta: boolean; commessa_id: number | null; stato: string | null };

/** Every expense line in scope, filtered, with the Excel of what is filtered. */
function TutteLeRighe() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rif = useRiferimenti();
  const filters: FilterDef<ListQuery<Righe>, Filtri>[] = [
    { type: 'dateRange', name: 'periodo', label: 'spese.periodo', params: ['dal', 'al'], clearable: true, testId: 'righe-periodo' },
    { type: 'select', name: 'tipo_spesa', label: 'spese.tipo', placeholder: 'spese.tutti_i_tipi', width: 200, options: (rif.data?.tipi_spesa ?? []).map((x) => ({ value: x.codice, label: x.descrizione })) },
    { type: 'select', name: 'tipo_pagamento', label: 'spese.pagamento', placeholder: 'spese.tutti_i_pagamenti', width: 200, options: (rif.data?.tipi_pagamento ?? []).map((x) => ({ value: x.codice, label: x.descrizione })) },
    { type: 'select', name: 'stato', label: 'spese.stato', placeholder: 'spese.tutti_gli_stati', width: 160, options: STATI_NOTA.map((s) => ({ value: s, label: `spese.stato_${s}` })) },
    { type: 'select', name: 'commessa_id', label: 'spese.commessa', width: 170, lookup: RES_COMMESSE.path },
    { type: 'switch', name: 'contanti', label: 'spese.filtro_contanti', param: 'contanti_imponibili', on: 'si', testId: 'filtro-contanti' },
    { type: 'switch', name: 'massimale', label: 'spese.filtro_massimale', param: 'oltre_massimale', on: 'si', testId: 'filtro-massimale' },
    { type: 'switch', name: 'ricevuta', label: 'spese.filtro_ricevuta', param: 'ricevuta_mancante', on: 'si', testId: 'filtro-ricevuta' },
  ];
  return (
    <ListPage<Righe, Filtri>
      op={OPS_SPESE.righe}
      queryKey={['spese', 'righe']}
      title="menu.speseadmin"
      testId="spese-righe"
      tableTestId="righe-tabella"
      filters={filters}
      defaults={{ periodo: null, tipo_spesa: null, tipo_pagamento: null, contanti: false, massimale: false, ricevuta: false, commessa_id: null, stato: null }}
      emptyText="spese.nessuna_riga"
      pageSize={50}
      toolbar={(ctx) => (
        <Button
          icon={<FileExcelOutlined />}
          data-testid="righe-excel"
          onClick={async () => {
            try {
              saveFile(await download(OPS_SPESE.righeExcel, { query: ctx.query }), 'righe-spese.xlsx');
            } catch {
              /* notified */
            }
          }}
        >
          {t('ui.esporta_excel')}
        </Button>
      )}
      columns={[
        { key: 'data', title: t('spese.data'), width: 100, render: (_, r: ListRow<Righe>) => formatDate(r.data) },
        {
          key: 'dipendente', title: t('spese.dipendente'),
          render: (_, r: ListRow<Righe>) => (
            <div>
              <div>{r.dipendente_nome}</div>
              <div className="tl-spese-meta">
                <Link to={`/speseadmin/${r.nota_id}`}>{r.nota_descrizione}</Link> · {t(`spese.stato_${r.nota_stato}`)}
              </div>
            </div>
          ),
        },
        {
          key: 'tipo', title: t('spese.tipo'),
          render: (_, r: ListRow<Righe>) => (
            <div>
              <div>{r.tipo_spesa_descrizione}</div>
              <div className="tl-spese-meta">{r.categoria === 'CHILOMETRICO' ? r.veicolo_targa : r.tipo_pagamento_descrizione}</div>
            </div>
          ),
        },
        { key: 'importo', title: t('spese.importo'), align: 'right', render: (_, r: ListRow<Righe>) => <span className="tl-spese-num">{importoRiga(r, rif.data)}</span> },
        { key: 'rimborsabile', title: t('spese.rimborsabile'), align: 'right', render: (_, r: ListRow<Righe>) => <span className="tl-spese-num">{euro(r.rimborsabile)}</span> },
        {
          key: 'split', title: t('spese.esente_imponibile'), align: 'right',
          render: (_, r: ListRow<Righe>) => (
            <div className="tl-spese-num">
              <div>{euro(r.esente)}</div>
              <div className={r.imponibile ? 'is-imponibile' : 'tl-spese-meta'}>{euro(r.imponibile)}</div>
            </div>
          ),
        },
        {
          key: 'avvisi', title: t('spese.trattamento'), render: (_, r: ListRow<Righe>) => (
            <>
              <AvvisiTags avvisi={r.avvisi} />
              <RegolaRiga riga={r} />
            </>
          ),
        },
      ]}
      rowActions={(r) => (
        <Button
          type="text"
          size="small"
          icon={<RightOutlined />}
          aria-label={t('spese.rivedi_di', { nota: `${r.dipendente_nome}, ${r.nota_descrizione}` })}
          title={t('spese.rivedi_righe')}
          onClick={() => navigate(`/speseadmin/${r.nota_id}`)}
        />
      )}
      actionsWidth={56}
    />
  );
}

export function SpeseAdminPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  if (!id) return <TutteLeRighe />;
  if (!/^\d{1,9}$/.test(id)) return <Result status="404" title={t('spese.nota_non_trovata')} extra={<Link to="/speseadmin">{t('spese.tutte_le_righe')}</Link>} />;
  return <Revisione key={id} id={Number(id)} />;
}
