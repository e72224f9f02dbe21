import { Tag } from 'antd';
import { ZDipendente } from '@tulip/contract';
import { RES_CDC, RES_DIPENDENTI, RES_MANSIONI, RES_REPARTI } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';

const columns: ColumnDef[] = [
  { key: 'matricola', title: 'dipendenti.matricola', sorter: true },
  { key: 'cognome', title: 'dipendenti.cognome', sorter: true },
  { key: 'nome', title: 'dipendenti.nome', sorter: true },
  { key: 'codice_fiscale', title: 'dipendenti.codice_fiscale' },
  { key: 'email', title: 'dipendenti.email', exportOnly: true },
  { key: 'reparto_descrizione', title: 'dipendenti.reparto' },
  { key: 'cdc_descrizione', title: 'dipendenti.cdc', exportOnly: true },
  { key: 'mansione_descrizione', title: 'dipendenti.mansione' },
  { key: 'data_assunzione', title: 'dipendenti.data_assunzione', type: 'date', sorter: true },
  { key: 'data_cessazione', title: 'dipendenti.data_cessazione', type: 'date', sorter: true },
  { key: 'badge', title: 'dipendenti.badge', exportOnly: true },
  { key: 'pin_impostato', title: 'dipendenti.pin', type: 'boolean' },
];

const fields: FieldDef[] = [
  { name: 'matricola', label: 'dipendenti.matricola', required: true, span: 12 },
  { name: 'badge', label: 'dipendenti.badge', span: 12 },
  { name: 'cognome', label: 'dipendenti.cognome', required: true, span: 12 },
  { name: 'nome', label: 'dipendenti.nome', required: true, span: 12 },
  { name: 'codice_fiscale', label: 'dipendenti.codice_fiscale', required: true },
  { name: 'email', label: 'dipendenti.email' },
  { name: 'reparto_id', label: 'dipendenti.reparto', type: 'select', lookup: RES_REPARTI.path },
  { name: 'cdc_id', label: 'dipendenti.cdc', type: 'select', lookup: RES_CDC.path },
  { name: 'mansione_id', label: 'dipendenti.mansione', type: 'select', lookup: RES_MANSIONI.path },
  { name: 'data_assunzione', label: 'dipendenti.data_assunzione', type: 'date', required: true, span: 12 },
  { name: 'data_cessazione', label: 'dipendenti.data_cessazione', type: 'date', span: 12 },
  {
    name: 'pin',
    label: 'dipendenti.pin',
    type: 'password',
    writeOnly: true,
    placeholder: 'dipendenti.pin_placeholder',
    extra: (record, t) =>
      record ? (
        <Tag color={record.pin_impostato ? 'green' : 'default'}>{record.pin_impostato ? t('dipendenti.pin_impostato') : t('dipendenti.pin_non_impostato')}</Tag>
      ) : null,
  },
];

/** /anagrafica/dipendenti */
export function DipendentiPage() {
  return (
    <ResourcePage
      importable
      resource={{ wire: RES_DIPENDENTI, title: 'menu.anagrafica.dipendenti', entity: 'entita.dipendente', schema: ZDipendente }}
      columns={columns}
      form={{ fields, width: 640 }}
      defaultSort="cognome"
    />
  );
}
