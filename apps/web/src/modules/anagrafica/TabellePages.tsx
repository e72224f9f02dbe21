import { ZCentroCosto, ZMansione, ZTipoDocumento } from '@tulip/contract';
import { RES_CDC, RES_MANSIONI, RES_TIPI_DOCUMENTO } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';

const columns: ColumnDef[] = [
  { key: 'codice', title: 'tabelle.codice', sorter: true, width: 180 },
  { key: 'descrizione', title: 'tabelle.descrizione', sorter: true },
];
const fields: FieldDef[] = [
  { name: 'codice', label: 'tabelle.codice', required: true },
  { name: 'descrizione', label: 'tabelle.descrizione', required: true },
];

/** /anagrafica/cdc: centri di costo. */
export function CdcPage() {
  return <ResourcePage resource={{ wire: RES_CDC, title: 'menu.anagrafica.cdc', entity: 'entita.centro_costo', schema: ZCentroCosto }} columns={columns} form={{ fields }} defaultSort="codice" importable />;
}

/** /rilevazione/tipo: mansioni. */
export function MansioniPage() {
  return <ResourcePage resource={{ wire: RES_MANSIONI, title: 'menu.rilevazione.tipo', entity: 'entita.mansione', schema: ZMansione }} columns={columns} form={{ fields }} defaultSort="codice" importable />;
}

/** /tipodocumento: tipi di documento. */
export function TipiDocumentoPage() {
  return (
    <ResourcePage
      resource={{ wire: RES_TIPI_DOCUMENTO, title: 'menu.tipodocumento', entity: 'entita.tipo_documento', schema: ZTipoDocumento }}
      columns={[...columns, { key: 'note', title: 'tabelle.note' }]}
      form={{ fields: [...fields, { name: 'note', label: 'tabelle.note', type: 'textarea' }] }}
      defaultSort="codice"
    />
  );
}
