import { useTranslation } from 'react-i18next';
import { Form, Select, Tag, Typography } from 'antd';
import { ZCartelleVociMenu, ZVoceMenu, type TCartelleVociMenu } from '@tulip/contract';
import { OPS_ANAGRAFICA, RES_PROFILI, RES_VOCI_MENU } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { SettingsCard, useSettingsForm } from '../../components/SettingsPage';
import { ResourcePage, type ColumnDef, type FieldDef, type Row } from '../../components/ResourcePage';
import { useLookup } from '../../platform/queries';

/** The program's arguments, one tag each (typed, then Enter), in the order given. */
function ArgomentiInput(props: { id?: string; value?: string[]; onChange?: (v: string[]) => void }) {
  return <Select {...props} mode="tags" open={false} suffixIcon={null} tokenSeparators={['\n']} style={{ width: '100%' }} />;
}

const fields: FieldDef[] = [
  { name: 'etichetta', label: 'vocimenu.etichetta', required: true },
  { name: 'destinazione', label: 'vocimenu.destinazione', required: true, placeholder: 'C:\\…', extra: (_r, t) => t('vocimenu.destinazione_aiuto') },
  { name: 'argomenti', label: 'vocimenu.argomenti', type: 'custom', render: () => <ArgomentiInput />, extra: (_r, t) => t('vocimenu.argomenti_aiuto') },
  { name: 'profili', label: 'vocimenu.profili', type: 'multiselect', lookup: RES_PROFILI.path, extra: (_r, t) => t('vocimenu.profili_aiuto') },
];

/**
 * The folders the items may open (issue #27 §6): the administrator's allow-list. An item outside them is refused when
 * written, and leaves every menu when its folder leaves the list.
 */
function CartelleAmmesse() {
  const { t } = useTranslation();
  const settings = useSettingsForm<TCartelleVociMenu>({
    queryKey: ['vocimenu', 'cartelle'],
    read: () => call(OPS_ANAGRAFICA.cartelleVociMenu),
    schema: ZCartelleVociMenu,
    toBody: (v) => ({ cartelle: v.cartelle ?? [] }),
    write: (body) => call(OPS_ANAGRAFICA.salvaCartelleVociMenu, { body }),
  });
  return (
    <SettingsCard title="vocimenu.cartelle" text="vocimenu.cartelle_testo" name="cartelle-voci-menu" settings={settings} testId="vocimenu-cartelle">
      <Form.Item name="cartelle" label={t('vocimenu.cartelle')} extra={t('vocimenu.cartelle_aiuto')}>
        <ArgomentiInput />
      </Form.Item>
    </SettingsCard>
  );
}

/**
 * /anagrafica/vocimenu (issue #19): the menu items that open a local program or document, assigned to profiles. They
 * reach the menu only in the desktop application on Windows; the shell opens what the server's menu says.
 */
export function VociMenuPage() {
  const { t } = useTranslation();
  const profili = useLookup(RES_PROFILI.path);
  const names = (row: Row) =>
    (Array.isArray(row.profili) ? (row.profili as number[]) : []).map((id) => profili.data?.find((p) => p.value === id)?.label ?? `#${id}`);
  const columns: ColumnDef[] = [
    { key: 'etichetta', title: 'vocimenu.etichetta', sorter: true },
    { key: 'destinazione', title: 'vocimenu.destinazione', sorter: true },
    {
      key: 'argomenti', title: 'vocimenu.argomenti',
      render: (r) => (Array.isArray(r.argomenti) ? (r.argomenti as string[]).join(' ') : ''),
      exportValue: (r) => (Array.isArray(r.argomenti) ? (r.argomenti as string[]).join(' ') : ''),
    },
    {
      key: 'profili', title: 'vocimenu.profili',
      render: (r) => names(r).map((n) => <Tag key={n}>{n}</Tag>),
      exportValue: (r) => names(r).join(', '),
    },
  ];
  return (
    <>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.anagrafica.vocimenu')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('vocimenu.testo')}</Typography.Paragraph>
      <CartelleAmmesse />
      <ResourcePage
        hideTitle
        resource={{ wire: RES_VOCI_MENU, title: 'menu.anagrafica.vocimenu', entity: 'entita.voce_menu', schema: ZVoceMenu }}
        columns={columns}
        form={{ fields, width: 640 }}
        defaultSort="etichetta"
      />
    </>
  );
}
