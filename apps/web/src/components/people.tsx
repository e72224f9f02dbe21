/** Who is looking (the active profile's scope) and the pickers of employees and departments, scoped by the server. */
import type { CSSProperties } from 'react';
import { RES_DIPENDENTI, RES_REPARTI } from '@tulip/contract/wire';
import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { useLookup } from '../platform/queries';

// the scope has no antd in it: the home page reads it without loading the pickers
export { useScope } from './scope';

/** Employee picker over the employees lookup (scoped by the server). */
export function DipendenteSelect({
  value,
  onChange,
  style,
  allowClear,
  id,
  mode,
  placeholder,
}: {
  value?: number | number[] | null;
  onChange?: (v: never) => void;
  style?: CSSProperties;
  allowClear?: boolean;
  id?: string;
  mode?: 'multiple';
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const lookup = useLookup(RES_DIPENDENTI.path);
  return (
    <Select
      id={id}
      mode={mode}
      aria-label={id ? undefined : t('presenze.dipendente')}
      value={value ?? undefined}
      onChange={onChange as (v: unknown) => void}
      style={style}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      loading={lookup.isLoading}
      options={(lookup.data ?? []) as { value: number; label: string }[]}
      placeholder={placeholder ?? t('presenze.scegli_dipendente')}
      notFoundContent={t('ui.nessun_dato')}
      maxTagCount="responsive"
    />
  );
}

/** Department filter over the departments lookup. */
export function RepartoSelect({ value, onChange, style }: { value?: number | null; onChange?: (v: number | undefined) => void; style?: CSSProperties }) {
  const { t } = useTranslation();
  const lookup = useLookup(RES_REPARTI.path);
  return (
    <Select
      aria-label={t('presenze.reparto')}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v as number | undefined)}
      style={style ?? { width: 220 }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={lookup.isLoading}
      options={(lookup.data ?? []) as { value: number; label: string }[]}
      placeholder={t('presenze.tutti_i_reparti')}
      notFoundContent={t('ui.nessun_dato')}
    />
  );
}
