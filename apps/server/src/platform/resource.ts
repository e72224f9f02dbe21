/**
 * defineResource (DESIGN §5): one declaration registers list, read, model, lookup, create, update
 * and delete with validation, permission, data scope, paging, sorting, search, audit and the
 * standard messages. Verbs as the spec uses them: GET list/read, PUT create, POST update, DELETE.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { FIELD_KEYS, HEADER_OVERRIDE, ZImportBody, ZListQuery, type Resource } from '@tulip/contract';
import { lockRows, type Db } from './db';
import { audit } from './audit';
import { AppError, badRequest, duplicateAnswer, fieldsFromIssues, notFound, parseOr400, pgCode, PG_UNIQUE } from './errors';
import { currentUser, type CurrentUser } from './guard';
import { route } from './operation';

type Row = Record<string, unknown>;
type Selection = Record<string, PgColumn | SQL.Aliased | SQL>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = any;

export type ResourceDef<TIn extends Row> = {
  /** The wire, from the contract: path, access, input and row schemas, filters, whether it imports (`defineResourceOps`). */
  resource: Resource;
  table: PgTable;
  idColumn: PgColumn;
  columns: Selection;
  joins?: (q: AnyQuery) => AnyQuery;
  search?: (PgColumn | SQL)[];
  /** The contract's filters, each with its column. */
  filters?: Record<string, PgColumn>;
  defaultSort?: string;
  lookup: { value: PgColumn; label: SQL | PgColumn };
  model: () => Row;
  scope?: (user: CurrentUser) => SQL | undefined;
  /**
   * What the lookup offers a user when everyone may ask it (`lookupForAll`): without it, every record; with it, the
   * records this condition admits (the orders a person may book on).
   */
  lookupScope?: (user: CurrentUser) => SQL | undefined;
  /**
   * Input -> table values (hash a PIN, drop virtual fields...). What it puts in `extra` is added to
   * the answer of that one call only (e.g. a secret shown once at creation: the contract's `createExtra`).
   */
  toValues?: (input: TIn, ctx: { user: CurrentUser; creating: boolean; extra: Row; req: FastifyRequest }) => Promise<Row> | Row;
  /** Writes to side tables inside the same transaction (e.g. many-to-many). */
  afterWrite?: (tx: Db, id: unknown, input: TIn) => Promise<void>;
  /**
   * The record as saved, in the write's transaction, with what it was before (null for a create): an event for the
   * webhooks' outbox (platform/webhooks.ts), say. `afterCommit` runs once the write is committed.
   */
  onSaved?: (tx: Db, e: { prima: Row | null; dopo: Row }) => Promise<void>;
  afterCommit?: () => void;
  /** Adds fields computed from other tables to rows (e.g. arrays of ids). */
  decorate?: (db: Db, rows: Row[]) => Promise<Row[]>;
  beforeDelete?: (tx: Db, row: Row, user: CurrentUser) => Promise<void>;
  beforeWrite?: (tx: Db, input: TIn, ctx: { user: CurrentUser; existing?: Row }) => Promise<void>;
  /**
   * Child rows edited with their parent (an order and its phases, a note and its lines, a CCNL and its levels), by
   * the field of the input and of the row that carries them. Written in the parent's transaction: a child with its
   * `id` is updated, one without is added, one left out is deleted (refused with 409 while another record uses it);
   * a field left out of an update keeps the children as they are. Read back in the parent's row, in their order.
   */
  children?: Record<string, ChildRows>;
  /** The create's answer names what was created (`params.context`: the text `avvisi.created_<context>`). */
  createdContext?: string;
};

/** One kind of child rows of a resource (`ResourceDef.children`). */
export type ChildRows = {
  table: PgTable;
  idColumn: PgColumn;
  /** The column that points at the parent's id. */
  parentColumn: PgColumn;
  /** What each child answers (its id included). */
  columns: Selection;
  orderBy?: PgColumn;
  /** A child's input -> its table values (the parent's id is added). */
  toValues?: (child: Row) => Row;
};

/** The ILIKE pattern for "contains": what the user typed, with %, _ and \\ taken literally. */
export const containsPattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type InputOf<R extends Resource> = z.output<R['input']> & Row;

/** A list filter's text as its column's value: a yes/no column takes true or false (anything else: 400). */
function filterValue(name: string, col: PgColumn, v: unknown): unknown {
  if (col.dataType !== 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw badRequest({ [name]: FIELD_KEYS.invalid });
}

export function defineResource<R extends Resource>(app: FastifyInstance, db: Db, given: ResourceDef<InputOf<R>> & { resource: R }) {
  type TIn = InputOf<R>;
  const def = given as ResourceDef<TIn>;
  const res = def.resource;
  const ops = res.ops;
  const name = res.name;
  const input = res.input as z.ZodType<TIn>;
  if (res.publicList && def.scope) throw new Error(`${name}: a public list cannot have a data scope`);
  const declared = [...(res.filters ?? [])].sort().join();
  if (declared !== Object.keys(def.filters ?? {}).sort().join()) throw new Error(`${name}: the filters' columns must match the contract's filters`);

  const baseSelect = (dbx: Db, selection: Selection) => {
    const q = (dbx.select(selection as never).from(def.table as never) as AnyQuery).$dynamic();
    return def.joins ? def.joins(q) : q;
  };
  const scoped = (user: CurrentUser | undefined, ...conds: (SQL | undefined)[]) => and(user ? def.scope?.(user) : undefined, ...conds);

  const childFields = Object.entries(def.children ?? {});
  /** The row's key of the id, and each child table's key of its parent column (drizzle writes by key, not by name). */
  const idKey = Object.entries(def.columns).find(([, c]) => c === def.idColumn)?.[0] ?? 'id';
  const keyOf = (table: PgTable, col: PgColumn) => Object.entries(getTableColumns(table)).find(([, c]) => c === col)![0];

  /** The parents' rows with their children, each kind in one query. */
  async function withChildren(dbx: Db, rows: Row[]): Promise<Row[]> {
    if (!childFields.length || !rows.length) return rows;
    const ids = rows.map((r) => r[idKey]);
    for (const [field, c] of childFields) {
      const found = (await (dbx.select({ ...c.columns, __parent: c.parentColumn } as never).from(c.table as never) as AnyQuery)
        .where(inArray(c.parentColumn, ids))
        .orderBy(...(c.orderBy ? [asc(c.orderBy), asc(c.idColumn)] : [asc(c.idColumn)]))) as Row[];
      for (const r of rows) r[field] = found.filter((x) => x.__parent === r[idKey]).map(({ __parent: _p, ...x }) => x);
    }
    return rows;
  }

  /** The children given with a parent: updated by id, added without one, the ones left out deleted. */
  async function writeChildren(tx: Db, parentId: unknown, data: Row) {
    for (const [field, c] of childFields) {
      const given = data[field] as Row[] | undefined;
      if (given === undefined) continue;
      const existing = new Set(((await tx.select({ id: c.idColumn }).from(c.table).where(eq(c.parentColumn, parentId))) as { id: unknown }[]).map((x) => x.id));
      const kept = new Set(given.filter((x) => x.id !== undefined && x.id !== null).map((x) => x.id));
      // a child's id must be one of this parent's: nobody moves another record's children by naming their ids
      if ([...kept].some((id) => !existing.has(id))) throw badRequest({ [field]: FIELD_KEYS.invalid });
      const gone = [...existing].filter((id) => !kept.has(id));
      if (gone.length) await tx.delete(c.table).where(inArray(c.idColumn, gone));
      for (const child of given) {
        const { id, ...rest } = child;
        const values = { ...(c.toValues ? c.toValues(rest) : rest), [keyOf(c.table, c.parentColumn)]: parentId };
        if (id === undefined || id === null) await tx.insert(c.table).values(values as never);
        else await tx.update(c.table).set(values as never).where(eq(c.idColumn, id));
      }
    }
  }
  /** The parent's own values: its children go to their tables. */
  const parentValues = (values: Row) => (childFields.length ? Object.fromEntries(Object.entries(values).filter(([k]) => !def.children![k])) : values);
  const decorateAll = async (dbx: Db, rows: Row[]) => withChildren(dbx, def.decorate ? await def.decorate(dbx, rows) : rows);

  async function readOne(dbx: Db, user: CurrentUser, id: unknown): Promise<Row | undefined> {
    const rows = await baseSelect(dbx, def.columns).where(scoped(user, eq(def.idColumn, id))).limit(1);
    if (!rows.length) return undefined;
    return (await decorateAll(dbx, rows))[0];
  }

  function orderBy(sort: string | undefined) {
    const spec = sort ?? def.defaultSort;
    if (!spec) return [asc(def.idColumn)];
    return spec.split(',').map((part) => {
      const desc_ = part.startsWith('-');
      const key = desc_ ? part.slice(1) : part;
      // own keys only: `sort=constructor` must not find Object.prototype.constructor
      const col = Object.hasOwn(def.columns, key) ? def.columns[key] : undefined;
      if (!col) throw badRequest({ sort: FIELD_KEYS.invalid });
      return desc_ ? desc(col as PgColumn) : asc(col as PgColumn);
    });
  }

  function searchCond(search: string | undefined): SQL | undefined {
    if (!search || !def.search?.length) return undefined;
    const pattern = containsPattern(search);
    return or(...def.search.map((c) => ilike(c as PgColumn, pattern)));
  }

  async function lookup(user: CurrentUser | undefined, search?: string) {
    return baseSelect(db, { value: def.lookup.value, label: def.lookup.label as SQL })
      .where(res.lookupForAll ? and(user && def.lookupScope ? def.lookupScope(user) : undefined, searchCond(search)) : scoped(user, searchCond(search)))
      .orderBy(asc(def.lookup.label as SQL))
      .limit(1000);
  }

  route(app, ops.elenco, async (req) => {
    // a public list has no scope (checked above): nobody need be logged in
    const user = res.publicList ? req.user : currentUser(req);
    const override = String(req.headers[HEADER_OVERRIDE] ?? '').toLowerCase();
    if (override === 'model') return def.model();
    if (override === 'lookup') return lookup(user, req.query.search);
    const q = req.query as z.infer<typeof ZListQuery> & Row;
    const filterConds = Object.entries(def.filters ?? {})
      .filter(([k]) => q[k] !== undefined && q[k] !== '')
      .map(([k, col]) => eq(col, filterValue(k, col, q[k])));
    const where = scoped(user, searchCond(q.search), ...filterConds);
    const [rows, [{ n }]] = await Promise.all([
      baseSelect(db, def.columns).where(where).orderBy(...orderBy(q.sort)).limit(q.size).offset((q.page - 1) * q.size),
      baseSelect(db, { n: count() }).where(where),
    ]);
    return { rows: await decorateAll(db, rows), total: Number(n) };
  });

  route(app, ops.dettaglio, async (req) => {
    const row = await readOne(db, currentUser(req), req.params.id);
    if (!row) throw notFound();
    return row;
  });

  /** One record created inside `tx`: the checks, the values, the side tables, the scope read-back and the audit. */
  async function createIn(tx: Db, req: FastifyRequest, user: CurrentUser, data: TIn, extra: Row) {
    await def.beforeWrite?.(tx, data, { user });
    const values = def.toValues ? await def.toValues(data, { user, creating: true, extra, req }) : data;
    const [created] = await (tx.insert(def.table).values(parentValues(values) as never).returning({ id: def.idColumn }) as AnyQuery);
    await writeChildren(tx, created.id, data);
    await def.afterWrite?.(tx, created.id, data);
    // read back through the scope: a record the user could not see afterwards is refused
    const row = await readOne(tx, user, created.id);
    if (!row) throw notFound();
    await audit(tx, user, { entita: name, entita_id: created.id as string, azione: 'create', dopo: row });
    await def.onSaved?.(tx, { prima: null, dopo: row });
    return row;
  }

  route(app, ops.crea, async (req, reply) => {
    const extra: Row = {};
    const data = await db.transaction(async (tx) => createIn(tx as unknown as Db, req, currentUser(req), req.body as TIn, extra));
    def.afterCommit?.();
    return reply.status(201).send({ message: 'avvisi.created', ...(def.createdContext ? { params: { context: def.createdContext } } : {}), data: { ...data, ...extra } });
  });

  if (ops.importa) {
    route(app, ops.importa, async (req) => {
      const { righe, conferma } = req.body as z.infer<typeof ZImportBody>;
      const checked = righe.map((row, i) => ({ riga: i + 1, parsed: input.safeParse(row) }));
      const errori = checked.flatMap(({ riga, parsed }) => (parsed.success ? [] : [{ riga, campi: fieldsFromIssues(parsed.error.issues as never) }]));
      // the preview: what would be stored and what is wrong, row by row; nothing is written
      if (!conferma) return { righe: righe.length, valide: righe.length - errori.length, errori };
      if (errori.length) throw new AppError(400, 'avvisi.import_errori', { righe: righe.length, count: errori.length, errori });
      const user = currentUser(req);
      let riga = 0;
      try {
        await db.transaction(async (tx) => {
          for (const c of checked) {
            riga = c.riga;
            await createIn(tx as unknown as Db, req, user, c.parsed.data as TIn, {});
          }
        });
        def.afterCommit?.();
      } catch (err) {
        // the row that stopped it, with the reason: nothing of the file is stored
        if (err instanceof AppError) throw new AppError(err.status, err.message, { ...err.params, riga });
        if (pgCode(err) === PG_UNIQUE) throw new AppError(409, 'avvisi.import_riga', { riga, ...(duplicateAnswer(err).params ?? {}) });
        throw err;
      }
      return { message: 'avvisi.import_completato', params: { count: righe.length }, data: { righe: righe.length } };
    });
  }

  async function update(req: FastifyRequest, id: unknown, data: TIn) {
    const user = currentUser(req);
    const answer = await db.transaction(async (tx) => {
      // locked before it is read: the checks of beforeWrite and the audit's `prima` see the row another write left
      await lockRows(tx as unknown as Db, [{ table: def.table, column: def.idColumn, ids: [id as number] }]);
      const before = await readOne(tx as unknown as Db, user, id);
      if (!before) throw notFound();
      await def.beforeWrite?.(tx as unknown as Db, data, { user, existing: before });
      const values = def.toValues ? await def.toValues(data, { user, creating: false, extra: {}, req }) : data;
      await tx.update(def.table).set(parentValues(values) as never).where(eq(def.idColumn, id));
      await writeChildren(tx as unknown as Db, id, data);
      await def.afterWrite?.(tx as unknown as Db, id, data);
      const after = await readOne(tx as unknown as Db, user, id);
      if (!after) throw notFound();
      await audit(tx as unknown as Db, user, { entita: name, entita_id: id as string, azione: 'update', prima: before, dopo: after });
      await def.onSaved?.(tx as unknown as Db, { prima: before, dopo: after });
      return { message: 'avvisi.updated', data: after };
    });
    def.afterCommit?.();
    return answer;
  }

  route(app, ops.modifica, async (req) => update(req, req.params.id, req.body as TIn));

  // POST path with the id inside the body, as the spec's own POST /api/lang does
  const idField = res.idField ?? 'id';
  route(app, ops.modificaCorpo, async (req) => {
    const body = { ...(req.body as Row) };
    const id = body[idField];
    if (!res.idField) delete body.id;
    return update(req, id, parseOr400(input, body) as TIn);
  });

  route(app, ops.elimina, async (req, reply) => {
    const user = currentUser(req);
    await db.transaction(async (tx) => {
      await lockRows(tx as unknown as Db, [{ table: def.table, column: def.idColumn, ids: [req.params.id as number] }]);
      const before = await readOne(tx as unknown as Db, user, req.params.id);
      if (!before) throw notFound();
      await def.beforeDelete?.(tx as unknown as Db, before, user);
      await tx.delete(def.table).where(eq(def.idColumn, req.params.id));
      await audit(tx as unknown as Db, user, { entita: name, entita_id: req.params.id as string, azione: 'delete', prima: before });
    });
    return reply.status(204).send();
  });

  return { readOne };
}

/** Label helper for lookups: "codice - descrizione". */
export const codeLabel = (codice: PgColumn, descrizione: PgColumn) => sql<string>`${codice} || ' - ' || ${descrizione}`;
