/**
 * The generic filtered list (issue #13): a page heading with its buttons, a card with a filter bar (search, period,
 * selects, switches), a paged table over a list operation of the contract (`{ rows, total }`, `page`/`size` in the
 * query) with its row actions kept in view on a laptop, and the states of loading, error and no rows. Lists that are
 * not a resource's (ResourcePage) take it: the visitor register, and the modules after it.
 *
 * What a page has of its own goes in as content: `intro` between the heading and the list (counters, a form),
 * `aboveTable` inside the card (tabs), `toolbar` after the refresh button (an export), `children` after it all
 * (drawers, modals). The buttons get the filters' values and the query they give (`ListContext`).
 */
import { useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Row, Select, Space, Switch, Table, Tooltip, Typography, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import type { Operation } from '@tulip/contract';
import { call } from '../platform/api';
import { UI_DATE } from '../platform/formats';
import { LookupSelect } from './LookupSelect';
import { SearchInput } from './SearchInput';
import { useServerPaging } from './serverPaging';
import { tableFit } from './tableFit';
import { filtersToQuery, type FilterDef, type FilterValue, type FilterValues, type ListOperation, type ListQuery, type ListRow } from './listFilters';

export type { FilterDef, FilterValues, ListOperation, ListQuery, ListRow } from './listFilters';

/** What the page's buttons and row actions know of the list. */
export type ListContext<O extends Operation, F extends FilterValues> = {
  /** The filters' values, as the user set them. */
  values: F;
  /** The query they give, with the fixed part, without paging. */
  query: Partial<ListQuery<O>>;
  /** Reloads the list. */
  refresh: () => void;
};

export type ListPageProps<O extends ListOperation, F extends FilterValues> = {
  /** The list operation (`OPS_X.elenco`): the rows' type comes from its response schema. */
  op: O;
  /** Query parameters that do not change with the filters. */
  query?: Partial<ListQuery<O>>;
  filters?: FilterDef<ListQuery<O>, NoInfer<F>>[];
  /** The filters' starting values, by name (a filter left out starts empty). */
  defaults?: F;
  /** More of the query from the values, over what each filter gives by itself. */
  toQuery?: (values: F) => Partial<ListQuery<O>>;
  /** The list's query key starts with this, so a change elsewhere can invalidate it (`['visite', 'link']`). */
  queryKey: readonly unknown[];
  columns: ColumnsType<ListRow<O>>;
  /** The row's key field (default `id`). */
  rowKey?: Extract<keyof ListRow<O>, string> | ((row: ListRow<O>) => Key);
  /** A last column "Azioni", pinned on the right so it stays in view on a 1366 px laptop. */
  rowActions?: (row: ListRow<O>, ctx: ListContext<O, F>) => ReactNode;
  actionsWidth?: number;
  expandable?: TableProps<ListRow<O>>['expandable'];
  /** Translation key of the page heading. */
  title?: string;
  /** Buttons beside the heading ("Nuovo…"). */
  actions?: ReactNode | ((ctx: ListContext<O, F>) => ReactNode);
  /** Content between the heading and the list. */
  intro?: ReactNode;
  /** Translation key of the list card's title. */
  listTitle?: string;
  /** Buttons after the refresh button in the filter bar ("Esporta Excel"). */
  toolbar?: (ctx: ListContext<O, F>) => ReactNode;
  /** Content in the card between the filters and the table (tabs, counters). */
  aboveTable?: ReactNode;
  /** Translation key of the text of an empty list (default "Nessun dato"). */
  emptyText?: string;
  pageSize?: number;
  testId?: string;
  listTestId?: string;
  tableTestId?: string;
  /** Drawers and modals of the page. */
  children?: ReactNode;
};

/** One control of the filter bar. */
function FilterControl<Q, F extends FilterValues>({ def, values, onChange }: { def: FilterDef<Q, F>; values: F; onChange: (v: FilterValue) => void }) {
  const { t } = useTranslation();
  const label = t(def.label);
  const placeholder = t(def.placeholder ?? def.label);
  const disabled = def.disabled?.(values);
  const value = values[def.name] ?? null;
  switch (def.type) {
    case 'search':
      return (
        <SearchInput
          allowClear
          aria-label={label}
          placeholder={placeholder}
          defaultValue={typeof value === 'string' ? value : undefined}
          disabled={disabled}
          data-testid={def.testId}
          style={{ width: def.width ?? 240 }}
          onSearch={(v) => onChange(v.trim())}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          format={UI_DATE}
          allowClear={def.clearable ?? false}
          aria-label={label}
          placeholder={[t(def.placeholders?.[0] ?? 'ui.dal'), t(def.placeholders?.[1] ?? 'ui.al')]}
          value={Array.isArray(value) ? value : null}
          disabled={disabled}
          data-testid={def.testId}
          style={def.width ? { width: def.width } : undefined}
          onChange={(v) => {
            if (v?.[0] && v[1]) onChange([v[0], v[1]]);
            else if (def.clearable) onChange(null);
          }}
        />
      );
    case 'select':
      if ('lookup' in def)
        return (
          <LookupSelect
            path={def.lookup}
            numeric
            aria-label={label}
            placeholder={placeholder}
            style={{ width: def.width ?? 200 }}
            value={typeof value === 'number' ? value : undefined}
            disabled={disabled}
            data-testid={def.testId}
            onChange={(v?: number) => onChange(v ?? null)}
          />
        );
      return (
        <Select<string | number>
          allowClear
          aria-label={label}
          placeholder={placeholder}
          style={{ width: def.width ?? 200 }}
          value={typeof value === 'string' || typeof value === 'number' ? value : undefined}
          options={def.options.map((o) => ({ value: o.value, label: t(o.label) }))}
          disabled={disabled}
          data-testid={def.testId}
          onChange={(v) => onChange(v ?? null)}
        />
      );
    case 'switch':
      return (
        <Space>
          <Switch checked={value === true} aria-label={label} disabled={disabled} data-testid={def.testId} onChange={(v) => onChange(v)} />
          <span>{label}</span>
        </Space>
      );
  }
}

/** `call` for an operation known only as a list operation: the page's own types are ListRow and ListQuery. */
const fetchList = call as unknown as (op: Operation, input: { query: object }) => Promise<{ rows?: unknown; total?: unknown }>;

/** A page with a filtered, paged list of a list operation (see the top of this file). */
export function ListPage<O extends ListOperation, F extends FilterValues = FilterValues>(props: ListPageProps<O, F>) {
  const { t } = useTranslation();
  const filters = props.filters ?? [];
  const [values, setValues] = useState<F>(() => ({ ...(props.defaults ?? ({} as F)) }));
  const { page, size, setPage, tableProps } = useServerPaging(props.pageSize);

  // a new object at every render, the same key: the query key is compared by its content
  const query = { ...props.query, ...filtersToQuery(filters, values), ...props.toQuery?.(values) } as Partial<ListQuery<O>>;
  const list = useQuery({
    queryKey: [...props.queryKey, { ...query, page, size }],
    queryFn: () => fetchList(props.op, { query: { ...query, page, size } }),
    placeholderData: keepPreviousData,
  });
  const rows = (Array.isArray(list.data?.rows) ? list.data.rows : []) as ListRow<O>[];
  const total = typeof list.data?.total === 'number' ? list.data.total : rows.length;

  const ctx: ListContext<O, F> = { values, query, refresh: () => void list.refetch() };
  const setFilter = (name: string, v: FilterValue) => {
    setValues((old) => ({ ...old, [name]: v }) as F);
    setPage(1);
  };

  const columns: ColumnsType<ListRow<O>> = props.rowActions
    ? [
        ...props.columns,
        { key: 'azioni', title: t('ui.azioni'), align: 'right', fixed: 'right', width: props.actionsWidth, render: (_, row) => props.rowActions?.(row, ctx) },
      ]
    : props.columns;
  const actions = typeof props.actions === 'function' ? props.actions(ctx) : props.actions;

  return (
    <div data-testid={props.testId}>
      {props.title || actions ? (
        <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
          <Col>
            {props.title ? (
              <Typography.Title level={3} style={{ margin: 0 }}>
                {t(props.title)}
              </Typography.Title>
            ) : null}
          </Col>
          {actions ? (
            <Col>
              <Space wrap>{actions}</Space>
            </Col>
          ) : null}
        </Row>
      ) : null}
      {props.intro}
      <Card title={props.listTitle ? t(props.listTitle) : undefined} data-testid={props.listTestId}>
        <Row gutter={[12, 12]} align="middle" style={{ marginBottom: 12 }}>
          {filters.map((f) => (
            <Col key={f.name}>
              <FilterControl def={f} values={values} onChange={(v) => setFilter(f.name, v)} />
            </Col>
          ))}
          <Col>
            <Space>
              <Tooltip title={t('ui.aggiorna')}>
                <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={ctx.refresh} />
              </Tooltip>
              {props.toolbar?.(ctx)}
            </Space>
          </Col>
        </Row>
        {props.aboveTable}
        {list.isError && !list.data ? <Alert type="error" showIcon title={t('ui.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
        <div data-testid={props.tableTestId}>
          <Table<ListRow<O>>
            size="middle"
            rowKey={props.rowKey ?? ('id' as Extract<keyof ListRow<O>, string>)}
            columns={columns}
            dataSource={rows}
            loading={list.isFetching}
            {...tableFit}
            locale={{ emptyText: t(props.emptyText ?? 'ui.nessun_dato') }}
            expandable={props.expandable}
            {...tableProps(total)}
          />
        </div>
      </Card>
      {props.children}
    </div>
  );
}
