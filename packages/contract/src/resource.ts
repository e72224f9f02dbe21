/**
 * A resource of the generic layer (DESIGN §5) as the wire sees it: one declaration gives the operations of a plain
 * list and form — list (with lookup and model), read, create, update (by id, or with the id in the body as the
 * spec's `POST /api/lang`), delete, and the file import when asked. The server's `defineResource` registers them with
 * its table, columns and rules; the web's resource pages take their path from here.
 */
import { z } from 'zod';
import { zAnswer, zRows, type Access, type Operation } from './operation';
import { zId, ZListQuery, ZLookupItem, zText, type TScope } from './schemas/common';

export type ResourceSpec = {
  /** The audit log's entity name. */
  name: string;
  path: string;
  /** The API document's group: the module's name. */
  tag: string;
  /** What one record and many are called, in Italian ("Turni: elenco"). */
  label: readonly [uno: string, molti: string];
  /** One record as the server answers it: the columns a list and a form read, and nothing else. */
  row: z.ZodObject;
  /** What a create and an update take. */
  input: z.ZodType;
  read: readonly string[];
  write: readonly string[];
  /** Profiles' scopes allowed to write (e.g. only `tutti` edits employees). */
  writeScopes?: readonly TScope[];
  /** Any logged-in user may read the lookup (non-personal reference data). */
  lookupForAll?: boolean;
  /** Anyone may read the list, its lookup and model, before logging in (the languages). */
  publicList?: boolean;
  /** Schema of the id in the path (numbers by default; codes for e.g. languages). */
  idSchema?: z.ZodType;
  /** Field of the body that carries the id, for `POST path` without an id in the URL. */
  idField?: string;
  /** List filters by field name (`?reparto_id=3`). */
  filters?: readonly string[];
  /** `POST path/import`: many records from a CSV or Excel file, previewed first, then all stored or none. */
  importable?: boolean;
  /** Fields the create's answer adds once (a secret shown only at creation). */
  createExtra?: z.ZodRawShape;
};

/** Rows in one import: a year of a large company's hires, far more than a file a person checks by eye. */
export const IMPORT_MAX_ROWS = 5000;

const LIST_DESCRIPTION =
  "Con ricerca, ordinamento e paginazione. Con l'intestazione X-HTTP-Method-Override: lookup dà la lista di scelta (valore ed etichetta); con model, il modello di un nuovo record.";

/**
 * The model of a new record (X-HTTP-Method-Override: model): the form's starting values. Never a list: a list whose
 * rows break the row schema must not pass as a model.
 */
const ZModello = z.object({ rows: z.never().optional() }).catchall(z.unknown());

/** An import's preview (what would be stored, the errors row by row), or its outcome. */
const ZImportAnswer = z.union([
  z.object({ righe: z.number(), valide: z.number(), errori: z.array(z.object({ riga: z.number(), campi: z.record(z.string(), z.string()) })) }),
  z.object({ message: z.string(), params: z.record(z.string(), z.unknown()).optional(), data: z.object({ righe: z.number() }) }),
]);

export const ZImportBody = z.strictObject({ righe: z.array(z.record(z.string(), z.unknown())).min(1).max(IMPORT_MAX_ROWS), conferma: z.boolean().default(false) });

function resourceOperations<S extends ResourceSpec>(s: S) {
  const idSchema = s.idSchema ?? zId;
  const params = z.strictObject({ id: idSchema });
  const read: Access = s.publicList
    ? { public: true }
    : { routes: [...s.read], ...(s.lookupForAll ? { lookup: 'auth' as const } : {}) };
  const write: Access = { routes: [...s.write], ...(s.writeScopes ? { scopes: [...s.writeScopes] } : {}) };
  const filters = Object.fromEntries((s.filters ?? []).map((k) => [k, zText(100).optional()]));
  const [uno, molti] = s.label;
  const idField = s.idField ?? 'id';
  const base = { tag: s.tag } as const;
  const ops = {
    elenco: {
      ...base, method: 'GET', path: s.path, summary: `${molti}: elenco`, description: LIST_DESCRIPTION, access: read,
      query: ZListQuery.extend(filters).strict(), responses: { 200: z.union([zRows(s.row), z.array(ZLookupItem), ZModello]) },
    },
    // the lookup opening (lookupForAll) is for the list path's [{ value, label }] only: a record by id needs the read routes
    dettaglio: { ...base, method: 'GET', path: `${s.path}/:id`, summary: `${uno}: dettaglio`, access: { routes: [...s.read] }, params, responses: { 200: s.row } },
    crea: {
      ...base, method: 'PUT', path: s.path, summary: `${uno}: creazione`, access: write, body: s.input,
      responses: { 201: zAnswer(s.createExtra ? s.row.extend(s.createExtra) : s.row) },
    },
    modifica: { ...base, method: 'POST', path: `${s.path}/:id`, summary: `${uno}: modifica`, access: write, params, body: s.input, responses: { 200: zAnswer(s.row) } },
    // POST path with the id inside the body, as the spec's own POST /api/lang does
    modificaCorpo: {
      ...base, method: 'POST', path: s.path, summary: `${uno}: modifica (id nel corpo)`, access: write,
      body: z.looseObject({ [idField]: idSchema }), responses: { 200: zAnswer(s.row) },
    },
    elimina: { ...base, method: 'DELETE', path: `${s.path}/:id`, summary: `${uno}: eliminazione`, access: write, params, responses: { 204: null } },
    ...(s.importable
      ? {
          importa: {
            ...base, method: 'POST', path: `${s.path}/import`, summary: `${molti}: importazione (anteprima, poi tutte le righe o nessuna)`,
            access: write, body: ZImportBody, responses: { 200: ZImportAnswer },
          },
        }
      : {}),
  } satisfies Record<string, Operation & { description?: string }>;
  return ops as typeof ops & { importa?: Operation };
}

/** A resource's wire: its declaration and its operations. */
export type Resource<S extends ResourceSpec = ResourceSpec> = S & { ops: ReturnType<typeof resourceOperations<S>> };

export function defineResourceOps<const S extends ResourceSpec>(spec: S): Resource<S> {
  return { ...spec, ops: resourceOperations(spec) };
}

/** A row's type, for the screens that read a resource. */
export type ResourceRow<R extends Resource> = z.infer<R['row']>;
