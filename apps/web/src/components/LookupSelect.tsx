import { useTranslation } from 'react-i18next';
import type { CSSProperties } from 'react';
import { Select } from 'antd';
import { useLookup } from '../platform/queries';

type Props = {
  /** The resource whose `lookup` answers `{ value, label }` pairs. */
  path: string;
  multiple?: boolean;
  /** Values are ids: the form holds numbers whatever the lookup sends. */
  numeric?: boolean;
  disabled?: boolean;
  /** The hint when nothing is chosen (default "Seleziona"). */
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
  // injected by Form.Item
  id?: string;
  value?: unknown;
  onChange?: (...args: never[]) => void;
};

/** A searchable select over a resource's lookup, for forms (Form.Item injects value/onChange/id) and filter bars. */
export function LookupSelect({ path, multiple, numeric, placeholder, ...rest }: Props) {
  const { t } = useTranslation();
  const lookup = useLookup(path);
  const options = (lookup.data ?? []).map((o) => (numeric ? { value: Number(o.value), label: o.label } : o));
  return (
    <Select
      {...(rest as Record<string, never>)}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={lookup.isLoading}
      options={options}
      placeholder={placeholder ?? t('ui.seleziona')}
      notFoundContent={t('ui.nessun_dato')}
    />
  );
}
