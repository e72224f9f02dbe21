/**
 * Conversion at the form boundary (pure, unit-tested): records in wire formats <-> antd form values.
 * Dates are YYYY-MM-DD on the wire and dayjs objects (shown DD/MM/YYYY) in the form; Y/N flags are
 * switches; write-only fields (a PIN) are never filled and left out of the body when empty.
 */
import { fromWire, toWireDate, toWireDateTime, type Dayjs } from '../platform/formats';

export type Row = Record<string, unknown>;
export type FormValues = Record<string, unknown>;

export type FieldType =
  | 'text' | 'textarea' | 'password' | 'number' | 'date' | 'datetime' | 'switch' | 'yn' | 'select' | 'multiselect' | 'custom'
  /** a stored file's id (FileField) */
  | 'file'
  /** integer cents (MoneyField) */
  | 'money'
  /** a duration in integer minutes, shown and typed as hours h:mm (MinutiInput) */
  | 'minutes'
  /** child rows edited with the record (an order's phases): an array of sub-records, each by its own fields */
  | 'rows';

/** What the conversion needs to know of a field. */
export type FieldShape = { name: string; type?: FieldType; required?: boolean; writeOnly?: boolean; rows?: { fields: FieldShape[] } };

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** Record (wire formats) -> form values (dayjs, booleans). */
export function toFormValues(fields: FieldShape[], record: Row | null | undefined): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = record?.[f.name];
    switch (f.type) {
      case 'date':
      case 'datetime':
        out[f.name] = fromWire(typeof v === 'string' ? v : null);
        break;
      case 'yn':
        out[f.name] = v === 'Y';
        break;
      case 'switch':
        out[f.name] = v === undefined || v === null ? false : !!v;
        break;
      case 'password':
        out[f.name] = f.writeOnly ? '' : (v ?? '');
        break;
      case 'multiselect':
        out[f.name] = Array.isArray(v) ? v : [];
        break;
      case 'rows':
        // each child keeps its id, so the server updates it instead of adding a new one
        out[f.name] = Array.isArray(v) ? v.map((child: Row) => ({ ...toFormValues(f.rows?.fields ?? [], child), id: child.id })) : [];
        break;
      default:
        out[f.name] = v === null ? undefined : v;
    }
  }
  return out;
}

/** Form values -> request body (wire formats; empty optional values become null). */
export function toBody(fields: FieldShape[], values: FormValues): Row {
  const body: Row = {};
  for (const f of fields) {
    const v = values[f.name];
    switch (f.type) {
      case 'date':
        body[f.name] = toWireDate(v as Dayjs | null);
        break;
      case 'datetime':
        body[f.name] = toWireDateTime(v as Dayjs | null);
        break;
      case 'yn':
        body[f.name] = v ? 'Y' : 'N';
        break;
      case 'switch':
        body[f.name] = !!v;
        break;
      case 'multiselect':
        body[f.name] = Array.isArray(v) ? v : [];
        break;
      case 'custom':
        body[f.name] = v;
        break;
      case 'file':
        body[f.name] = typeof v === 'string' && v ? v : null;
        break;
      case 'rows':
        body[f.name] = (Array.isArray(v) ? (v as FormValues[]) : []).map((child) => {
          const line = toBody(f.rows?.fields ?? [], child);
          // a line's number or choice left empty is left out, so the schema's default applies (a phase's place, its state)
          for (const c of f.rows?.fields ?? []) if ((c.type === 'number' || c.type === 'select') && line[c.name] === null) delete line[c.name];
          return { ...(child.id !== undefined && child.id !== null ? { id: child.id } : {}), ...line };
        });
        break;
      case 'money':
      case 'minutes':
        // an amount or a duration that does not parse never gets here: the field's rule stops the save
        body[f.name] = typeof v === 'number' ? v : null;
        break;
      case 'number':
      case 'select':
        body[f.name] = v === undefined || v === '' ? null : v;
        break;
      default:
        if (f.writeOnly && isBlank(v)) break; // keeps the stored value
        body[f.name] = isBlank(v) ? (f.required ? '' : null) : v;
    }
  }
  return body;
}

