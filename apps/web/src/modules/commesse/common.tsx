/** What the job orders' screens share: the order picker, the state and reason tags, hours and the report's link. */
import { useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Space, Tag } from 'antd';
import { MOTIVI_VISIBILITA, STATI_COMMESSA, STATI_FASE, type TCommessaRow, type TStatoCommessa } from '@tulip/contract';
import { RES_COMMESSE, RES_DIPENDENTI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { LookupSelect } from '../../components/LookupSelect';
import { formatMinuti } from '../../components/minuti';
import './commesse.css';

/** Minutes as hours h:mm, "0:00" for none (a report's total). */
export const ore = (m: number | null | undefined) => formatMinuti(m ?? 0);

const STATO_COLORE: Record<TStatoCommessa, string> = { aperta: 'green', sospesa: 'orange', chiusa: 'default' };

/** An order's state: aperta (green), sospesa (orange), chiusa (grey). */
export function StatoTag({ stato }: { stato: TStatoCommessa }) {
  const { t } = useTranslation();
  return <Tag color={STATO_COLORE[stato]}>{t(`commesse.stato_${stato}`)}</Tag>;
}

/** The options of the order's and of the phase's state (labels are translation keys). */
export const statiCommessa = STATI_COMMESSA.map((s) => ({ value: s, label: `commesse.stato_${s}` }));
export const statiFase = STATI_FASE.map((s) => ({ value: s, label: `commesse.stato_${s}` }));

type Motivo = (typeof MOTIVI_VISIBILITA)[number];

/** Why someone sees an order: one tag per rule that admits them. */
export function MotiviTags({ motivi }: { motivi: readonly Motivo[] }) {
  const { t } = useTranslation();
  return (
    <>
      {motivi.map((m) => (
        <Tag key={m} color={m === 'tutti' ? 'blue' : m === 'capo' || m === 'team' ? 'purple' : 'geekblue'}>
          {t(`commesse.motivo_${m}`)}
        </Tag>
      ))}
    </>
  );
}

/** The order picker: the orders' lookup, which lists only those the user may see. */
export function CommessaSelect({
  value,
  onChange,
  style,
  multiple,
  label = 'commesse.commessa',
  placeholder = 'commesse.scegli_commessa',
  testId,
  id,
}: {
  value?: number | number[] | null;
  onChange?: (v: never) => void;
  style?: CSSProperties;
  multiple?: boolean;
  label?: string;
  placeholder?: string;
  testId?: string;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <LookupSelect
      path={RES_COMMESSE.path}
      numeric
      multiple={multiple}
      id={id}
      aria-label={id ? undefined : t(label)}
      placeholder={t(placeholder)}
      style={style ?? { width: 360 }}
      value={value ?? undefined}
      onChange={onChange}
      data-testid={testId}
    />
  );
}

/** An order with its phases (the resource's record), read when an order is chosen; nothing without one. */
export function useCommessa(commessaId: number | null | undefined) {
  return useQuery({
    queryKey: ['resource', RES_COMMESSE.path, 'dettaglio', commessaId],
    // the resource's row type (the generic `dettaglio` operation types its fields loosely)
    queryFn: async () => (await call(RES_COMMESSE.ops.dettaglio, { params: { id: commessaId! } })) as TCommessaRow,
    enabled: !!commessaId,
    staleTime: 60_000,
  });
}

/**
 * The phase picker of an order: its phases, closed ones shown but not chosen. A phase of another order (the order
 * changed) is cleared.
 */
export function FaseSelect({
  commessaId,
  value,
  onChange,
  id,
  style,
  placeholder = 'commesse.nessuna_fase_scelta',
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  commessaId: number | null | undefined;
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  style?: CSSProperties;
  placeholder?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const commessa = useCommessa(commessaId);
  const fasi = commessa.data?.fasi;
  useEffect(() => {
    if (value && fasi && commessa.data?.id === commessaId && !fasi.some((f) => f.id === value)) onChange?.(null);
  }, [value, fasi, commessaId, commessa.data?.id, onChange]);
  return (
    <Select<number | null>
      id={id}
      value={value}
      style={style}
      aria-label={ariaLabel}
      data-testid={testId}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={!commessaId}
      loading={commessa.isLoading && !!commessaId}
      placeholder={t(placeholder)}
      notFoundContent={t('commesse.nessuna_fase')}
      onChange={(v) => onChange?.(v ?? null)}
      options={(fasi ?? []).map((f) => ({ value: f.id, label: `${f.codice} – ${f.descrizione}`, disabled: f.stato === 'chiusa' }))}
    />
  );
}

/** The order's report, linked from the lists and the planning. */
export function ReportLink({ id, children }: { id: number; children: React.ReactNode }) {
  return <Link to={`/commesse/report/${id}`}>{children}</Link>;
}

/** The state of a screen before an order is chosen. */
export function ScegliCommessa() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('commesse.scegli_commessa_testo')} />;
}

/** The filters of a list of orders: their state, and their capo commessa (among the employees the user sees). */
export function FiltriCommessa({ stato, onStato, capo, onCapo }: { stato?: TStatoCommessa; onStato: (s?: TStatoCommessa) => void; capo?: number; onCapo: (id?: number) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Select<TStatoCommessa>
        allowClear
        aria-label={t('commesse.stato')}
        placeholder={t('commesse.tutti_gli_stati')}
        style={{ width: 150 }}
        value={stato}
        onChange={onStato}
        options={statiCommessa.map((o) => ({ value: o.value, label: t(o.label) }))}
      />
      <CapoSelect value={capo} onChange={onCapo} />
    </Space>
  );
}

/** The capo commessa filter. */
export function CapoSelect({ value, onChange }: { value?: number; onChange: (id?: number) => void }) {
  const { t } = useTranslation();
  return (
    <LookupSelect path={RES_DIPENDENTI.path} numeric aria-label={t('commesse.capo_commessa')} placeholder={t('commesse.tutti_i_capi')} style={{ width: 200 }} value={value} onChange={(v?: number) => onChange(v)} />
  );
}
