import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { CATEGORIE_SPESA, ZTipoSpesa, type TCategoriaSpesa } from '@tulip/contract';
import { RES_TIPI_SPESA } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';
import { formatMoney } from '../../components/money';

/** The tax rule's categories, labelled in words ("Taxi e NCC"), in the order of the table. */
const categorieSpesa = CATEGORIE_SPESA.map((c) => ({ value: c, label: `spese_anagrafiche.cat_${c}` }));

/** /tipispesa: the kinds of expense, each with the category whose tax rule applies, its limit and its payroll codes. */
export function TipiSpesaPage() {
  const { t } = useTranslation();
  const [categoria, setCategoria] = useState<TCategoriaSpesa | undefined>();

  const columns: ColumnDef[] = [
    { key: 'codice', title: 'spese_anagrafiche.codice', sorter: true, width: 170 },
    { key: 'descrizione', title: 'spese_anagrafiche.descrizione', sorter: true },
    {
      key: 'categoria', title: 'spese_anagrafiche.categoria', sorter: true,
      render: (r) => t(`spese_anagrafiche.cat_${String(r.categoria)}`), exportValue: (r) => t(`spese_anagrafiche.cat_${String(r.categoria)}`),
    },
    {
      key: 'massimale', title: 'spese_anagrafiche.massimale', width: 150,
      render: (r) => massimale(r.massimale, r.massimale_per),
      exportValue: (r) => (typeof r.massimale === 'number' ? r.massimale / 100 : null),
    },
    {
      key: 'massimale_per', title: 'spese_anagrafiche.massimale_per', exportOnly: true,
      exportValue: (r) => t(r.massimale_per === 'giorno' ? 'spese_anagrafiche.per_giorno' : 'spese_anagrafiche.per_voce'),
    },
    { key: 'ricevuta_obbligatoria', title: 'spese_anagrafiche.ricevuta_obbligatoria', type: 'boolean', width: 120 },
    { key: 'codice_paghe', title: 'spese_anagrafiche.codice_paghe', width: 120 },
    { key: 'codice_paghe_imponibile', title: 'spese_anagrafiche.codice_paghe_imponibile', width: 130 },
    { key: 'attivo', title: 'spese_anagrafiche.attivo', type: 'boolean', width: 80 },
  ];

  function massimale(cents: unknown, per: unknown) {
    if (typeof cents !== 'number') return '';
    return t(per === 'giorno' ? 'spese_anagrafiche.massimale_giorno' : 'spese_anagrafiche.massimale_voce', { importo: formatMoney(cents) });
  }

  const fields: FieldDef[] = [
    { name: 'codice', label: 'spese_anagrafiche.codice', required: true, span: 10 },
    { name: 'descrizione', label: 'spese_anagrafiche.descrizione', required: true, span: 14 },
    {
      name: 'categoria', label: 'spese_anagrafiche.categoria', type: 'select', required: true, options: categorieSpesa,
      extra: (_r, tt) => tt('spese_anagrafiche.categoria_aiuto'),
    },
    { name: 'massimale', label: 'spese_anagrafiche.massimale', type: 'money', span: 12 },
    {
      name: 'massimale_per', label: 'spese_anagrafiche.massimale_per', type: 'select', required: true, span: 12,
      options: [
        { value: 'giorno', label: 'spese_anagrafiche.per_giorno' },
        { value: 'voce', label: 'spese_anagrafiche.per_voce' },
      ],
    },
    { name: 'ricevuta_obbligatoria', label: 'spese_anagrafiche.ricevuta_obbligatoria', type: 'switch', span: 12 },
    { name: 'attivo', label: 'spese_anagrafiche.attivo', type: 'switch', span: 12 },
    { name: 'codice_paghe', label: 'spese_anagrafiche.codice_paghe', span: 12, extra: (_r, tt) => tt('spese_anagrafiche.codice_paghe_aiuto') },
    { name: 'codice_paghe_imponibile', label: 'spese_anagrafiche.codice_paghe_imponibile', span: 12 },
  ];

  return (
    <ResourcePage
      resource={{ wire: RES_TIPI_SPESA, title: 'menu.tipispesa', entity: 'spese_anagrafiche.tipo_spesa', schema: ZTipoSpesa }}
      columns={columns}
      form={{ fields, width: 640 }}
      defaultSort="codice"
      query={{ categoria }}
      toolbarExtra={
        <Select
          allowClear
          aria-label={t('spese_anagrafiche.categoria')}
          placeholder={t('spese_anagrafiche.tutte_le_categorie')}
          style={{ width: 230 }}
          value={categoria}
          onChange={(v?: TCategoriaSpesa) => setCategoria(v)}
          options={categorieSpesa.map((o) => ({ value: o.value, label: t(o.label) }))}
        />
      }
    />
  );
}
