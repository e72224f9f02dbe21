/**
 * The daily work report's pickers: an order among those the person may see, its phases, and the customer. Who may not
 * read the customers' register (an employee, a department manager) picks among the customers of the orders named
 * on the report, the header's order's first.
 */
import { useTranslation } from 'react-i18next';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import type { TCommessaRow } from '@tulip/contract';
import { RES_CLIENTI, RES_COMMESSE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { useScope } from '../../components/people';
import { LookupSelect } from '../../components/LookupSelect';
import { COLORE_STATO, type StatoRapportino } from './rapportino';

/** A report's state as a tag: bozza, firmato, approvato. */
export function StatoRapportinoTag({ stato }: { stato: StatoRapportino }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORE_STATO[stato]} data-testid="rapportino-stato">
      {t(`rapportino.stato_${stato}`)}
    </Tag>
  );
}

/** What Form.Item gives its control. */
type Campo<V> = { id?: string; value?: V; onChange?: (v: V) => void; 'aria-label'?: string; 'data-testid'?: string };

/** The query of an order with its phases (the same key as the job orders' screens: one read for both). */
export const commessaQuery = (id: number) => ({
  queryKey: ['resource', RES_COMMESSE.path, 'dettaglio', id],
  // the resource's row type (the generic `dettaglio` operation types its fields loosely)
  queryFn: async () => (await call(RES_COMMESSE.ops.dettaglio, { params: { id } })) as TCommessaRow,
  staleTime: 60_000,
});

/** An order with its phases, read once one is chosen. */
export function useCommessa(id: number | null | undefined) {
  return useQuery({ ...commessaQuery(id ?? 0), enabled: !!id });
}

/** An order among those the person may see (the orders' lookup lists only those). */
export function CommessaCampo({ value, onChange, ...rest }: Campo<number | null>) {
  const { t } = useTranslation();
  return (
    <LookupSelect
      {...rest}
      path={RES_COMMESSE.path}
      numeric
      value={value ?? undefined}
      onChange={((v?: number) => onChange?.(v ?? null)) as never}
      placeholder={t('rapportino.scegli_commessa')}
      style={{ width: '100%' }}
    />
  );
}

/** A phase of the order chosen on the line; a closed one is shown but not chosen. */
export function FaseCampo({ commessaId, value, onChange, ...rest }: Campo<number | null> & { commessaId: number | null | undefined }) {
  const { t } = useTranslation();
  const commessa = useCommessa(commessaId);
  const fasi = commessa.data && commessa.data.id === commessaId ? commessa.data.fasi : [];
  return (
    <Select<number | null>
      {...rest}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={!commessaId}
      loading={!!commessaId && commessa.isLoading}
      placeholder={t(commessaId ? 'rapportino.scegli_fase' : 'rapportino.prima_la_commessa')}
      notFoundContent={t('rapportino.nessuna_fase')}
      options={fasi.map((f) => ({ value: f.id, label: `${f.codice} – ${f.descrizione}`, disabled: f.stato === 'chiusa' }))}
      style={{ width: '100%' }}
    />
  );
}

/** The customer: from the customers' register, or among the customers of the report's orders. */
export function ClienteCampo({
  value,
  onChange,
  commesse,
  salvato,
  ...rest
}: Campo<number | null> & {
  /** The orders named on the report (header first, then the lines'). */
  commesse: number[];
  /** The customer the report has now, whatever its orders. */
  salvato?: { id: number; nome: string } | null;
}) {
  const { t } = useTranslation();
  const { routes } = useScope();
  const registro = routes.includes('commesse.clienti') || routes.includes('commesse.anagrafica');
  const ordini = useQueries({ queries: (registro ? [] : [...new Set(commesse)]).map((id) => commessaQuery(id)) });
  if (registro)
    return (
      <LookupSelect
        {...rest}
        path={RES_CLIENTI.path}
        numeric
        value={value ?? undefined}
        onChange={((v?: number) => onChange?.(v ?? null)) as never}
        placeholder={t('rapportino.scegli_cliente')}
        style={{ width: '100%' }}
      />
    );
  const options = new Map<number, string>();
  for (const o of ordini) if (o.data?.cliente_id) options.set(o.data.cliente_id, o.data.cliente_ragione_sociale ?? String(o.data.cliente_id));
  if (salvato && !options.has(salvato.id)) options.set(salvato.id, salvato.nome);
  return (
    <Select<number | null>
      {...rest}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={ordini.some((o) => o.isLoading)}
      placeholder={t(options.size ? 'rapportino.scegli_cliente' : 'rapportino.cliente_da_commessa')}
      notFoundContent={t('rapportino.cliente_da_commessa')}
      options={[...options].map(([id, nome]) => ({ value: id, label: nome }))}
      style={{ width: '100%' }}
    />
  );
}
