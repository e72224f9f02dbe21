import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { cloneElement, isValidElement, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Col,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row as GridRow,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableProps,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { CaretDownOutlined, CaretUpOutlined, EditOutlined, FileExcelOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { Operation, Resource } from '@tulip/contract';
import { ApiError, dataOf } from '../platform/http';
import { call, listOf, modelOf } from '../platform/api';
import { formatDate, formatDateTime, fromWire, UI_DATE, UI_DATETIME } from '../platform/formats';
import { useInvalidateResource } from '../platform/queries';
import { notifyNegative } from '../platform/notifications/store';
import { exportXlsx } from './excel';
import { ImportModal, type ImportOptions } from './ImportModal';
import type { ImportField } from './importRows';
import { formatMinuti, MinutiInput, minutiRule } from './minuti';
import { toBody, toFormValues, type FieldType, type FormValues, type Row } from './resourceForm';
import { issuesToFields, type SafeParseSchema } from './zodForm';
import { SearchInput } from './SearchInput';
import { LookupSelect } from './LookupSelect';
import { recordTitle, requiredRule } from './formRules';
import { useCloseGuard } from './useCloseGuard';
import { tableFit } from './tableFit';
import { FileField, type FileFieldOptions } from './FileField';
import { MoneyField, moneyRule } from './MoneyField';
import { ChildRowsField } from './ChildRowsField';
import { formatMoney } from './money';

export type { FieldType, Row };
type Scalar = string | number | boolean | null | undefined;

/** A resource of the contract, or a read-only list of one operation (the audit log). */
export type ResourceWire = Pick<Resource, 'ops'> | { ops: { elenco: Operation } };

/**
 * The resource: its operations in the contract (`RES_X`, or a read-only list such as the audit log: `{ ops: { elenco } }`),
 * title key and zod schema (DESIGN §5). Every call goes through the contract's operations; no path is written here.
 */
export type ResourceDef = {
  wire: ResourceWire;
  /** Translation key of the page title. */
  title: string;
  schema?: SafeParseSchema;
  /** Update by POST {path} with the whole body (id included) instead of POST {path}/{id}. */
  updateByBody?: boolean;
  /** Read the record with GET {path}/{id} before editing (default true); otherwise the row is used. */
  readById?: boolean;
  /**
   * Translation key of one record's name ("dipendente"), for the drawer's title: "Nuovo dipendente", "Nuova causale"
   * (its `_genere` entry), "Modifica dipendente" (issue #12). Without it, "Nuovo elemento".
   */
  entity?: string;
};

export type ColumnDef = {
  key: string;
  /** Translation key of the header (also used in the Excel export). */
  title: string;
  sorter?: boolean;
  width?: number;
  /** money: integer cents; minutes: a duration in integer minutes, shown as h:mm. */
  type?: 'text' | 'date' | 'datetime' | 'yn' | 'boolean' | 'money' | 'minutes';
  /** ISO currency of a money column (integer cents; default EUR). */
  currency?: string;
  render?: (row: Row) => ReactNode;
  /** Value written in the Excel export (default: the displayed text for typed columns, the raw value otherwise). */
  exportValue?: (row: Row) => Scalar;
  /** Left out of the table but kept in the export. */
  exportOnly?: boolean;
};

export type FieldDef = {
  name: string;
  /** Translation key of the label. */
  label: string;
  type?: FieldType;
  required?: boolean;
  /** API path answering the lookup override ([{value,label}]) for select / multiselect. */
  lookup?: string;
  /** Fixed options for select; labels are translation keys. */
  options?: { value: string | number; label: string }[];
  disabledOnEdit?: boolean;
  /** Write-only (e.g. a PIN): never filled, left out of the body when empty. */
  writeOnly?: boolean;
  placeholder?: string;
  /** Help text under the field, given the record being edited (null when new). */
  extra?: (record: Row | null, t: (k: string) => string) => ReactNode;
  /** type 'file': what the field accepts and how a saved file is read back. */
  file?: FileFieldOptions;
  /** type 'money': the amount's ISO currency (default EUR); a record with its own currency keeps it in another field. */
  currency?: string;
  /** type 'rows': the child rows' own fields (an order's phases), the add button's text and the most lines. */
  rows?: { fields: FieldDef[]; addLabel?: string; max?: number; defaults?: Row };
  /** Custom input: Form.Item passes value/onChange to the returned element. */
  render?: () => ReactNode;
  /** Grid width out of 24 (default 24). */
  span?: number;
  /** In child rows (type 'rows'): the input's width in pixels. */
  width?: number;
  /**
   * Shown only when the form's values say so (a DPI's category only for a DPI); a field not shown is sent empty, so a
   * value left from before never reaches the server.
   */
  shownWhen?: (values: FormValues) => boolean;
};

/**
 * The file import of a list: the resource's own (`true`: its `importa` operation, the form's plain fields), or another
 * operation with its documented columns (the orders' import: one line per phase).
 */
export type ImportConfig = true | ({ operation: Operation; fields: ImportField[] } & ImportOptions);

export type RowActionContext = { refresh: () => void };

export type ResourcePageProps = {
  resource: ResourceDef;
  columns: ColumnDef[];
  form?: { fields: FieldDef[]; width?: number };
  readOnly?: boolean;
  canCreate?: boolean;
  canDelete?: boolean;
  rowActions?: (row: Row, ctx: RowActionContext) => ReactNode;
  /** Extra query parameters (filters by field name). */
  query?: Record<string, Scalar>;
  /** Extra controls in the toolbar (filters). */
  toolbarExtra?: ReactNode;
  expandable?: TableProps<Row>['expandable'];
  defaultSort?: string;
  pageSize?: number;
  /** Called after a create, update or delete. */
  onChanged?: () => void;
  /** Leaves out the page title (the page shows its own heading, e.g. the resource sits in a tab). */
  hideTitle?: boolean;
  /** Called after a create with the stored record the server answered (`data` of the 201). */
  onCreated?: (record: Row) => void;
  /**
   * Offers "Importa": records from a CSV or Excel file, columns matched to the form's fields (server: `importable`), or
   * to the columns of another import operation.
   */
  importable?: boolean | ImportConfig;
};

const EXPORT_PAGE = 1000;
const EXPORT_MAX_PAGES = 100;

type InjectedProps = { id?: string; value?: unknown; onChange?: (...args: unknown[]) => void; checked?: boolean };

/** The input of a field; Form.Item injects value/onChange/id, forwarded to the real control. */
function FieldInput({ field, editing, ...injected }: { field: FieldDef; editing: boolean } & InjectedProps) {
  const { t } = useTranslation();
  const disabled = editing && field.disabledOnEdit;
  const placeholder = field.placeholder ? t(field.placeholder) : undefined;
  // The injected props are typed loosely by antd; each control gets them as they come.
  const p = injected as Record<string, never>;
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea {...p} rows={3} disabled={disabled} placeholder={placeholder} />;
    case 'password':
      return <Input.Password {...p} disabled={disabled} placeholder={placeholder} autoComplete="new-password" />;
    case 'number':
      return <InputNumber {...p} style={{ width: '100%' }} disabled={disabled} placeholder={placeholder} />;
    case 'date':
      return <DatePicker {...p} format={UI_DATE} style={{ width: '100%' }} disabled={disabled} placeholder={placeholder ?? t('ui.formato_data')} />;
    case 'datetime':
      return <DatePicker {...p} showTime={{ format: 'HH:mm' }} format={UI_DATETIME} style={{ width: '100%' }} disabled={disabled} />;
    case 'switch':
    case 'yn':
      return <Switch {...p} disabled={disabled} />;
    case 'select':
    case 'multiselect':
      if (field.lookup) return <LookupSelect {...p} path={field.lookup} multiple={field.type === 'multiselect'} disabled={disabled} />;
      return (
        <Select
          {...p}
          mode={field.type === 'multiselect' ? 'multiple' : undefined}
          allowClear={!field.required}
          disabled={disabled}
          placeholder={placeholder ?? t('ui.seleziona')}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))}
        />
      );
    case 'file':
      return <FileField {...p} {...field.file} label={t(field.label)} disabled={disabled} />;
    case 'money':
      return <MoneyField {...p} currency={field.currency} disabled={disabled} placeholder={placeholder} />;
    case 'minutes':
      return <MinutiInput {...p} disabled={disabled} placeholder={placeholder} />;
    case 'custom': {
      const el = field.render?.();
      return isValidElement(el) ? cloneElement(el as ReactElement<Record<string, unknown>>, p) : <>{el}</>;
    }
    default:
      return <Input {...p} disabled={disabled} placeholder={placeholder} />;
  }
}

/** The form's own rules of a field: required, and an amount that must be one. */
function fieldRules(f: FieldDef, t: TFunction): Rule[] | undefined {
  const rules: Rule[] = [];
  if (f.required) rules.push(requiredRule(t, f.label, f.type === 'multiselect' ? { type: 'array' } : {}));
  if (f.type === 'money') rules.push(moneyRule(t, f.label));
  if (f.type === 'minutes') rules.push(minutiRule(t('turni.formato_ore')));
  return rules.length ? rules : undefined;
}

function cellText(c: ColumnDef, row: Row, t: (k: string) => string): Scalar {
  const v = row[c.key];
  switch (c.type) {
    case 'date':
      return formatDate(v as string | null);
    case 'datetime':
      return formatDateTime(v as string | null);
    case 'yn':
      return v === 'Y' ? t('ui.si') : t('ui.no');
    case 'boolean':
      return v ? t('ui.si') : t('ui.no');
    case 'money':
      return typeof v === 'number' ? formatMoney(v, c.currency) : '';
    case 'minutes':
      return typeof v === 'number' ? formatMinuti(v) : '';
    default:
      if (Array.isArray(v)) return v.join(', ');
      return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : (v as Scalar);
  }
}

/** What a cell is in the Excel export: dates stay dates, the rest as the list shows it. */
function exportCell(c: ColumnDef, row: Row, t: (k: string) => string): unknown {
  if (c.exportValue) return c.exportValue(row);
  // the wire date (time) read as local fields: Excel gets a real, sortable date
  const v = row[c.key];
  // an amount stays a number in Excel, in units of its currency
  if (c.type === 'money') return typeof v === 'number' ? v / 100 : null;
  if ((c.type === 'date' || c.type === 'datetime') && typeof v === 'string') return fromWire(v)?.toDate() ?? cellText(c, row, t);
  return cellText(c, row, t);
}

/**
 * Generic list + form of a resource (DESIGN §5): server-side paging, sorting and search, a drawer
 * form (create: PUT, edit: POST /{id}) validated by the contract's zod schema and by the server's
 * 400 field errors, delete with confirmation, Excel export and the standard notifications.
 */
export function ResourcePage(props: ResourcePageProps) {
  const { resource, columns, readOnly } = props;
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  // the id field the contract declares (languages: cod_lingua), else id
  const idField = ('idField' in resource.wire && typeof resource.wire.idField === 'string' ? resource.wire.idField : undefined) ?? 'id';
  const fields = props.form?.fields ?? [];
  const canCreate = !readOnly && props.canCreate !== false && fields.length > 0;
  const canEdit = !readOnly && fields.length > 0;
  const canDelete = !readOnly && props.canDelete !== false;
  const importConfig: ImportConfig | null = props.importable ? props.importable : null;

  const [page, setPage] = useState(1);
  const [size, setSize] = useState(props.pageSize ?? 20);
  const [sort, setSort] = useState<string | undefined>(props.defaultSort);
  const [search, setSearch] = useState('');
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const drawerTitle = () => recordTitle(t, resource.entity, !!editing);
  const [loadingRecord, setLoadingRecord] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();
  /** Escape, the cross or Annulla on a form with changes asks before throwing them away (issue #12). */
  const [closeAsking, modalHolder] = useCloseGuard(form, () => setOpen(false), open);

  // a filter of the page's own that changes brings the list back to its first page
  const filterKey = JSON.stringify(props.query ?? {});
  const [shownFilters, setShownFilters] = useState(filterKey);
  if (filterKey !== shownFilters) {
    setShownFilters(filterKey);
    setPage(1);
  }
  const baseQuery = useMemo(() => ({ sort, search: search || undefined, ...(props.query ?? {}) }), [sort, search, props.query]);
  const ops = resource.wire.ops;
  const path = ops.elenco.path;
  const list = useQuery({
    queryKey: ['resource', path, 'list', { page, size, ...baseQuery }],
    queryFn: () => listOf(resource.wire, { page, size, ...baseQuery }),
    placeholderData: keepPreviousData,
  });
  const rows = Array.isArray(list.data?.rows) ? list.data.rows : [];
  const total = typeof list.data?.total === 'number' ? list.data.total : rows.length;

  const refresh = () => {
    void invalidate(path);
    props.onChanged?.();
  };

  const idOf = (row: Row) => ({ id: row[idField] as string | number });
  /** The operations a read-only list does not have. */
  const writeOps = () => {
    if (!('crea' in ops)) throw new Error(`${path}: a read-only list`);
    return ops;
  };

  async function openCreate() {
    setEditing(null);
    form.resetFields();
    setOpen(true);
    setLoadingRecord(true);
    try {
      const model = await modelOf(resource.wire, { notifyError: false });
      form.setFieldsValue(toFormValues(fields, model && typeof model === 'object' ? model : {}));
    } catch {
      form.setFieldsValue(toFormValues(fields, {}));
    } finally {
      setLoadingRecord(false);
    }
  }

  async function openEdit(row: Row) {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(toFormValues(fields, row));
    setOpen(true);
    if (resource.readById === false) return;
    setLoadingRecord(true);
    try {
      const full = (await call(writeOps().dettaglio, { params: idOf(row) })) as Row;
      if (full && typeof full === 'object') {
        setEditing({ ...row, ...full });
        form.setFieldsValue(toFormValues(fields, full));
      }
    } catch {
      /* notified; the row's values stay */
    } finally {
      setLoadingRecord(false);
    }
  }

  function showFieldErrors(errors: Record<string, string>) {
    const known = new Set(fields.map((f) => f.name));
    form.setFields(Object.entries(errors).filter(([name]) => known.has(name)).map(([name, key]) => ({ name, errors: [t(key)] })));
  }

  async function save() {
    // every problem at once: the widgets' own rules (required...) and the contract's schema (a date out of range...)
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    const values = form.getFieldsValue(true) as FormValues;
    let body: Row = toBody(fields, values);
    for (const f of fields) if (f.shownWhen && !f.shownWhen(values)) body[f.name] = null;
    if (resource.schema) {
      const parsed = resource.schema.safeParse(body);
      if (!parsed.success) {
        const flagged = new Set(form.getFieldsError().filter((f) => f.errors.length).map((f) => String(f.name[0])));
        const errs = Object.fromEntries(Object.entries(issuesToFields(parsed.error.issues, body)).filter(([name]) => !flagged.has(name)));
        showFieldErrors(errs);
        // An issue not tied to a field of the form, or in a child line (a phase), is shown as a notification.
        const orphan = Object.entries(errs).find(([name]) => !fields.some((f) => f.name === name && f.type !== 'rows'));
        if (orphan) notifyNegative(t(orphan[1]));
        return;
      }
      body = parsed.data as Row;
    }
    if (!valid) return;
    setSaving(true);
    try {
      if (!editing) {
        const answer = await call(writeOps().crea, { body });
        props.onCreated?.(dataOf<Row>(answer));
      } else if (resource.updateByBody) {
        await call(writeOps().modificaCorpo, { body: { ...body, [idField]: editing[idField] } });
      } else {
        await call(writeOps().modifica, { params: idOf(editing), body });
      }
      setOpen(false);
      refresh();
    } catch (e) {
      if (e instanceof ApiError) showFieldErrors(e.fields);
    } finally {
      setSaving(false);
    }
  }

  async function remove(row: Row) {
    try {
      await call(writeOps().elimina, { params: idOf(row) });
      refresh();
    } catch {
      /* notified */
    }
  }

  async function exportExcel() {
    setExporting(true);
    try {
      const all: Row[] = [];
      for (let p = 1; p <= EXPORT_MAX_PAGES; p++) {
        const a = await listOf(resource.wire, { ...baseQuery, page: p, size: EXPORT_PAGE });
        const chunk = Array.isArray(a?.rows) ? a.rows : [];
        all.push(...chunk);
        if (chunk.length < EXPORT_PAGE || all.length >= (a?.total ?? 0)) break;
      }
      const cols = columns.map((c) => ({ header: t(c.title), key: c.key, format: c.type === 'date' || c.type === 'datetime' ? c.type : undefined }));
      const data = all.map((r) =>
        Object.fromEntries(columns.map((c) => [c.key, exportCell(c, r, t)])),
      );
      await exportXlsx(t(resource.title), cols, data);
    } catch (e) {
      console.error(e);
    } finally {
      setExporting(false);
    }
  }

  const sortKey = sort?.replace(/^-/, '');
  const sortDesc = !!sort?.startsWith('-');
  /** none -> ascending -> descending -> none (the default order), like antd's own sorter. */
  const toggleSort = (key: string) => {
    let next: string | undefined;
    if (sortKey !== key) next = key;
    else if (!sortDesc) next = `-${key}`;
    else next = props.defaultSort?.replace(/^-/, '') === key ? key : props.defaultSort;
    setSort(next);
    setPage(1);
  };
  // Sorting is drawn here rather than with antd's `sorter`: antd labels sortable headers with
  // aria-label, which would give the header and the form field the same label.
  const tableColumns: NonNullable<TableProps<Row>['columns']> = columns
    .filter((c) => !c.exportOnly)
    .map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: c.sorter ? (
        <button
          type="button"
          className={`tl-sort${sortKey === c.key ? ' tl-sort--active' : ''}`}
          onClick={() => toggleSort(c.key)}
          title={t('ui.ordina')}
        >
          <span>{t(c.title)}</span>
          <span className="tl-sort__icons" aria-hidden="true">
            <CaretUpOutlined className={sortKey === c.key && !sortDesc ? 'on' : undefined} />
            <CaretDownOutlined className={sortKey === c.key && sortDesc ? 'on' : undefined} />
          </span>
        </button>
      ) : (
        t(c.title)
      ),
      width: c.width,
      className: c.sorter && sortKey === c.key ? 'tl-sorted' : undefined,
      onHeaderCell: () =>
        c.sorter && sortKey === c.key ? { 'aria-sort': sortDesc ? ('descending' as const) : ('ascending' as const) } : {},
      render: (_: unknown, row: Row) => {
        if (c.render) return c.render(row);
        if (c.type === 'yn' || c.type === 'boolean') {
          const yes = c.type === 'yn' ? row[c.key] === 'Y' : !!row[c.key];
          return <Tag color={yes ? 'green' : 'default'}>{yes ? t('ui.si') : t('ui.no')}</Tag>;
        }
        return cellText(c, row, t);
      },
    }));
  if (canEdit || canDelete || props.rowActions) {
    tableColumns.push({
      key: '__actions',
      title: t('ui.azioni'),
      width: 120,
      align: 'right',
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <Space size={4}>
          {props.rowActions?.(row, { refresh })}
          {canEdit ? (
            <Tooltip title={t('ui.modifica')}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('ui.modifica')} onClick={() => void openEdit(row)} />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <ConfirmDeleteButton onConfirm={() => remove(row)} />
          ) : null}
        </Space>
      ),
    });
  }

  const onTableChange: TableProps<Row>['onChange'] = (pagination) => {
    const nextSize = pagination.pageSize ?? size;
    setPage(nextSize !== size ? 1 : (pagination.current ?? 1));
    setSize(nextSize);
  };

  return (
    <div>
      {/* While the (modal) drawer is open the list behind it is inert: out of focus and of the accessibility tree. */}
      <div inert={open} aria-hidden={open || undefined}>
      <GridRow justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          {props.hideTitle ? null : (
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t(resource.title)}
            </Typography.Title>
          )}
        </Col>
        <Col>
          <Space wrap>
            {props.toolbarExtra}
            <SearchInput
              allowClear
              placeholder={t('ui.cerca')}
              aria-label={t('ui.cerca')}
              style={{ width: 240 }}
              onSearch={(v) => {
                setSearch(v.trim());
                setPage(1);
              }}
            />
            <Tooltip title={t('ui.aggiorna')}>
              <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void list.refetch()} />
            </Tooltip>
            <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportExcel()}>
              {t('ui.esporta_excel')}
            </Button>
            {importConfig && canCreate ? (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('ui.importa')}
              </Button>
            ) : null}
            {canCreate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void openCreate()}>
                {t('ui.nuovo')}
              </Button>
            ) : null}
          </Space>
        </Col>
      </GridRow>
      {importConfig ? (
        <ImportModal
          open={importing}
          {...(importConfig === true
            ? {
                operation: 'importa' in ops ? ops.importa : undefined,
                // a choice among records (a department) or a stored file is not typed in a file, and the import does
                // not read amounts or durations yet: such columns are left out, and said so
                fields: fields
                  .filter((f) => !f.writeOnly && !['custom', 'select', 'multiselect', 'file', 'money', 'minutes', 'rows'].includes(f.type ?? 'text'))
                  .map((f) => ({ name: f.name, label: f.label, type: f.type })),
              }
            : importConfig)}
          onClose={() => setImporting(false)}
          onDone={() => {
            void list.refetch();
            props.onChanged?.();
          }}
        />
      ) : null}
      <div data-testid="resource-table">
        <Table<Row>
          rowKey={(r) => String(r[idField])}
          size="middle"
          columns={tableColumns}
          dataSource={rows}
          loading={list.isFetching}
          expandable={props.expandable}
          {...tableFit}
          locale={{ emptyText: t('ui.nessun_dato') }}
          pagination={{
            current: page,
            pageSize: size,
            total,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (n) => t('ui.totale_elementi', { count: n }),
          }}
          onChange={onTableChange}
        />
      </div>
      </div>
      {modalHolder}
      {fields.length ? (
        <Drawer
          open={open}
          forceRender
          size={props.form?.width ?? 560}
          title={drawerTitle()}
          onClose={closeAsking}
          loading={loadingRecord}
          footer={
            <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button onClick={closeAsking}>{t('ui.annulla')}</Button>
              <Button type="primary" loading={saving} onClick={() => void save()}>
                {t('ui.salva')}
              </Button>
            </Space>
          }
        >
          <Form form={form} name="resource" layout="vertical" onFinish={() => void save()} data-testid="resource-form">
            <GridRow gutter={16}>
              {fields.map((f) => {
                const col = (
                  <Col key={f.name} span={f.span ?? 24}>
                    {f.type === 'rows' ? (
                      <ChildRowsField
                        name={f.name}
                        label={f.label}
                        addLabel={f.rows?.addLabel}
                        max={f.rows?.max}
                        defaults={f.rows?.defaults}
                        fields={(f.rows?.fields ?? []).map((c) => ({
                          name: c.name, label: c.label, rules: fieldRules(c, t), valuePropName: c.type === 'switch' || c.type === 'yn' ? 'checked' : 'value', width: c.width,
                          input: <FieldInput field={c} editing={!!editing} />,
                        }))}
                      />
                    ) : (
                    <Form.Item
                      name={f.name}
                      label={t(f.label)}
                      required={f.required}
                      valuePropName={f.type === 'switch' || f.type === 'yn' ? 'checked' : 'value'}
                      rules={fieldRules(f, t)}
                      extra={f.extra?.(editing, t)}
                    >
                      <FieldInput field={f} editing={!!editing} />
                    </Form.Item>
                    )}
                  </Col>
                );
                if (!f.shownWhen) return col;
                const shown = f.shownWhen;
                // drawn again whenever a value changes: whether it is shown depends on the others
                return (
                  <Form.Item key={f.name} noStyle shouldUpdate>
                    {() => (shown(form.getFieldsValue(true) as FormValues) ? col : null)}
                  </Form.Item>
                );
              })}
            </GridRow>
            <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
          </Form>
        </Drawer>
      ) : null}
    </div>
  );
}
