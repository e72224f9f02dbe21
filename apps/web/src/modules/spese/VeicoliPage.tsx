import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Modal, Tabs, Tag, Tooltip, Typography } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { ALIMENTAZIONI, ZTariffaAci, ZVeicolo } from '@tulip/contract';
import { OPS_SPESE, RES_DIPENDENTI, RES_TARIFFE_ACI, RES_VEICOLI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { ResourcePage, type ColumnDef, type FieldDef, type Row } from '../../components/ResourcePage';
import { LookupSelect } from '../../components/LookupSelect';
import type { SafeParseSchema } from '../../components/zodForm';
import { useSession } from '../../platform/session';
import { CambiDecimaleInput } from './CambiDecimaleInput';
import { DECIMALI_EURO_KM, formatDecimale } from './CambiDecimali';

type CostoKm = { anno: number; euro_km: string };

/** The latest year's ACI cost of a car, as the list shows it. */
function ultimoCosto(row: Row): CostoKm | null {
  const costi = Array.isArray(row.costo_km) ? (row.costo_km as CostoKm[]) : [];
  return costi.reduce<CostoKm | null>((last, c) => (!last || c.anno > last.anno ? c : last), null);
}

/**
 * The contract's schema, with a cost per km that is not a decimal said as a plain "not valid": the line itself says
 * what is wrong under the field (CambiDecimaleInput), and the schema's key would want its number of places. The cost
 * per km is HR's: an employee's form shows it and never sends it (the server refuses one).
 */
const schemaVeicolo = (setsCosts: boolean): SafeParseSchema => ({
  safeParse(value) {
    const body = { ...(value as Record<string, unknown>) };
    if (!setsCosts) delete body.costo_km;
    const r = ZVeicolo.safeParse(body);
    if (r.success) return r;
    return { success: false, error: { issues: r.error.issues.map((i) => (i.message === 'avvisi.decimale_non_valido' ? { ...i, message: 'avvisi.valore_non_valido' } : i)) } };
  },
});

/** An employee's view of their car's costs per km: read only, and "to be set by HR" for this year when missing. */
function CostiKmLettura({ value }: { value?: CostoKm[] }) {
  const { t } = useTranslation();
  const anno = new Date().getFullYear();
  const costi = [...(value ?? [])].sort((a, b) => b.anno - a.anno);
  return (
    <div data-testid="costo-km-lettura">
      {costi.some((c) => c.anno === anno) ? null : (
        <div>
          {anno}: <Tag color="orange">{t('spese_anagrafiche.costo_km_da_definire')}</Tag>
        </div>
      )}
      {costi.map((c) => (
        <div key={c.anno}>{t('spese_anagrafiche.costo_km_anno', { euro: formatDecimale(c.euro_km, DECIMALI_EURO_KM), anno: c.anno })}</div>
      ))}
    </div>
  );
}

/** HR fills a car's cost per km of a year from a row of the ACI table. */
function DaAciButton({ row, onDone }: { row: Row; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tariffa, setTariffa] = useState<number | undefined>();
  async function fill() {
    if (!tariffa) return;
    setBusy(true);
    try {
      await call(OPS_SPESE.costoDaAci, { params: { id: Number(row.id) }, body: { tariffa_id: tariffa } });
      setOpen(false);
      onDone();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Tooltip title={t('spese_anagrafiche.da_aci')}>
        <Button type="text" size="small" icon={<CalculatorOutlined />} aria-label={t('spese_anagrafiche.da_aci')} onClick={() => setOpen(true)} data-testid="veicolo-da-aci" />
      </Tooltip>
      {open ? (
        <Modal
          open
          title={t('spese_anagrafiche.da_aci_titolo', { targa: String(row.targa) })}
          onCancel={() => setOpen(false)}
          onOk={() => void fill()}
          okButtonProps={{ disabled: !tariffa, loading: busy }}
          okText={t('ui.salva')}
          cancelText={t('ui.annulla')}
        >
          <Typography.Paragraph type="secondary">{t('spese_anagrafiche.da_aci_aiuto')}</Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item label={t('spese_anagrafiche.tariffa_aci')} htmlFor="tariffa-aci">
              <LookupSelect id="tariffa-aci" path={RES_TARIFFE_ACI.path} numeric value={tariffa} onChange={(v?: number) => setTariffa(v)} data-testid="tariffa-aci" />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
    </>
  );
}

/** The ACI's cost tables kept in Tulip, typed or imported from a CSV or Excel file (HR). */
function TariffeAci() {
  const { t } = useTranslation();
  const columns: ColumnDef[] = [
    { key: 'anno', title: 'spese_anagrafiche.anno', sorter: true, width: 90 },
    { key: 'descrizione', title: 'spese_anagrafiche.descrizione_aci', sorter: true },
    {
      key: 'alimentazione', title: 'spese_anagrafiche.alimentazione', width: 140,
      render: (r) => t(`spese_anagrafiche.alim_${String(r.alimentazione)}`), exportValue: (r) => String(r.alimentazione),
    },
    { key: 'euro_km', title: 'spese_anagrafiche.euro_km', width: 130, render: (r) => formatDecimale(String(r.euro_km), DECIMALI_EURO_KM), exportValue: (r) => String(r.euro_km) },
  ];
  const fields: FieldDef[] = [
    { name: 'anno', label: 'spese_anagrafiche.anno', type: 'number', required: true, span: 6 },
    { name: 'descrizione', label: 'spese_anagrafiche.descrizione_aci', required: true, span: 18 },
    { name: 'alimentazione', label: 'spese_anagrafiche.alimentazione', type: 'select', required: true, span: 12, options: ALIMENTAZIONI.map((a) => ({ value: a, label: `spese_anagrafiche.alim_${a}` })) },
    { name: 'euro_km', label: 'spese_anagrafiche.euro_km', required: true, span: 12, placeholder: t('spese_anagrafiche.euro_km_segnaposto') },
  ];
  return (
    <ResourcePage
      resource={{ wire: RES_TARIFFE_ACI, title: 'spese_anagrafiche.tab_tariffe_aci', entity: 'spese_anagrafiche.tariffa_aci_entita', schema: ZTariffaAci }}
      columns={columns}
      form={{ fields, width: 640 }}
      defaultSort="-anno,descrizione"
      hideTitle
      importable
    />
  );
}

/** The owner of a car: an employee from the lookup (in the user's scope), or none, a company car. */
function Proprietario(props: { id?: string; value?: number | null; onChange?: (v: number | null) => void; placeholder?: string }) {
  return (
    <LookupSelect
      path={RES_DIPENDENTI.path}
      numeric
      id={props.id}
      value={props.value ?? undefined}
      placeholder={props.placeholder}
      onChange={(v?: number) => props.onChange?.(v ?? null)}
    />
  );
}

/**
 * /veicoli: the cars of the mileage allowance, with the ACI cost per km of each year (an exact decimal, 4 places).
 * A profile that sees everyone registers every car, and says whose it is (none: a company car); an employee
 * registers their own, and the server makes it theirs.
 */
export function VeicoliPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const tutti = profile?.profilo?.scope === 'tutti';
  // the server's rule: a profile that manages every employee's cars sets their cost per km
  const setsCosts = tutti;

  const columns: ColumnDef[] = [
    { key: 'targa', title: 'spese_anagrafiche.targa', sorter: true, width: 120 },
    { key: 'marca', title: 'spese_anagrafiche.marca', sorter: true },
    { key: 'modello', title: 'spese_anagrafiche.modello', sorter: true },
    {
      key: 'alimentazione', title: 'spese_anagrafiche.alimentazione', width: 140,
      render: (r) => t(`spese_anagrafiche.alim_${String(r.alimentazione)}`), exportValue: (r) => t(`spese_anagrafiche.alim_${String(r.alimentazione)}`),
    },
    ...(tutti
      ? [{
          key: 'dipendente_nome', title: 'spese_anagrafiche.proprietario',
          render: (r: Row) => (r.dipendente_id ? String(r.dipendente_nome ?? '') : <Typography.Text type="secondary">{t('spese_anagrafiche.auto_aziendale')}</Typography.Text>),
          exportValue: (r: Row) => (r.dipendente_id ? String(r.dipendente_nome ?? '') : t('spese_anagrafiche.auto_aziendale')),
        } satisfies ColumnDef]
      : []),
    {
      key: 'costo_km', title: 'spese_anagrafiche.costo_km_colonna', width: 170,
      render: (r) => {
        const c = ultimoCosto(r);
        return c ? (
          t('spese_anagrafiche.costo_km_anno', { euro: formatDecimale(c.euro_km, DECIMALI_EURO_KM), anno: c.anno })
        ) : (
          <Tag color="orange">{t('spese_anagrafiche.costo_km_da_definire')}</Tag>
        );
      },
      exportValue: (r) => {
        const c = ultimoCosto(r);
        return c ? t('spese_anagrafiche.costo_km_anno', { euro: formatDecimale(c.euro_km, DECIMALI_EURO_KM), anno: c.anno }) : '';
      },
    },
    { key: 'attivo', title: 'spese_anagrafiche.attivo', type: 'boolean', width: 80 },
  ];

  const fields: FieldDef[] = [
    { name: 'targa', label: 'spese_anagrafiche.targa', required: true, span: 8 },
    { name: 'marca', label: 'spese_anagrafiche.marca', required: true, span: 8 },
    { name: 'modello', label: 'spese_anagrafiche.modello', required: true, span: 8 },
    {
      name: 'alimentazione', label: 'spese_anagrafiche.alimentazione', type: 'select', required: true, span: 12,
      options: ALIMENTAZIONI.map((a) => ({ value: a, label: `spese_anagrafiche.alim_${a}` })),
    },
    { name: 'attivo', label: 'spese_anagrafiche.attivo', type: 'switch', span: 12 },
    ...(tutti
      ? [{
          name: 'dipendente_id', label: 'spese_anagrafiche.proprietario', type: 'custom',
          render: () => <Proprietario placeholder={t('spese_anagrafiche.auto_aziendale')} />,
          extra: (_r, tt) => tt('spese_anagrafiche.proprietario_aiuto'),
        } satisfies FieldDef]
      : []),
    setsCosts ? {
      name: 'costo_km', label: 'spese_anagrafiche.costo_km', type: 'rows',
      rows: {
        addLabel: 'spese_anagrafiche.aggiungi_anno', max: 60,
        defaults: { anno: new Date().getFullYear() },
        fields: [
          { name: 'anno', label: 'spese_anagrafiche.anno', type: 'number', required: true, width: 110 },
          {
            name: 'euro_km', label: 'spese_anagrafiche.euro_km', type: 'custom', required: true, width: 170,
            render: () => <CambiDecimaleInput places={DECIMALI_EURO_KM} minPlaces={DECIMALI_EURO_KM} placeholder={t('spese_anagrafiche.euro_km_segnaposto')} inlineError={t('spese_anagrafiche.euro_km_non_valido')} />,
          },
        ],
      },
    } : {
      name: 'costo_km', label: 'spese_anagrafiche.costo_km', type: 'custom', render: () => <CostiKmLettura />,
      extra: (_r, tt) => tt('spese_anagrafiche.costo_km_lettura_aiuto'),
    },
  ];

  const veicoli = (
    <ResourcePage
      resource={{ wire: RES_VEICOLI, title: 'menu.veicoli', entity: 'spese_anagrafiche.veicolo', schema: schemaVeicolo(setsCosts) }}
      columns={columns}
      form={{ fields, width: 640 }}
      defaultSort="targa"
      hideTitle={!tutti}
      rowActions={setsCosts ? (row, { refresh }) => <DaAciButton row={row} onDone={refresh} /> : undefined}
    />
  );

  return (
    <>
      {tutti ? null : (
        // an employee is told what their cars are for, under the page's title
        <>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.veicoli')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('spese_anagrafiche.veicoli_propri')}
          </Typography.Paragraph>
        </>
      )}
      {setsCosts ? (
        <Tabs
          items={[
            { key: 'veicoli', label: t('spese_anagrafiche.tab_veicoli'), children: veicoli },
            { key: 'aci', label: t('spese_anagrafiche.tab_tariffe_aci'), children: <TariffeAci /> },
          ]}
        />
      ) : (
        veicoli
      )}
    </>
  );
}
