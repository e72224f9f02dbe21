import { useTranslation } from 'react-i18next';
import { solidColors } from '../../platform/colors';
import { Button, ColorPicker, Tag } from 'antd';
import { ZMotivoVisita, ZReferenteVisita, ZTipoVisitatore } from '@tulip/contract';
import { RES_DIPENDENTI, RES_MOTIVI_VISITA, RES_REFERENTI_VISITA, RES_TIPI_VISITATORE } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef, type Row } from '../../components/ResourcePage';

const PRESET = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#13c2c2', '#faad14', '#f5222d', '#2f54eb', '#8c8c8c'];

/** Colour picker whose value is a '#rrggbb' string (Form.Item injects id/value/onChange). */
function ColoreBadge({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const v = value || '#1677ff';
  return (
    <ColorPicker value={v} disabledAlpha format="hex" presets={[{ label: '', colors: PRESET }]} onChange={(c) => onChange?.(c.toHexString().slice(0, 7))}>
      <Button id={id}>
        <span aria-hidden="true" style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: v, border: '1px solid rgba(0,0,0,0.15)' }} />
        <span style={{ fontFamily: 'monospace' }}>{v.toUpperCase()}</span>
      </Button>
    </ColorPicker>
  );
}

const codiceDescrizione: ColumnDef[] = [
  { key: 'codice', title: 'visite.codice', sorter: true, width: 160 },
  { key: 'descrizione', title: 'visite.descrizione', sorter: true },
];
const attivoCol: ColumnDef = { key: 'attivo', title: 'visite.attivo', type: 'boolean', width: 100 };
const attivoField: FieldDef = { name: 'attivo', label: 'visite.attivo', type: 'switch', span: 12 };

/** /visite/motivovisita: reasons of a visit. */
export function MotiviVisitaPage() {
  return (
    <ResourcePage
      resource={{ wire: RES_MOTIVI_VISITA, title: 'menu.visite.motivovisita', entity: 'entita.motivo_visita', schema: ZMotivoVisita }}
      columns={[...codiceDescrizione, attivoCol]}
      form={{
        fields: [
          { name: 'codice', label: 'visite.codice', required: true },
          { name: 'descrizione', label: 'visite.descrizione', required: true },
          attivoField,
        ],
      }}
      defaultSort="codice"
    />
  );
}

/** /visite/tipovisitatore: visitor types, their desk reminders, badge colour and retention. */
export function TipiVisitatorePage() {
  const { t } = useTranslation();
  const columns: ColumnDef[] = [
    { key: 'codice', title: 'visite.codice', sorter: true, width: 140 },
    {
      key: 'descrizione',
      title: 'visite.descrizione',
      sorter: true,
      render: (r) => (
        <Tag style={r.colore_badge ? { ...solidColors(r.colore_badge as string), borderColor: solidColors(r.colore_badge as string).background } : undefined}>
          {String(r.descrizione ?? '')}
        </Tag>
      ),
      exportValue: (r) => r.descrizione as string,
    },
    { key: 'briefing_sicurezza', title: 'visite.briefing_sicurezza', type: 'boolean' },
    { key: 'accompagnamento', title: 'visite.accompagnamento', type: 'boolean' },
    { key: 'dpi_richiesti', title: 'visite.dpi_richiesti', type: 'boolean' },
    { key: 'richiede_approvazione', title: 'visite.richiede_approvazione', type: 'boolean' },
    { key: 'colore_badge', title: 'visite.colore_badge', exportOnly: true },
    {
      key: 'giorni_conservazione',
      title: 'visite.giorni_conservazione',
      render: (r) => (r.giorni_conservazione == null ? <span style={{ color: 'rgba(0,0,0,0.45)' }}>—</span> : String(r.giorni_conservazione)),
    },
    attivoCol,
  ];
  const fields: FieldDef[] = [
    { name: 'codice', label: 'visite.codice', required: true, span: 12 },
    { name: 'descrizione', label: 'visite.descrizione', required: true, span: 12 },
    { name: 'briefing_sicurezza', label: 'visite.briefing_sicurezza', type: 'switch', span: 8 },
    { name: 'accompagnamento', label: 'visite.accompagnamento', type: 'switch', span: 8 },
    { name: 'dpi_richiesti', label: 'visite.dpi_richiesti', type: 'switch', span: 8 },
    { name: 'richiede_approvazione', label: 'visite.richiede_approvazione', type: 'switch', span: 12 },
    { name: 'colore_badge', label: 'visite.colore_badge', type: 'custom', render: () => <ColoreBadge />, span: 12 },
    {
      name: 'giorni_conservazione',
      label: 'visite.giorni_conservazione',
      type: 'number',
      span: 12,
      extra: () => t('visite.giorni_conservazione_extra'),
    },
    attivoField,
  ];
  return (
    <ResourcePage
      resource={{ wire: RES_TIPI_VISITATORE, title: 'menu.visite.tipovisitatore', entity: 'entita.tipo_visitatore', schema: ZTipoVisitatore }}
      columns={columns}
      form={{ fields, width: 640 }}
      defaultSort="codice"
    />
  );
}

/** /visite/referentevisita: the employees visitors can ask for. */
export function ReferentiVisitaPage() {
  const columns: ColumnDef[] = [
    { key: 'dipendente_nome', title: 'visite.dipendente', render: (r: Row) => String(r.dipendente_nome ?? `#${String(r.dipendente_id)}`) },
    { key: 'reparto_descrizione', title: 'visite.reparto' },
    { key: 'email', title: 'visite.email' },
    { key: 'notifica_email', title: 'visite.notifica_email', type: 'boolean' },
    attivoCol,
  ];
  const fields: FieldDef[] = [
    { name: 'dipendente_id', label: 'visite.dipendente', type: 'select', lookup: RES_DIPENDENTI.path, required: true },
    { name: 'notifica_email', label: 'visite.notifica_email', type: 'switch', span: 12 },
    attivoField,
  ];
  return (
    <ResourcePage
      resource={{ wire: RES_REFERENTI_VISITA, title: 'menu.visite.referentevisita', entity: 'entita.referente', schema: ZReferenteVisita }}
      columns={columns}
      form={{ fields }}
    />
  );
}
