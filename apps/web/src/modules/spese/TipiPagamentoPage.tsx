import { ZTipoPagamento } from '@tulip/contract';
import { RES_TIPI_PAGAMENTO } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';

const columns: ColumnDef[] = [
  { key: 'codice', title: 'spese_anagrafiche.codice', sorter: true, width: 200 },
  { key: 'descrizione', title: 'spese_anagrafiche.descrizione', sorter: true },
  { key: 'tracciabile', title: 'spese_anagrafiche.tracciabile', type: 'boolean', width: 120 },
  { key: 'pagata_azienda', title: 'spese_anagrafiche.pagata_azienda', type: 'boolean', width: 170 },
  { key: 'attivo', title: 'spese_anagrafiche.attivo', type: 'boolean', width: 90 },
];

const fields: FieldDef[] = [
  { name: 'codice', label: 'spese_anagrafiche.codice', required: true, span: 10 },
  { name: 'descrizione', label: 'spese_anagrafiche.descrizione', required: true, span: 14 },
  { name: 'tracciabile', label: 'spese_anagrafiche.tracciabile', type: 'switch', extra: (_r, t) => t('spese_anagrafiche.tracciabile_aiuto') },
  { name: 'pagata_azienda', label: 'spese_anagrafiche.pagata_azienda', type: 'switch', extra: (_r, t) => t('spese_anagrafiche.pagata_azienda_aiuto') },
  { name: 'attivo', label: 'spese_anagrafiche.attivo', type: 'switch', extra: (_r, t) => t('spese_anagrafiche.si_no_aiuto') },
];

/** /tipipagamento: how an expense was paid; whether it is traceable (the tax rule of L. 207/2024) and whether the company paid it. */
export function TipiPagamentoPage() {
  return (
    <ResourcePage
      resource={{ wire: RES_TIPI_PAGAMENTO, title: 'menu.tipipagamento', entity: 'spese_anagrafiche.tipo_pagamento', schema: ZTipoPagamento }}
      columns={columns}
      form={{ fields, width: 560 }}
      defaultSort="codice"
    />
  );
}
