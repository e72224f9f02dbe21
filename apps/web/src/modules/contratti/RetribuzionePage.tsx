/**
 * /contratti/retribuzione (issue #18): a CCNL's pay table in force on a date (levels × components, monthly total and
 * hourly rate), a new component from a decorrenza, a level's history, the comparison of two dates, the import and the
 * Excel export of the components; the CCNL and its levels; the reasons for fixed-term contracts per CCNL; the employees'
 * contract rows and their pay on a date.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Space, Tabs, Typography } from 'antd';
import { RES_CAUSALI_DETERMINATO, RES_CCNL } from '@tulip/contract/wire';
import { ZCausaleDeterminato, ZCcnl } from '@tulip/contract';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';
import { TabellaTab } from './TabellaTab';
import { DipendentiTab } from './DipendentiTab';

const TABS = ['tabella', 'ccnl', 'causali', 'dipendenti'] as const;
type Tab = (typeof TABS)[number];

export function RetribuzionePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'tabella';
  const [ccnlId, setCcnlId] = useState<number | null>(null);
  return (
    <div data-testid="contratti-retribuzione">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.contratti.retribuzione')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'tabella' ? {} : { tab: k }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'tabella', label: t('contratti.tab_tabella'), children: <TabellaTab ccnlId={ccnlId} onCcnl={setCcnlId} /> },
          { key: 'ccnl', label: t('contratti.tab_ccnl'), children: <CcnlTab /> },
          { key: 'causali', label: t('contratti.tab_causali'), children: <CausaliTab /> },
          { key: 'dipendenti', label: t('contratti.tab_dipendenti'), children: <DipendentiTab /> },
        ]}
      />
    </div>
  );
}

const CCNL_COLUMNS: ColumnDef[] = [
  { key: 'codice', title: 'contratti.codice', sorter: true },
  { key: 'descrizione', title: 'contratti.descrizione', sorter: true },
  { key: 'mensilita', title: 'contratti.mensilita' },
  { key: 'ore_settimanali', title: 'contratti.ore_settimanali' },
  { key: 'divisore_orario', title: 'contratti.divisore_orario' },
  {
    key: 'livelli', title: 'contratti.livelli',
    render: (r) => ((r.livelli as { codice: string }[] | undefined) ?? []).map((l) => l.codice).join(', '),
    exportValue: (r) => ((r.livelli as { codice: string }[] | undefined) ?? []).map((l) => l.codice).join(', '),
  },
];

const CCNL_FIELDS: FieldDef[] = [
  { name: 'codice', label: 'contratti.codice', required: true, span: 8 },
  { name: 'descrizione', label: 'contratti.descrizione', required: true, span: 16 },
  { name: 'mensilita', label: 'contratti.mensilita', type: 'select', required: true, span: 8, options: [{ value: 13, label: '13' }, { value: 14, label: '14' }] },
  { name: 'ore_settimanali', label: 'contratti.ore_settimanali', type: 'number', required: true, span: 8 },
  { name: 'divisore_orario', label: 'contratti.divisore_orario', type: 'number', required: true, span: 8 },
  // D.Lgs 81/2015 art. 6 c. 2: empty is the law's 25 %
  { name: 'limite_supplementare', label: 'contratti.limite_supplementare', type: 'number', span: 8 },
  { name: 'valido_dal', label: 'contratti.valido_dal', type: 'date', span: 12 },
  { name: 'valido_al', label: 'contratti.valido_al', type: 'date', span: 12 },
  // letter q) of D.Lgs 152/1997 art. 1: the hiring letters name who signed the agreement
  { name: 'parti_firmatarie', label: 'contratti.parti_firmatarie', type: 'textarea', span: 24 },
  // the working-time limits the agreement moves (D.Lgs 66/2003); empty: the law's, shown as the placeholder
  { name: 'mesi_riferimento_orario', label: 'contratti.mesi_riferimento_orario', type: 'number', span: 8, placeholder: 'contratti.legge_mesi_riferimento' },
  { name: 'straordinario_annuo_ore', label: 'contratti.straordinario_annuo_ore', type: 'number', span: 8, placeholder: 'contratti.legge_straordinario_annuo' },
  { name: 'pausa_minima_minuti', label: 'contratti.pausa_minima_minuti', type: 'number', span: 8, placeholder: 'contratti.legge_pausa_minima' },
  { name: 'notturno_giorni_anno', label: 'contratti.notturno_giorni_anno', type: 'number', span: 12, placeholder: 'contratti.legge_notturno_giorni' },
  { name: 'notturno_periodo_giorni', label: 'contratti.notturno_periodo_giorni', type: 'number', span: 12, placeholder: 'contratti.legge_notturno_periodo' },
  {
    name: 'livelli', label: 'contratti.livelli', type: 'rows',
    rows: {
      addLabel: 'contratti.aggiungi_livello', max: 50,
      fields: [
        { name: 'codice', label: 'contratti.codice', required: true, width: 110 },
        { name: 'descrizione', label: 'contratti.descrizione', required: true, width: 420 },
      ],
    },
  },
];

/** The CCNL and its levels, through the generic resource page. */
function CcnlTab() {
  return (
    <ResourcePage
      hideTitle
      resource={{ wire: RES_CCNL, title: 'contratti.tab_ccnl', schema: ZCcnl, entity: 'contratti.entita_ccnl' }}
      columns={CCNL_COLUMNS}
      form={{ fields: CCNL_FIELDS, width: 760 }}
      canDelete={false}
    />
  );
}

const CAUSALI_COLUMNS: ColumnDef[] = [
  { key: 'ccnl_codice', title: 'contratti.ccnl' },
  { key: 'codice', title: 'contratti.causale_codice', sorter: true },
  { key: 'descrizione', title: 'contratti.causale_descrizione', sorter: true },
  { key: 'attiva', title: 'contratti.causale_attiva', type: 'boolean' },
];

const CAUSALI_FIELDS: FieldDef[] = [
  { name: 'ccnl_id', label: 'contratti.ccnl', type: 'select', lookup: RES_CCNL.path, required: true, span: 12 },
  { name: 'codice', label: 'contratti.causale_codice', required: true, span: 8 },
  { name: 'attiva', label: 'contratti.causale_attiva', type: 'switch', span: 4 },
  { name: 'descrizione', label: 'contratti.causale_descrizione', type: 'textarea', required: true, span: 24 },
];

/** The reasons for fixed-term contracts each CCNL lists (D.Lgs 81/2015 art. 19 c. 1 lett. a), through the generic resource page. */
function CausaliTab() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('contratti.causali_aiuto')}</Typography.Text>
      <ResourcePage
        hideTitle
        resource={{ wire: RES_CAUSALI_DETERMINATO, title: 'contratti.tab_causali', schema: ZCausaleDeterminato, entity: 'contratti.entita_causale' }}
        columns={CAUSALI_COLUMNS}
        form={{ fields: CAUSALI_FIELDS, width: 640 }}
      />
    </Space>
  );
}
