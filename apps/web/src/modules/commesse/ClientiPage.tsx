import { ZCliente } from '@tulip/contract';
import { RES_CLIENTI } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';

const columns: ColumnDef[] = [
  { key: 'ragione_sociale', title: 'commesse.ragione_sociale', sorter: true },
  { key: 'partita_iva', title: 'commesse.partita_iva', sorter: true, width: 140 },
  { key: 'comune', title: 'commesse.comune', sorter: true },
  { key: 'provincia', title: 'commesse.provincia', width: 90 },
  { key: 'referente', title: 'commesse.referente' },
  { key: 'email', title: 'commesse.email' },
  { key: 'telefono', title: 'commesse.telefono', width: 140 },
  { key: 'codice_fiscale', title: 'commesse.codice_fiscale', exportOnly: true },
  { key: 'indirizzo', title: 'commesse.indirizzo', exportOnly: true },
  { key: 'cap', title: 'commesse.cap', exportOnly: true },
  { key: 'attivo', title: 'commesse.attivo', type: 'boolean', width: 90 },
];

const fields: FieldDef[] = [
  { name: 'ragione_sociale', label: 'commesse.ragione_sociale', required: true },
  { name: 'partita_iva', label: 'commesse.partita_iva', span: 12 },
  { name: 'codice_fiscale', label: 'commesse.codice_fiscale', span: 12 },
  { name: 'indirizzo', label: 'commesse.indirizzo' },
  { name: 'cap', label: 'commesse.cap', span: 6 },
  { name: 'comune', label: 'commesse.comune', span: 12 },
  { name: 'provincia', label: 'commesse.provincia', span: 6 },
  { name: 'referente', label: 'commesse.referente' },
  { name: 'email', label: 'commesse.email', span: 12 },
  { name: 'telefono', label: 'commesse.telefono', span: 12 },
  { name: 'attivo', label: 'commesse.attivo', type: 'switch' },
];

/** /commesse/clienti: the customers the orders are for, importable from a file. */
export function ClientiPage() {
  return (
    <ResourcePage
      resource={{ wire: RES_CLIENTI, title: 'menu.commesse.clienti', entity: 'commesse.cliente', schema: ZCliente }}
      columns={columns}
      form={{ fields, width: 640 }}
      defaultSort="ragione_sociale"
      importable
    />
  );
}
