import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { ZReparto } from '@tulip/contract';
import { RES_CDC, RES_DIPENDENTI, RES_REPARTI } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef, type Row } from '../../components/ResourcePage';
import { useLookup } from '../../platform/queries';

const fields: FieldDef[] = [
  { name: 'codice', label: 'tabelle.codice', required: true },
  { name: 'descrizione', label: 'tabelle.descrizione', required: true },
  { name: 'cdc_id', label: 'reparti.cdc', type: 'select', lookup: RES_CDC.path },
  { name: 'responsabili', label: 'reparti.responsabili', type: 'multiselect', lookup: RES_DIPENDENTI.path },
];

/** /anagrafica/reparti: departments, their cost centre and managers. */
export function RepartiPage() {
  const { t } = useTranslation();
  const cdc = useLookup(RES_CDC.path);
  const dipendenti = useLookup(RES_DIPENDENTI.path);
  const cdcLabel = (row: Row) =>
    (row.cdc_descrizione as string | undefined) ?? cdc.data?.find((c) => c.value === row.cdc_id)?.label ?? '';
  const responsabili = (row: Row) =>
    (Array.isArray(row.responsabili) ? (row.responsabili as number[]) : []).map(
      (id) => dipendenti.data?.find((d) => d.value === id)?.label ?? `#${id}`,
    );
  const columns: ColumnDef[] = [
    { key: 'codice', title: 'tabelle.codice', sorter: true, width: 160 },
    { key: 'descrizione', title: 'tabelle.descrizione', sorter: true },
    { key: 'cdc_id', title: 'reparti.cdc', render: cdcLabel, exportValue: cdcLabel },
    {
      key: 'responsabili',
      title: 'reparti.responsabili',
      render: (row) => {
        const names = responsabili(row);
        return names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : t('ui.nessuno');
      },
      exportValue: (row) => responsabili(row).join(', '),
    },
  ];
  return (
    <ResourcePage
      importable
      resource={{ wire: RES_REPARTI, title: 'menu.anagrafica.reparti', entity: 'entita.reparto', schema: ZReparto }}
      columns={columns}
      form={{ fields }}
      defaultSort="codice"
    />
  );
}
