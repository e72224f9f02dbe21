/**
 * The filters of a ListPage (issue #13), as data: what each control is, which value it holds and which query
 * parameters of the list operation it fills. `filtersToQuery` is the one place that turns the values into the query,
 * so every list sends the same things for the same controls (a trimmed search or nothing, a period as two wire dates).
 */
import type { Operation, OpInput, OpResult } from '@tulip/contract';
import { toWireDate, type Dayjs } from '../platform/formats';

/** A list operation of the contract: a GET with a query (`page`, `size`, filters) that answers `{ rows, total }`. */
export type ListOperation = Operation & { method: 'GET'; query: NonNullable<Operation['query']> };
/** The query a list operation takes. */
export type ListQuery<O extends Operation> = NonNullable<OpInput<O>['query']>;
/** One row of a list operation's answer, typed by its response schema. */
export type ListRow<O extends Operation> = OpResult<O> extends { rows: (infer R)[] } ? R : never;

/** What a filter holds: a text, a choice (none: null), a period, a switch. */
export type FilterValue = string | number | boolean | null | [Dayjs, Dayjs];
export type FilterValues = { [name: string]: FilterValue };

type Param<Q> = Extract<keyof Q, string>;

type FilterBase<F> = {
  /** Where the filter's value sits in the values (`defaults`, the context of the page's buttons). */
  name: Extract<keyof F, string>;
  /** Translation key of the control's accessible name; also its placeholder unless `placeholder` is given. */
  label: string;
  /** Translation key of the placeholder. */
  placeholder?: string;
  /** Width in pixels (search 240, select 200). */
  width?: number;
  testId?: string;
  /** While this holds the control is disabled and its value is left out of the query. */
  disabled?: (values: F) => boolean;
};

/** One control of the filter bar. `param` defaults to the filter's name. */
export type FilterDef<Q, F> = FilterBase<F> &
  (
    | { type: 'search'; param?: Param<Q> }
    /** A period, shown DD/MM/YYYY with weeks from Monday (the app's pickers); sent as two wire dates. */
    | { type: 'dateRange'; params: [from: Param<Q>, to: Param<Q>]; clearable?: boolean; placeholders?: [from: string, to: string] }
    /** A choice from fixed options (labels are translation keys) or from a resource's lookup (numeric ids). */
    | { type: 'select'; param?: Param<Q>; options: { value: string | number; label: string }[] }
    | { type: 'select'; param?: Param<Q>; lookup: string }
    /** On: the parameter is sent with the value `on`; off: it is left out. */
    | { type: 'switch'; param?: Param<Q>; on: string | number | boolean }
  );

type QueryPart = Record<string, string | number | boolean | undefined>;

/** The query parameters the filters' values give; a filter that is disabled, empty or off gives nothing. */
export function filtersToQuery<Q, F extends FilterValues>(defs: readonly FilterDef<Q, F>[], values: F): QueryPart {
  // keys from code: the filters' declared parameters
  const out: QueryPart = {};
  for (const f of defs) {
    if (f.disabled?.(values)) continue;
    const v = values[f.name];
    switch (f.type) {
      case 'search':
        out[f.param ?? f.name] = typeof v === 'string' && v.trim() ? v.trim() : undefined;
        break;
      case 'dateRange':
        if (Array.isArray(v)) {
          out[f.params[0]] = toWireDate(v[0]) ?? undefined;
          out[f.params[1]] = toWireDate(v[1]) ?? undefined;
        }
        break;
      case 'select':
        out[f.param ?? f.name] = v === null || v === '' || Array.isArray(v) ? undefined : v;
        break;
      case 'switch':
        out[f.param ?? f.name] = v ? f.on : undefined;
        break;
    }
  }
  return out;
}
