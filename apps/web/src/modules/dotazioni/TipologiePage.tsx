import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Select, Space, Switch, Tag, Typography } from 'antd';
import { CATEGORIE_DPI, categoriaDpi, formazioneDiLegge, formazioneRichiesta, PROTEZIONI_DPI, TIPI_TAGLIA, ZTipologia, type TCategoriaDpi, type TProtezioneDpi } from '@tulip/contract';
import { RES_TIPOLOGIE_DOTAZIONE } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef, type Row } from '../../components/ResourcePage';
import type { SafeParseSchema } from '../../components/zodForm';
import { CategoriaTag } from './common';

const categorie = CATEGORIE_DPI.map((c) => ({ value: c, label: `dotazioni_valori.cat_${c}` }));
const protezioni = PROTEZIONI_DPI.map((p) => ({ value: p, label: `dotazioni_valori.prot_${p}` }));
const tipiTaglia = TIPI_TAGLIA.map((p) => ({ value: p, label: `dotazioni_valori.taglia_${p}` }));

/** The contract's schema, with the training switch read as on or off (a custom field may not have been touched). */
const schemaTipologia: SafeParseSchema = {
  safeParse: (value) => ZTipologia.safeParse({ ...(value as Row), formazione: !!(value as Row).formazione }),
};

const tipoDi = (v: Row) => ({ dpi: !!v.dpi, categoria: (v.categoria ?? null) as TCategoriaDpi | null, protezione: (v.protezione ?? null) as TProtezioneDpi | null, formazione: !!v.formazione });

/**
 * The training switch: where the law requires training (category III, hearing protection: D.Lgs 81/2008 art. 77 c. 5)
 * it is on and cannot be switched off, and the help under it says why; elsewhere the employer chooses.
 */
function FormazioneSwitch({ value, onChange, id }: { value?: boolean; onChange?: (v: boolean) => void; id?: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const dpi = Form.useWatch('dpi', form) as boolean | undefined;
  const categoria = Form.useWatch('categoria', form) as TCategoriaDpi | undefined;
  const protezione = Form.useWatch('protezione', form) as TProtezioneDpi | undefined;
  const legge = formazioneDiLegge({ dpi: !!dpi, categoria, protezione });
  const helpId = useId();
  // the stored record says what the server keeps: on, whatever was sent
  useEffect(() => {
    if (legge && !value) onChange?.(true);
  }, [legge, value, onChange]);
  return (
    <Space orientation="vertical" size={4}>
      <Switch id={id} checked={legge || !!value} disabled={legge} onChange={(v) => onChange?.(v)} aria-describedby={legge ? helpId : undefined} data-testid="tipologia-formazione" />
      {legge ? (
        <Typography.Text type="secondary" id={helpId}>
          {t('dotazioni.formazione_di_legge')}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * The category select: for hearing, fall and respiratory protection the law fixes it at III (Reg. UE 2016/425 Annex I,
 * dpi.ts categoriaDpi), so it is set to III, locked, and the notice under it says why; the server stores the same.
 */
function CategoriaSelect({ value, onChange, id }: { value?: TCategoriaDpi | null; onChange?: (v: TCategoriaDpi) => void; id?: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const protezione = Form.useWatch('protezione', form) as TProtezioneDpi | undefined;
  const legge = categoriaDpi(protezione, null);
  const helpId = useId();
  useEffect(() => {
    if (legge && value !== legge) onChange?.(legge);
  }, [legge, value, onChange]);
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Select
        id={id}
        value={legge ?? value ?? undefined}
        disabled={!!legge}
        onChange={(v: TCategoriaDpi) => onChange?.(v)}
        options={categorie.map((c) => ({ value: c.value, label: t(c.label) }))}
        placeholder={t('ui.seleziona')}
        aria-describedby={legge ? helpId : undefined}
        data-testid="tipologia-categoria"
      />
      {legge ? (
        <Alert type="info" showIcon title={t('dotazioni.categoria_di_legge')} id={helpId} data-testid="tipologia-categoria-di-legge" />
      ) : null}
    </Space>
  );
}

/** /dotazioni/tipologie: the kinds of equipment, DPI with their category and standard, or assets such as a laptop. */
export function TipologiePage() {
  const { t } = useTranslation();
  const [dpi, setDpi] = useState<'true' | 'false' | undefined>();

  const columns: ColumnDef[] = [
    { key: 'codice', title: 'dotazioni.codice', sorter: true, width: 150 },
    { key: 'descrizione', title: 'dotazioni.descrizione', sorter: true },
    {
      key: 'categoria', title: 'dotazioni.categoria', width: 130,
      render: (r) => <CategoriaTag categoria={r.categoria as TCategoriaDpi | null} dpi={!!r.dpi} />,
      exportValue: (r) => (r.dpi ? (r.categoria ? t(`dotazioni_valori.cat_${String(r.categoria)}`) : t('dotazioni.dpi')) : t('dotazioni.non_dpi')),
    },
    {
      key: 'protezione', title: 'dotazioni.protezione', width: 130,
      render: (r) => (r.protezione ? t(`dotazioni_valori.prot_${String(r.protezione)}`) : ''),
      exportValue: (r) => (r.protezione ? t(`dotazioni_valori.prot_${String(r.protezione)}`) : ''),
    },
    { key: 'norma', title: 'dotazioni.norma', width: 150 },
    {
      key: 'durata_mesi', title: 'dotazioni.durata', width: 110,
      render: (r) => (typeof r.durata_mesi === 'number' ? t('dotazioni.mesi_n', { count: r.durata_mesi }) : ''),
      exportValue: (r) => (typeof r.durata_mesi === 'number' ? r.durata_mesi : null),
    },
    {
      key: 'ispezione_mesi', title: 'dotazioni.ispezione', width: 110,
      render: (r) => (typeof r.ispezione_mesi === 'number' ? t('dotazioni.mesi_n', { count: r.ispezione_mesi }) : ''),
      exportValue: (r) => (typeof r.ispezione_mesi === 'number' ? r.ispezione_mesi : null),
    },
    {
      key: 'vita_utile_mesi', title: 'dotazioni.vita_utile', width: 110,
      render: (r) => (typeof r.vita_utile_mesi === 'number' ? t('dotazioni.mesi_n', { count: r.vita_utile_mesi }) : ''),
      exportValue: (r) => (typeof r.vita_utile_mesi === 'number' ? r.vita_utile_mesi : null),
    },
    {
      key: 'tipo_taglia', title: 'dotazioni.taglie', width: 120,
      render: (r) => (r.taglie && r.tipo_taglia ? t(`dotazioni_valori.taglia_${String(r.tipo_taglia)}`) : ''),
      exportValue: (r) => (r.taglie && r.tipo_taglia ? t(`dotazioni_valori.taglia_${String(r.tipo_taglia)}`) : ''),
    },
    {
      key: 'caratteristiche', title: 'dotazioni.caratteristiche',
      render: (r) => (
        <Space size={[4, 4]} wrap>
          {r.restituibile ? <Tag color="blue">{t('dotazioni.restituibile')}</Tag> : null}
          {r.numero_serie ? <Tag color="purple">{t('dotazioni.numero_serie')}</Tag> : null}
          {formazioneRichiesta(tipoDi(r)) ? <Tag color="volcano">{t('dotazioni.formazione')}</Tag> : null}
        </Space>
      ),
      exportValue: (r) =>
        [r.restituibile && t('dotazioni.restituibile'), r.numero_serie && t('dotazioni.numero_serie'), formazioneRichiesta(tipoDi(r)) && t('dotazioni.formazione')].filter(Boolean).join(', '),
    },
    { key: 'attivo', title: 'dotazioni.attivo', type: 'boolean', width: 80 },
  ];

  const isDpi = (v: Row) => !!v.dpi;
  const fields: FieldDef[] = [
    { name: 'codice', label: 'dotazioni.codice', required: true, span: 10 },
    { name: 'descrizione', label: 'dotazioni.descrizione', required: true, span: 14 },
    { name: 'dpi', label: 'dotazioni.dpi_campo', type: 'switch', span: 8, extra: (_r, tt) => tt('dotazioni.dpi_aiuto') },
    { name: 'protezione', label: 'dotazioni.protezione', type: 'select', options: protezioni, span: 8, shownWhen: isDpi },
    { name: 'categoria', label: 'dotazioni.categoria', type: 'custom', required: true, span: 16, shownWhen: isDpi, render: () => <CategoriaSelect /> },
    { name: 'norma', label: 'dotazioni.norma', placeholder: 'dotazioni.norma_esempio', shownWhen: isDpi },
    { name: 'durata_mesi', label: 'dotazioni.durata_mesi', type: 'number', span: 12, extra: (_r, tt) => tt('dotazioni.durata_aiuto') },
    { name: 'ispezione_mesi', label: 'dotazioni.ispezione_mesi', type: 'number', span: 12, extra: (_r, tt) => tt('dotazioni.ispezione_aiuto') },
    { name: 'vita_utile_mesi', label: 'dotazioni.vita_utile_mesi', type: 'number', span: 24, shownWhen: isDpi, extra: (_r, tt) => tt('dotazioni.vita_utile_aiuto') },
    { name: 'taglie', label: 'dotazioni.ha_taglie', type: 'switch', span: 8 },
    { name: 'tipo_taglia', label: 'dotazioni.tipo_taglia', type: 'select', required: true, options: tipiTaglia, span: 16, shownWhen: (v) => !!v.taglie },
    { name: 'restituibile', label: 'dotazioni.restituibile', type: 'switch', span: 8, extra: (_r, tt) => tt('dotazioni.restituibile_aiuto') },
    { name: 'numero_serie', label: 'dotazioni.numero_serie', type: 'switch', span: 8, extra: (_r, tt) => tt('dotazioni.numero_serie_aiuto') },
    { name: 'formazione', label: 'dotazioni.formazione_richiesta', type: 'custom', span: 24, render: () => <FormazioneSwitch /> },
    { name: 'attivo', label: 'dotazioni.attivo', type: 'switch', span: 24 },
  ];

  return (
    <ResourcePage
      resource={{ wire: RES_TIPOLOGIE_DOTAZIONE, title: 'menu.dotazioni.tipologie', entity: 'dotazioni.entita_tipologia', schema: schemaTipologia }}
      columns={columns}
      form={{ fields, width: 680 }}
      defaultSort="codice"
      query={{ dpi }}
      toolbarExtra={
        <Select
          allowClear
          aria-label={t('dotazioni.filtro_dpi')}
          placeholder={t('dotazioni.tutti_i_tipi')}
          style={{ width: 180 }}
          value={dpi}
          onChange={(v?: 'true' | 'false') => setDpi(v)}
          options={[
            { value: 'true', label: t('dotazioni.solo_dpi') },
            { value: 'false', label: t('dotazioni.solo_non_dpi') },
          ]}
        />
      }
    />
  );
}
