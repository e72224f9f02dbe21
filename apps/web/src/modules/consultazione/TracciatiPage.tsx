import { useTranslation } from 'react-i18next';
import { Alert, Tag, Typography } from 'antd';
import { GENERI_ORE, ZTracciato } from '@tulip/contract';
import { RES_TRACCIATI_PAGHE } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';

const opt = (value: string, label: string) => ({ value, label: `tracciati.${label}` });

const CAMPO_OPTIONS = ['codice_azienda', 'codice_dipendente', 'data', 'codice_voce', 'ore', 'importo', 'testo'].map((c) => opt(c, `campo_${c}`));
/** Every format in one list (the server checks that it fits the field): a date's, the hours', the amount's. */
const FORMATO_OPTIONS = [
  opt('AAAAMMGG', 'fmt_data_aaaammgg'), opt('GGMMAAAA', 'fmt_data_ggmmaaaa'), opt('GG/MM/AAAA', 'fmt_data_gg_mm_aaaa'), opt('AAAA-MM-GG', 'fmt_data_iso'),
  opt('hh,mm', 'fmt_ore_hhmm'), opt('minuti', 'fmt_ore_minuti'), opt('centesimi', 'fmt_centesimi'), opt('decimale', 'fmt_importo_decimale'),
];
const csv = (v: Record<string, unknown>) => v.tipo !== 'fisso';

function TipoTag({ tipo }: { tipo: string }) {
  const { t } = useTranslation();
  return <Tag color={tipo === 'fisso' ? 'purple' : 'blue'}>{t(`tracciati.tipo_${tipo}`)}</Tag>;
}

const COLUMNS: ColumnDef[] = [
  { key: 'nome', title: 'tracciati.nome', sorter: true },
  {
    key: 'tipo', title: 'tracciati.tipo', width: 150,
    render: (r) => <TipoTag tipo={String(r.tipo)} />,
    exportValue: (r) => String(r.tipo),
  },
  { key: 'campi', title: 'tracciati.n_campi', width: 110, render: (r) => (r.campi as unknown[]).length, exportValue: (r) => (r.campi as unknown[]).length },
  { key: 'mappatura', title: 'tracciati.n_voci', width: 140, render: (r) => (r.mappatura as unknown[]).length, exportValue: (r) => (r.mappatura as unknown[]).length },
];

const FIELDS: FieldDef[] = [
  { name: 'nome', label: 'tracciati.nome', required: true, span: 12 },
  { name: 'tipo', label: 'tracciati.tipo', type: 'select', required: true, span: 6, options: [opt('csv', 'tipo_csv'), opt('fisso', 'tipo_fisso')] },
  { name: 'codifica', label: 'tracciati.codifica', type: 'select', required: true, span: 6, options: [opt('utf-8', 'cod_utf8'), opt('iso-8859-1', 'cod_latin1')] },
  {
    name: 'separatore', label: 'tracciati.separatore', type: 'select', required: true, span: 8, shownWhen: csv,
    options: [opt(';', 'sep_puntoevirgola'), opt(',', 'sep_virgola'), opt('|', 'sep_pipe'), opt('TAB', 'sep_tab')],
  },
  { name: 'intestazione', label: 'tracciati.intestazione', type: 'switch', span: 4, shownWhen: csv },
  { name: 'codice_azienda', label: 'tracciati.codice_azienda', span: 12, extra: (_r, t) => t('tracciati.codice_azienda_hint') },
  {
    name: 'campi', label: 'tracciati.campi', type: 'rows',
    rows: {
      addLabel: 'tracciati.aggiungi_campo', max: 40, defaults: { tipo: 'testo' },
      fields: [
        { name: 'tipo', label: 'tracciati.campo', type: 'select', required: true, width: 170, options: CAMPO_OPTIONS },
        { name: 'formato', label: 'tracciati.formato', type: 'select', width: 190, options: FORMATO_OPTIONS },
        { name: 'intestazione', label: 'tracciati.intestazione_campo', width: 130 },
        { name: 'valore', label: 'tracciati.valore', width: 110 },
        { name: 'inizio', label: 'tracciati.inizio', type: 'number', width: 80 },
        { name: 'lunghezza', label: 'tracciati.lunghezza', type: 'number', width: 90 },
        { name: 'allineamento', label: 'tracciati.allineamento', type: 'select', width: 120, options: [opt('sinistra', 'sinistra'), opt('destra', 'destra')] },
        { name: 'riempimento', label: 'tracciati.riempimento', type: 'select', width: 110, options: [opt('spazio', 'spazio'), opt('zero', 'zero')] },
      ],
    },
  },
  {
    name: 'mappatura', label: 'tracciati.mappatura', type: 'rows',
    rows: {
      addLabel: 'tracciati.aggiungi_voce', max: 2000, defaults: { gruppo: 'ore' },
      fields: [
        { name: 'gruppo', label: 'tracciati.gruppo', type: 'select', required: true, width: 200, options: [opt('ore', 'gruppo_ore'), opt('causale', 'gruppo_causale'), opt('importo', 'gruppo_importo')] },
        { name: 'genere', label: 'tracciati.genere', required: true, width: 300 },
        { name: 'voce', label: 'tracciati.voce', required: true, width: 140 },
      ],
    },
  },
  {
    name: 'codici_dipendenti', label: 'tracciati.codici_dipendenti', type: 'rows',
    rows: {
      addLabel: 'tracciati.aggiungi_dipendente',
      fields: [
        { name: 'matricola', label: 'tracciati.matricola', required: true, width: 160 },
        { name: 'codice', label: 'tracciati.codice', required: true, width: 160 },
      ],
    },
  },
];

/** /paghe/tracciati: the payroll layouts, CSV or fixed width, with the package's voice codes (issue #31 §4). */
export function TracciatiPage() {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('menu.paghe.tracciati')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('tracciati.sottotitolo')}</Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        title={t('tracciati.non_mappati')}
        description={t('tracciati.generi_ore', { elenco: GENERI_ORE.join(', ') })}
        style={{ marginBottom: 12 }}
        data-testid="tracciati-non-mappati"
      />
      <ResourcePage
        hideTitle
        resource={{ wire: RES_TRACCIATI_PAGHE, title: 'menu.paghe.tracciati', entity: 'entita.tracciato', schema: ZTracciato }}
        columns={COLUMNS}
        form={{ fields: FIELDS, width: 1180 }}
        defaultSort="nome"
      />
    </div>
  );
}
