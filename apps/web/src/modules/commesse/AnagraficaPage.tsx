import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Tooltip } from 'antd';
import { BarChartOutlined, FilePdfOutlined } from '@ant-design/icons';
import { COLONNE_IMPORT_COMMESSE, ZCommessa, type TCommessaImportRiga, type TStatoCommessa } from '@tulip/contract';
import { OPS_COMMESSE, RES_CDC, RES_CLIENTI, RES_COMMESSE, RES_DIPENDENTI } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef, type ImportConfig, type Row } from '../../components/ResourcePage';
import { LookupSelect } from '../../components/LookupSelect';
import type { ImportField } from '../../components/importRows';
import { download } from '../../platform/api';
import { openFile } from '../../platform/download';
import { FiltriCommessa, StatoTag, statiCommessa, statiFase } from './common';

const columns: ColumnDef[] = [
  { key: 'codice', title: 'commesse.codice', sorter: true, width: 130 },
  { key: 'descrizione', title: 'commesse.descrizione', sorter: true },
  { key: 'cliente_ragione_sociale', title: 'commesse.cliente' },
  {
    key: 'stato', title: 'commesse.stato', sorter: true, width: 100,
    render: (r) => <StatoTag stato={r.stato as TStatoCommessa} />,
  },
  { key: 'data_inizio', title: 'commesse.data_inizio', type: 'date', sorter: true, width: 110 },
  { key: 'data_fine', title: 'commesse.data_fine', type: 'date', sorter: true, width: 110 },
  { key: 'minuti_budget', title: 'commesse.ore_budget', type: 'minutes', width: 100 },
  { key: 'costo_budget', title: 'commesse.costo_budget', type: 'money', exportOnly: true },
  { key: 'capo_commessa_nome', title: 'commesse.capo_commessa' },
  { key: 'fatturabile', title: 'commesse.fatturabile', type: 'boolean', exportOnly: true },
  { key: 'note', title: 'commesse.note', exportOnly: true },
];

const fields: FieldDef[] = [
  { name: 'codice', label: 'commesse.codice', required: true, span: 8 },
  { name: 'descrizione', label: 'commesse.descrizione', required: true, span: 16 },
  { name: 'cliente_id', label: 'commesse.cliente', type: 'select', lookup: RES_CLIENTI.path, span: 12 },
  { name: 'stato', label: 'commesse.stato', type: 'select', options: statiCommessa, required: true, span: 6 },
  { name: 'fatturabile', label: 'commesse.fatturabile', type: 'switch', span: 6 },
  { name: 'data_inizio', label: 'commesse.data_inizio', type: 'date', required: true, span: 6 },
  { name: 'data_fine', label: 'commesse.data_fine_prevista', type: 'date', span: 6 },
  { name: 'minuti_budget', label: 'commesse.ore_budget', type: 'minutes', span: 6 },
  { name: 'costo_budget', label: 'commesse.costo_budget', type: 'money', span: 6 },
  { name: 'capo_commessa_id', label: 'commesse.capo_commessa', type: 'select', lookup: RES_DIPENDENTI.path, span: 12 },
  { name: 'cdc_id', label: 'commesse.centro_costo', type: 'select', lookup: RES_CDC.path, span: 12 },
  { name: 'note', label: 'commesse.note', type: 'textarea' },
  {
    name: 'fasi', label: 'commesse.fasi', type: 'rows',
    rows: {
      addLabel: 'commesse.aggiungi_fase', max: 200, defaults: { stato: 'aperta', quantita: false },
      fields: [
        { name: 'codice', label: 'commesse.fase_codice', required: true, width: 110 },
        { name: 'descrizione', label: 'commesse.fase_descrizione', required: true, width: 220 },
        { name: 'ordine', label: 'commesse.fase_ordine', type: 'number', width: 72 },
        { name: 'minuti_previsti', label: 'commesse.ore_previste', type: 'minutes', width: 96 },
        { name: 'quantita', label: 'commesse.fase_quantita', type: 'switch', width: 80 },
        { name: 'stato', label: 'commesse.stato', type: 'select', options: statiFase, width: 120 },
      ],
    },
  },
];

/** The columns of the order import, documented by the contract: dates read as dates, numbers as the file has them. */
const IMPORT_FIELDS: ImportField[] = COLONNE_IMPORT_COMMESSE.map((name: keyof TCommessaImportRiga) => ({
  name,
  label: `commesse.col_${name}`,
  type: name === 'data_inizio' || name === 'data_fine' ? 'date' : undefined,
  asRead: name === 'ore_budget' || name === 'costo_budget' || name === 'fase_ore_previste',
}));

/** The order's actions in the list: its job sheet (PDF) and its report. */
function AzioniCommessa({ row }: { row: Row }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const id = row.id as number;
  const codice = String(row.codice);
  async function scheda() {
    setBusy(true);
    try {
      openFile(await download(OPS_COMMESSE.scheda, { params: { id } }), `scheda-${codice}.pdf`);
    } catch {
      /* notified */
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Tooltip title={t('commesse.scheda')}>
        <Button type="text" size="small" icon={<FilePdfOutlined />} loading={busy} aria-label={t('commesse.scheda_di', { codice })} onClick={() => void scheda()} />
      </Tooltip>
      <Tooltip title={t('commesse.consuntivo')}>
        <Button type="text" size="small" icon={<BarChartOutlined />} aria-label={t('commesse.consuntivo_di', { codice })} onClick={() => navigate(`/commesse/report/${id}`)} />
      </Tooltip>
    </>
  );
}

/** /commesse/anagrafica: the orders with their phases, filtered by state, customer and capo commessa; import from the ERP. */
export function AnagraficaCommessePage() {
  const { t } = useTranslation();
  const [stato, setStato] = useState<TStatoCommessa | undefined>();
  const [cliente, setCliente] = useState<number | undefined>();
  const [capo, setCapo] = useState<number | undefined>();
  const importa: ImportConfig = {
    operation: OPS_COMMESSE.importa,
    fields: IMPORT_FIELDS,
    keepUnknown: true,
    hint: t('commesse.import_formato'),
    summary: (p) => t('commesse.import_riepilogo', { count: p.commesse, fasi: p.fasi }),
  };
  return (
    <ResourcePage
      resource={{ wire: RES_COMMESSE, title: 'menu.commesse.anagrafica', entity: 'commesse.entita', schema: ZCommessa }}
      columns={columns}
      form={{ fields, width: 920 }}
      defaultSort="codice"
      importable={importa}
      query={{ stato, cliente_id: cliente, capo_commessa_id: capo }}
      rowActions={(row) => <AzioniCommessa row={row} />}
      toolbarExtra={
        <>
          <FiltriCommessa stato={stato} onStato={setStato} capo={capo} onCapo={setCapo} />
          <LookupSelect path={RES_CLIENTI.path} numeric aria-label={t('commesse.cliente')} placeholder={t('commesse.tutti_i_clienti')} style={{ width: 200 }} value={cliente} onChange={(v?: number) => setCliente(v)} />
        </>
      }
    />
  );
}
