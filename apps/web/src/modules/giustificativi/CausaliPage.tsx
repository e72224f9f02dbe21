import { useTranslation } from 'react-i18next';
import { Space, Tag, Tooltip } from 'antd';
import { ZCausale } from '@tulip/contract';
import { RES_CAUSALI } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';
import { ColorField } from '../../components/ColorField';
import { formatMinuti } from '../../components/minuti';
import { CausaleTag } from './common';
import '../../components/presenze.css';

const FLAGS = ['retribuita', 'richiede_approvazione', 'conta_come_lavorato', 'saldo', 'richiede_certificato'] as const;

/** /giustificativi/causali — leave types with every ZCausale field. */
export function CausaliPage() {
  const { t } = useTranslation();
  const ore = (v: unknown) => (typeof v === 'number' ? t('causali.ore_valore', { ore: formatMinuti(v) }) : '');
  const columns: ColumnDef[] = [
    {
      key: 'codice',
      title: 'causali.codice',
      sorter: true,
      width: 140,
      render: (r) => <CausaleTag codice={String(r.codice)} colore={r.colore as string} />,
      exportValue: (r) => String(r.codice),
    },
    { key: 'descrizione', title: 'causali.descrizione', sorter: true },
    {
      key: 'unita',
      title: 'causali.unita',
      width: 110,
      render: (r) => <Tag>{t(`giustificativi.unita_${String(r.unita)}`)}</Tag>,
      exportValue: (r) => t(`giustificativi.unita_${String(r.unita)}`),
    },
    {
      key: 'flags',
      title: 'causali.caratteristiche',
      render: (r) => (
        <Space size={[4, 4]} wrap>
          {FLAGS.filter((f) => r[f]).map((f) => (
            <Tooltip key={f} title={t(`causali.${f}_hint`)}>
              <Tag color="blue">{t(`causali.${f}`)}</Tag>
            </Tooltip>
          ))}
        </Space>
      ),
      exportValue: (r) => FLAGS.filter((f) => r[f]).map((f) => t(`causali.${f}`)).join(', '),
    },
    { key: 'spettanza_annua_minuti', title: 'causali.spettanza', render: (r) => ore(r.spettanza_annua_minuti), exportValue: (r) => ore(r.spettanza_annua_minuti) },
    { key: 'codice_paghe', title: 'causali.codice_paghe', width: 120 },
    { key: 'attiva', title: 'causali.attiva', type: 'boolean', width: 90 },
    ...FLAGS.map((f): ColumnDef => ({ key: f, title: `causali.${f}`, type: 'boolean', exportOnly: true })),
    { key: 'colore', title: 'causali.colore', exportOnly: true },
  ];
  const fields: FieldDef[] = [
    { name: 'codice', label: 'causali.codice', required: true, span: 8 },
    { name: 'descrizione', label: 'causali.descrizione', required: true, span: 16 },
    {
      name: 'unita',
      label: 'causali.unita',
      type: 'select',
      required: true,
      span: 8,
      options: [
        { value: 'G', label: 'giustificativi.unita_G' },
        { value: 'H', label: 'giustificativi.unita_H' },
      ],
    },
    { name: 'codice_paghe', label: 'causali.codice_paghe', span: 8, extra: (_r, tt) => tt('causali.codice_paghe_hint') },
    { name: 'colore', label: 'causali.colore', type: 'custom', span: 8, render: () => <ColorField /> },
    ...FLAGS.map((f): FieldDef => ({ name: f, label: `causali.${f}`, type: 'switch', span: 12, extra: (_r, tt) => tt(`causali.${f}_hint`) })),
    { name: 'attiva', label: 'causali.attiva', type: 'switch', span: 12, extra: (_r, tt) => tt('causali.attiva_hint') },
    {
      name: 'spettanza_annua_minuti',
      label: 'causali.spettanza_ore',
      type: 'minutes',
      span: 12,
      extra: (_r, tt) => tt('causali.spettanza_hint'),
    },
  ];
  return (
    <ResourcePage
      resource={{ wire: RES_CAUSALI, title: 'menu.giustificativi.causali', entity: 'entita.causale', schema: ZCausale }}
      columns={columns}
      form={{ fields, width: 680 }}
      defaultSort="codice"
    />
  );
}
