/**
 * Fuzz over the OpenAPI document (issue #5). Every operation of /api/openapi.json gets, with a fixed seed:
 *   1. inputs AGAINST its schema — wrong types, missing required and unknown fields, numbers out of range, strings
 *      too long or empty, broken patterns, enum misses, impossible dates, on the path, the query and the body —
 *      and raw payloads: wrong content types, no content type, truncated JSON, __proto__ / constructor.prototype
 *      keys, a 2 MB body, deep nesting, invalid UTF-8, an unknown method. All must be refused (4xx);
 *   2. inputs FROM its schema — realistic names (dates, ids, times), unicode, control characters, SQL and LIKE
 *      metacharacters, empty and maximal strings, extreme numbers, undeclared query keys, method overrides — as
 *      admin (the guard lets them through, so validation and handlers run) and once without a token.
 * Invariants: never a 5xx; every 4xx is JSON with a string `message` and no stack trace or SQL; a refused call
 * changes nothing in the database (checked around the whole refused phase, and around every single call of phase 2
 * that answers 4xx); a GET changes nothing whatever it answers; without a token a non-public operation answers 401.
 * Accepted calls (2xx) of phase 2 do change data: that is their job, so the next call starts from there.
 * "Changes nothing" is read from row triggers counting writes per table (harness changeCounter), on every table but
 * `tentativi_login` (UNCOUNTED_TABLES): failed logins, PINs, terminal keys and token guesses are recorded there on
 * refusal by design — it is the rate limit's memory. The audit log and the token tables are counted: a refused call
 * must not write an audit entry or a token.
 *
 * Hostile files (issue #27 §2) go to every operation that takes a file: as the multipart upload itself (image and ZIP
 * bombs, a broken image, malformed multipart bodies: a 4xx, nothing stored), and, stored as they were before uploads
 * were checked, by their id in every body field that names a file (never a 5xx, whatever the operation answers).
 *
 * FUZZ_SEED (a number, or `random`) and FUZZ_RUNS (inputs per operation and phase, default 2) set the run;
 * `npm run fuzz` runs long on PGlite with a random seed, printed so that a failure can be replayed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  apiOperations, changeCounter, changedTables, login, makeTestApp, skipReason,
  type ApiOperation, type ApiSchema, type Session, type TestApp,
} from './harness';
import { createHash } from 'node:crypto';
import { addDays, localNow } from '../src/platform/dates';
import { file, fileBlocchi, fileContenuti } from '../src/platform/db/tables';
import { OPERATIONS } from '@tulip/contract';
import { docxBomb, docxBombLying, malformedMultipart, pngBomb, pngGarbage } from './hostile';

const SEED = process.env.FUZZ_SEED === 'random' || process.env.FUZZ_SEED === '' ? /* real-clock: a random seed */ (Date.now() ^ (Math.random() * 2 ** 31)) >>> 0 : Number(process.env.FUZZ_SEED ?? 20250105);
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 2));
/** Mutations against the schema sent per operation and run. */
const PER_RUN = 6;
/** Fuzz calls come from their own address: the login rate limit they trip must not lock out the test's own logins. */
const FUZZ_IP = '10.99.0.1';

type Req = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer; label: string };
type Failure = { req: Req; status: number; body: string; why: string };

// ---------------------------------------------------------------- schema helpers

const DATE_NAME = /^(dal|al|data|data_[a-z_]+|giorno)$/;
const DATETIME_NAME = /^(ts|entrata|uscita)$/;
const ID_NAME = /(^|_)id$|^(dipendente|dipendenti|responsabili|profili|sequenza|giorni)$/;

const lo = (s: ApiSchema) =>
  typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : s.minimum === undefined ? undefined : s.exclusiveMinimum === true ? s.minimum + 1 : s.minimum;
const hi = (s: ApiSchema) =>
  typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : s.maximum === undefined ? undefined : s.exclusiveMaximum === true ? s.maximum - 1 : s.maximum;
const typeOf = (s: ApiSchema) => s.type ?? (s.properties ? 'object' : s.items ? 'array' : undefined);

const day = (offset: number) => addDays(localNow('Europe/Rome').data, offset);

/** Strings anybody might type, and the ones that break naive code. */
const NASTY = [
  '', ' ', '%', '_', '\\', "'", '"', "' or '1'='1", "'; drop table utenti; --", '\u0000', 'a\u0000b', '\u0007\u001b[31m', '\r\n', '\t',
  '\u202eevil', '\ufeff', '\ud800', '😀', '👩‍👩‍👧‍👦', 'İß', 'e\u0301', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '<script>alert(1)</script>', '${7*7}', '{{7*7}}',
  '../../etc/passwd', 'null', 'undefined', 'NaN', '-1', '1e400', '__proto__', 'constructor', 'toString', 'Rossi', 'FERIE', 'it', 'admin',
];
/** Names every object inherits: as data they must stay data (a translation group, a leave-type code...). */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'lookup'];
const DATES = ['2025-02-30', '2023-02-29', '2024-02-29', '2025-13-01', '2025-00-10', '0000-01-01', '9999-12-31', '1970-01-01', '2025-1-1', '01/02/2025', ''];

function fit(s: string, min = 0, max?: number) {
  let out = max === undefined ? s : s.slice(0, max);
  while (out.length < min) out += 'a';
  return out;
}

function arbText(s: ApiSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength;
  const cap = (n: number) => Math.max(min, Math.min(max ?? n, n));
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ maxLength: cap(40) }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: cap(20) }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: cap(10) }) },
      { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
      { weight: 1, arbitrary: fc.constant('x'.repeat(Math.min(max ?? 5000, 100_000))) },
    )
    .map((x) => fit(x, min, max));
}

/** Valid-ish values: what the schema allows, with realistic values where the field's name says what it is. */
function arb(s: ApiSchema, name = ''): fc.Arbitrary<unknown> {
  const inner = arbInner(s, name);
  return s.nullable ? fc.option(inner, { nil: null, freq: 6 }) : inner;
}

function arbInner(s: ApiSchema, name: string): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => arb(v, name)));
  if (s.allOf?.length) return arb(Object.assign({}, ...s.allOf) as ApiSchema, name);
  switch (typeOf(s)) {
    case 'integer': {
      const min = lo(s) ?? -(2 ** 31);
      const max = hi(s) ?? 2 ** 31 - 1;
      const any = fc.integer({ min, max });
      if (!ID_NAME.test(name) || max < 1) return any;
      // ids: mostly ones that exist (small), sometimes anything
      return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: Math.max(min, 1), max: Math.min(max, 80) }) }, { weight: 1, arbitrary: any });
    }
    case 'number':
      return fc.double({ min: lo(s) ?? -1e15, max: hi(s) ?? 1e15, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (s.format === 'uuid') return fc.uuid();
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        return fc.oneof({ weight: 5, arbitrary: fc.stringMatching(re).map((x) => x.slice(0, s.maxLength)) }, { weight: 1, arbitrary: arbText(s) });
      }
      if (DATE_NAME.test(name)) {
        return fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: -400, max: 60 }).map(day) },
          { weight: 1, arbitrary: fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
          { weight: 2, arbitrary: fc.constantFrom(...DATES) },
          { weight: 1, arbitrary: arbText(s) },
        );
      }
      if (DATETIME_NAME.test(name)) {
        const time = fc.constantFrom('00:00:00', '08:30:00', '12:00:00', '23:59:59', '24:00:00', '12:60:00', '08:30');
        return fc.oneof(
          { weight: 5, arbitrary: fc.tuple(fc.integer({ min: -90, max: 2 }).map(day), time).map(([d, t]) => `${d}T${t}`) },
          { weight: 1, arbitrary: fc.constantFrom(...DATES).map((d) => `${d}T10:00:00`) },
          { weight: 1, arbitrary: arbText(s) },
        );
      }
      return arbText(s);
    }
    case 'array': {
      const items = arb(s.items ?? {}, name);
      const min = s.minItems ?? 0;
      const max = s.maxItems ?? 50;
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(items, { minLength: min, maxLength: Math.max(min, Math.min(max, 4)) }) },
        { weight: 1, arbitrary: fc.array(items, { minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }) },
      );
    }
    case 'object': {
      const props = s.properties ?? {};
      const keys = Object.keys(props);
      if (!keys.length) return fc.constant({});
      return fc.record(Object.fromEntries(keys.map((k) => [k, arb(props[k], k)])), { requiredKeys: (s.required ?? []).filter((k) => keys.includes(k)) });
    }
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

/**
 * Values that break the schema for sure, as the server's validation must see it. Kept out on purpose: booleans,
 * null and [] for numbers (ids are coerced: true -> 1), numeric strings for numbers in the body (coerced too),
 * whitespace-padded over-long text (trimmed first) and unknown query keys (only the list queries are strict).
 */
function badValues(s: ApiSchema, name: string, where: 'body' | 'query' | 'path'): { why: string; value: unknown }[] {
  const out: { why: string; value: unknown }[] = [];
  const text = where !== 'body';
  const t = typeOf(s);
  if (s.enum?.length) out.push({ why: 'not in the enum', value: 'NON_IN_ELENCO' });
  if (t === 'integer' || t === 'number') {
    out.push({ why: 'not a number', value: 'abc' }, { why: 'Infinity', value: text ? '1e400' : 'Infinity' });
    if (!text) out.push({ why: 'object for a number', value: {} }, { why: 'array for a number', value: [1, 2] });
    if (t === 'integer') out.push({ why: 'fraction', value: text ? '1.5' : 1.5 });
    const min = lo(s);
    const max = hi(s);
    if (min !== undefined) out.push({ why: 'below the minimum', value: text ? String(min - 1) : min - 1 });
    if (max !== undefined) out.push({ why: 'above the maximum', value: text ? String(max + 1) : max + 1 }, { why: 'huge', value: text ? '1'.repeat(40) : 1e300 });
  }
  if (t === 'string') {
    if (!text) out.push({ why: 'number for a string', value: 42 }, { why: 'boolean for a string', value: true }, { why: 'object for a string', value: { a: 1 } }, { why: 'array for a string', value: ['a'] });
    if (s.maxLength !== undefined) out.push({ why: 'one over maxLength', value: 'x'.repeat(s.maxLength + 1) });
    if ((s.minLength ?? 0) >= 1) out.push({ why: 'empty', value: '' });
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      out.push(...['!!', '\u0000', '<>', '§§'].filter((c) => !re.test(c)).slice(0, 2).map((value) => ({ why: 'breaks the pattern', value })));
    }
    if (s.format === 'uuid') out.push({ why: 'not a uuid', value: 'not-a-uuid' });
    if (s.format === 'email') out.push({ why: 'not an email', value: 'not-an-email' });
    if (!s.pattern && !s.enum && DATE_NAME.test(name)) {
      out.push({ why: 'impossible date', value: '2025-02-30' }, { why: 'impossible month', value: '2025-13-01' }, { why: 'not ISO', value: '31/12/2025' });
    }
    if (!s.pattern && !s.enum && DATETIME_NAME.test(name)) out.push({ why: 'impossible date-time', value: '2025-02-30T10:00:00' }, { why: 'hour 25', value: '2025-01-01T25:00:00' });
  }
  if (t === 'boolean' && !text) out.push({ why: 'string for a boolean', value: 'true' }, { why: 'number for a boolean', value: 1 });
  if (t === 'array' && !text) {
    const item = s.items ?? {};
    out.push({ why: 'string for an array', value: 'x' }, { why: 'object for an array', value: { 0: 1 } });
    if (s.maxItems !== undefined) out.push({ why: 'one over maxItems', value: Array.from({ length: s.maxItems + 1 }, () => sampleOne(arb(item, name), 1)) });
    if ((s.minItems ?? 0) >= 1) out.push({ why: 'under minItems', value: [] });
    for (const b of badValues(item, name, 'body').slice(0, 3)) out.push({ why: `item: ${b.why}`, value: [b.value] });
  }
  if (t === 'object' && !text) {
    out.push({ why: 'string for an object', value: 'x' }, { why: 'array for an object', value: [] }, { why: 'number for an object', value: 42 });
    const props = s.properties ?? {};
    const base = sampleOne(arb({ ...s, nullable: false }, name), 7) as Record<string, unknown>;
    for (const k of s.required ?? []) {
      const { [k]: _gone, ...rest } = base;
      out.push({ why: `missing ${k}`, value: rest });
    }
    if (s.additionalProperties === false) out.push({ why: 'unknown field', value: { ...base, __nonesiste: 1 } });
    for (const [k, ps] of Object.entries(props)) {
      for (const b of badValues(ps, k, 'body')) out.push({ why: `${k}: ${b.why}`, value: { ...base, [k]: b.value } });
    }
  }
  if (!text && !s.nullable && t !== 'integer' && t !== 'number') out.push({ why: 'null', value: null });
  return out;
}

function sampleOne<T>(a: fc.Arbitrary<T>, seed: number): T {
  return fc.sample(a, { seed, numRuns: 1 })[0];
}

function hash(s: string) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ---------------------------------------------------------------- requests

type Parts = { path: Record<string, unknown>; query: Record<string, unknown>; body?: unknown; hasBody: boolean; override?: string };

function partsArb(op: ApiOperation): fc.Arbitrary<Parts> {
  const byIn = (w: string) => op.params.filter((p) => p.in === w);
  const path = fc.record(Object.fromEntries(byIn('path').map((p) => [p.name, arb(p.schema, p.name)])));
  const query = byIn('query').length
    ? fc.record(Object.fromEntries(byIn('query').map((p) => [p.name, arb(p.schema, p.name)])), { requiredKeys: byIn('query').filter((p) => p.required).map((p) => p.name) })
    : fc.constant({});
  const body = op.body ? fc.option(arb(op.body), { nil: undefined, freq: op.body.nullable ? 4 : 30 }) : fc.constant(undefined);
  const override = op.method === 'GET' ? fc.option(fc.constantFrom('model', 'lookup', 'profiles', 'DELETE', 'x'.repeat(300)), { nil: undefined, freq: 3 }) : fc.constant(undefined);
  // now and then a query key nobody declared, prototype names included
  const extra = fc.option(fc.constantFrom('__proto__', 'constructor', 'toString', 'nonesiste', 'page[]'), { nil: undefined, freq: 4 });
  return fc.record({ path, query, body, override, extra }).map(({ extra: k, ...x }) => ({
    ...x, query: k ? { ...x.query, [k]: '1' } : x.query, hasBody: !!op.body && x.body !== undefined,
  }));
}

/** Percent-encodes anything, lone surrogates included (they become U+FFFD, as any UTF-8 client would send them). */
const enc = (v: unknown) => encodeURIComponent(Buffer.from(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v), 'utf8').toString('utf8'));

function toReq(op: ApiOperation, p: Parts, label: string, auth?: { authorization: string }): Req {
  const url = op.path.replace(/\{(\w+)\}/g, (_, n: string) => enc(p.path[n]));
  const qs = Object.entries(p.query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  const headers: Record<string, string> = { ...(auth ?? {}) };
  if (p.override) headers['x-http-method-override'] = p.override;
  let payload: string | undefined;
  if (p.hasBody) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(p.body);
  }
  return { method: op.method, url: qs ? `${url}?${qs}` : url, headers, payload, label };
}

function refusedReqs(op: ApiOperation, base: Parts, auth: { authorization: string }): Req[] {
  const out: Req[] = [];
  for (const prm of op.params) {
    if (prm.in === 'header') continue;
    const slot = prm.in === 'path' ? 'path' : 'query';
    for (const b of badValues(prm.schema, prm.name, slot)) {
      out.push(toReq(op, { ...base, [slot]: { ...base[slot], [prm.name]: b.value } }, `${slot} ${prm.name}: ${b.why}`, auth));
    }
    if (slot === 'query' && prm.required) {
      const { [prm.name]: _gone, ...rest } = base.query;
      out.push(toReq(op, { ...base, query: rest }, `query ${prm.name}: missing`, auth));
    }
  }
  if (op.body) {
    for (const b of badValues(op.body, '', 'body')) out.push(toReq(op, { ...base, body: b.value, hasBody: true }, `body ${b.why}`, auth));
    if (!op.body.nullable) out.push(toReq(op, { ...base, body: undefined, hasBody: false }, 'no body', auth));
  }
  return out;
}

const MB2 = JSON.stringify({ x: 'x'.repeat(2 * 1024 * 1024) });
const DEEP = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

function rawReqs(op: ApiOperation, base: Parts, auth: { authorization: string }, rnd: number): Req[] {
  const ok = toReq(op, { ...base, hasBody: false }, '', auth);
  const json = JSON.stringify(base.body ?? {});
  const raw = (label: string, payload: string | Buffer, type: string | null = 'application/json'): Req => ({
    ...ok, label, payload, headers: { ...ok.headers, ...(type ? { 'content-type': type } : {}) },
  });
  const out = [
    raw('text/plain', json, 'text/plain'),
    raw('application/xml', '<a>1</a>', 'application/xml'),
    raw('form-urlencoded', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    raw('multipart', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', 'multipart/form-data; boundary=x'),
    raw('no content type', json, null),
    raw('empty JSON', ''),
    raw('truncated JSON', json.length > 1 ? json.slice(0, 1 + (rnd % (json.length - 1))) : '{'),
    raw('trailing garbage', `${json}}`),
    raw('NaN literal', '{"a": NaN}'),
    raw('__proto__', '{"__proto__": {"admin": true}}'),
    raw('nested __proto__', '{"a": {"b": {"__proto__": {"admin": true}}}}'),
    raw('constructor.prototype', '{"constructor": {"prototype": {"admin": true}}}'),
    raw('2 MB', MB2),
    raw('deep nesting', DEEP),
    raw('invalid UTF-8', Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x3a, 0x31, 0x7d])),
  ];
  return out.map((r) => ({ ...r, label: `raw ${r.label}` }));
}

// ---------------------------------------------------------------- the run

describe.skipIf(skipReason())('fuzz: bad input everywhere', () => {
  let t: TestApp;
  let admin: Session;
  let ops: ApiOperation[];
  let fp: () => Promise<Record<string, string>>;
  const protect: { utenti: number; profili: number } = { utenti: 0, profili: 0 };
  const failures: Failure[] = [];

  beforeAll(async () => {
    t = await makeTestApp();
    admin = await login(t.app, 'admin');
    ops = (await apiOperations(t.app)).sort((a, b) => (a.path + a.method).localeCompare(b.path + b.method));
    fp = await changeCounter(t.handle);
    const me = (await t.app.inject({ url: '/api/user/profile', headers: admin.auth })).json();
    protect.utenti = me.utente.id;
    protect.profili = me.profilo.id;
    console.log(`fuzz: seed ${SEED}, runs ${RUNS}, ${ops.length} operations (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`);
  });
  afterAll(async () => t?.close());

  const send = (r: Req) =>
    t.app.inject({ method: r.method as InjectOptions['method'], url: r.url, headers: r.headers, payload: r.payload, remoteAddress: FUZZ_IP });

  /** The rules every answer obeys; `refuse` adds "must be a 4xx". */
  function check(r: Req, res: LightMyRequestResponse, refuse: boolean) {
    const fail = (why: string) => failures.push({ req: r, status: res.statusCode, body: res.body.slice(0, 300), why });
    if (res.statusCode >= 500) return fail('5xx');
    if (refuse && res.statusCode < 400) return fail('accepted input that breaks its schema');
    if (res.statusCode >= 400) {
      let message: unknown;
      try {
        message = res.json().message;
      } catch {
        return fail('4xx without a JSON body');
      }
      if (typeof message !== 'string') return fail('4xx without a string message');
      if (/at .*\.[jt]s:\d+|select |insert into|syntax error|node_modules/i.test(res.body)) fail('4xx leaks internals');
    }
  }

  let checkedAnswers = 0;
  /** A 2xx body is what the contract's response schema of its operation says (issue #13). */
  function checkAnswer(op: ApiOperation, r: Req, res: LightMyRequestResponse) {
    if (res.statusCode < 200 || res.statusCode >= 300) return;
    const schema = OPERATIONS.get(`${op.method} ${op.url}`)?.responses[res.statusCode as 200 | 201];
    if (!schema) return;
    checkedAnswers++;
    const parsed = schema.safeParse(res.json());
    if (!parsed.success) failures.push({ req: r, status: res.statusCode, body: `${res.body.slice(0, 200)} | ${parsed.error.message.slice(0, 300)}`, why: 'answer breaks its response schema' });
  }

  const describeFailures = () =>
    failures
      .slice(0, 60)
      .map((f) => `${f.why}: ${f.req.method} ${f.req.url.slice(0, 160)} [${f.req.label}] ${f.req.payload ? `body ${String(f.req.payload).slice(0, 160)} ` : ''}-> ${f.status} ${f.body}`)
      .join('\n');

  const timeout = 120_000 + RUNS * 60_000;

  it('refuses input against the schema and raw garbage with a 4xx and a message, changing nothing', { timeout }, async () => {
    const before = await fp();
    const started = performance.now();
    let sent = 0;
    for (const op of ops) {
      const seed = (SEED ^ hash(`${op.method} ${op.path}`)) >>> 0;
      const bases = fc.sample(partsArb(op), { seed, numRuns: RUNS });
      for (const [i, base] of bases.entries()) {
        const all = refusedReqs(op, base, admin.auth);
        // a random share of the mutations per run: the long run goes through all of them many times
        const n = Math.min(PER_RUN, all.length);
        const pick = fc.sample(fc.shuffledSubarray(all, { minLength: n, maxLength: n }), { seed: seed + i, numRuns: 1 })[0];
        const reqs = [...pick];
        if (op.body && i === 0) reqs.push(...rawReqs(op, base, admin.auth, seed));
        if (i === 0) reqs.push({ ...toReq(op, base, 'unknown method', admin.auth), method: 'PATCH' });
        for (const r of reqs) {
          const res = await send(r);
          check(r, res, true);
          sent++;
          // an accepted call is already a failure; if it was a logout, the rest of the run still needs a session
          if (res.statusCode < 400) admin = await login(t.app, 'admin');
        }
      }
    }
    console.log(`fuzz: ${sent} refused calls in ${Math.round(performance.now() - started)} ms`);
    const diff = changedTables(before, await fp());
    if (diff.length) failures.push({ req: { method: '-', url: '-', headers: {}, label: 'refused phase' }, status: 0, body: diff.join(', '), why: 'refused calls changed tables' });
    expect(sent).toBeGreaterThan(ops.length * 5);
    expect(failures, describeFailures()).toEqual([]);
  });

  it('answers input from the schema without a 5xx; a refused call or a read changes nothing', { timeout }, async () => {
    failures.length = 0;
    const started = performance.now();
    let sent = 0;
    let accepted = 0;
    for (const op of ops) {
      const seed = (SEED ^ hash(`valid ${op.method} ${op.path}`)) >>> 0;
      const samples = fc.sample(partsArb(op), { seed, numRuns: RUNS });
      for (const [i, p] of samples.entries()) {
        // the admin's own user and profile stay as they are: the run needs the session
        if (/^\/api\/(utenti|profili)\b/.test(op.path) && op.method !== 'GET') {
          const key = op.path.startsWith('/api/utenti') ? 'utenti' : 'profili';
          if (Number(p.path.id) === protect[key]) p.path.id = protect[key] + 100_000;
          if (p.body && typeof p.body === 'object' && Number((p.body as { id?: unknown }).id) === protect[key]) (p.body as { id: number }).id = protect[key] + 100_000;
        }
        const reqs = [toReq(op, p, `from schema #${i}`, admin.auth)];
        if (i === 0) reqs.push(toReq(op, p, 'no token'));
        for (const r of reqs) {
          const noToken = !r.headers.authorization;
          const before = await fp();
          const res = await send(r);
          sent++;
          check(r, res, false);
          checkAnswer(op, r, res);
          const isPublic = 'public' in op.access;
          if (noToken && !isPublic && res.statusCode !== 401) {
            failures.push({ req: r, status: res.statusCode, body: res.body.slice(0, 300), why: 'no token but not 401' });
          }
          const refused = res.statusCode >= 400;
          const read = op.method === 'GET' && !('token' in op.access);
          if (refused || read) {
            const diff = changedTables(before, await fp());
            if (diff.length) failures.push({ req: r, status: res.statusCode, body: `${res.body.slice(0, 200)} | changed: ${diff.join(', ')}`, why: refused ? 'refused call changed data' : 'read changed data' });
          } else {
            accepted++;
            // a second factor made mandatory would stop the run's own logins (the harness signs in with a password alone)
            if (op.method === 'PUT' && op.path === '/api/auth/mfa/parametri') {
              await t.app.inject({ method: 'PUT', url: op.path, headers: admin.auth, payload: { mfa_obbligatoria: false } });
            }
            // an accepted call may have ended the admin session (logout): log in again and say so if it was not meant to
            const probe = await t.app.inject({ url: '/api/auth/userdefs', headers: admin.auth });
            if (probe.statusCode !== 200) {
              if (!op.path.startsWith('/api/auth/')) failures.push({ req: r, status: res.statusCode, body: res.body.slice(0, 200), why: `ended the admin session (${probe.statusCode})` });
              admin = await login(t.app, 'admin');
            }
          }
        }
      }
    }
    console.log(`fuzz: ${sent} calls from the schema, ${accepted} accepted, ${checkedAnswers} 2xx bodies checked against their response schema, in ${Math.round(performance.now() - started)} ms`);
    expect(failures, describeFailures()).toEqual([]);
  });

  it('refuses hostile files at every operation that takes one, and survives them stored before the checks (issue #27 §2)', { timeout }, async () => {
    failures.length = 0;
    const WORD_DOC = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const bomb = docxBomb(120);
    const hostile: { nome: string; tipo: string; bytes: Buffer }[] = [
      { nome: 'firma.png', tipo: 'image/png', bytes: pngBomb() },
      { nome: 'firma.png', tipo: 'image/png', bytes: pngGarbage() },
      { nome: 'modello.docx', tipo: WORD_DOC, bytes: bomb },
      { nome: 'modello.docx', tipo: WORD_DOC, bytes: docxBombLying(bomb) },
    ];
    const multipartOps = ops.filter((op) => (OPERATIONS.get(`${op.method} ${op.url}`) as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data'));
    expect(multipartOps.map((op) => op.path)).toContain('/api/file');
    let sent = 0;
    const before = await fp();
    for (const op of multipartOps) {
      const url = op.path;
      const bodies = [
        ...hostile.map((h) => {
          const b = `----fuzz${sent}`;
          const head = `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${h.nome}"\r\nContent-Type: ${h.tipo}\r\n\r\n`;
          return { label: `hostile ${h.nome} (${h.bytes.length} B)`, contentType: `multipart/form-data; boundary=${b}`, payload: Buffer.concat([Buffer.from(head), h.bytes, Buffer.from(`\r\n--${b}--\r\n`)]) };
        }),
        ...malformedMultipart(),
      ];
      for (const m of bodies) {
        const r: Req = { method: op.method, url, headers: { ...admin.auth, 'content-type': m.contentType }, payload: m.payload, label: m.label };
        check(r, await send(r), true);
        sent++;
      }
    }
    const diff = changedTables(before, await fp());
    if (diff.length) failures.push({ req: { method: '-', url: '-', headers: {}, label: 'hostile uploads' }, status: 0, body: diff.join(', '), why: 'refused uploads changed tables' });

    // the same files as the store held them before uploads were checked, named by every field that takes a file's id
    const me = (await t.app.inject({ url: '/api/user/profile', headers: admin.auth })).json();
    const ids: string[] = [];
    for (const h of hostile) {
      const sha256 = createHash('sha256').update(h.bytes).digest('hex');
      await t.handle.db.insert(fileBlocchi).values({ sha256, n: 0, dati: h.bytes }).onConflictDoNothing();
      await t.handle.db.insert(fileContenuti).values({ sha256, dimensione: h.bytes.length }).onConflictDoNothing();
      const [row] = await t.handle.db.insert(file).values({ sha256, nome: h.nome, tipo: h.tipo, dimensione: h.bytes.length, caricato_da: me.utente.id }).returning();
      ids.push(row.id);
    }
    const FILE_FIELD = /(^|_)file_id$|^firma(_incaricato)?$/;
    let fileOps = 0;
    for (const op of ops) {
      const fields = Object.keys(op.body?.properties ?? {}).filter((k) => FILE_FIELD.test(k));
      if (!fields.length) continue;
      fileOps++;
      const seed = (SEED ^ hash(`files ${op.method} ${op.path}`)) >>> 0;
      const base = fc.sample(partsArb(op), { seed, numRuns: 1 })[0];
      const body = base.body && typeof base.body === 'object' && !Array.isArray(base.body) ? (base.body as Record<string, unknown>) : {};
      for (const id of ids) {
        const r = toReq(op, { ...base, body: { ...body, ...Object.fromEntries(fields.map((f) => [f, id])) }, hasBody: true }, `stored hostile file ${id} in ${fields.join(', ')}`, admin.auth);
        const res = await send(r);
        sent++;
        check(r, res, false);
        if (res.statusCode < 400 && (await t.app.inject({ url: '/api/auth/userdefs', headers: admin.auth })).statusCode !== 200) admin = await login(t.app, 'admin');
      }
    }
    console.log(`fuzz: ${sent} calls with hostile files, ${multipartOps.length} upload operations, ${fileOps} operations naming a file`);
    expect(fileOps).toBeGreaterThan(3);
    expect(failures, describeFailures()).toEqual([]);
  });

  it('takes the names of inherited properties in every string field and parameter as plain data (issue #11)', { timeout }, async () => {
    failures.length = 0;
    const proto = () => Object.getOwnPropertyNames(Object.prototype).sort().join();
    const clean = proto();
    let sent = 0;
    for (const op of ops) {
      const seed = (SEED ^ hash(`proto ${op.method} ${op.path}`)) >>> 0;
      const base = fc.sample(partsArb(op), { seed, numRuns: 1 })[0];
      const reqs: Req[] = [];
      for (const key of PROTOTYPE_NAMES) {
        for (const prm of op.params) {
          if (prm.in === 'header' || (prm.schema.type ?? 'string') !== 'string') continue;
          const slot = prm.in === 'path' ? 'path' : 'query';
          reqs.push(toReq(op, { ...base, [slot]: { ...base[slot], [prm.name]: key } }, `${slot} ${prm.name} = ${key}`, admin.auth));
        }
        const props = op.body?.properties ?? {};
        const body = base.body && typeof base.body === 'object' && !Array.isArray(base.body) ? (base.body as Record<string, unknown>) : {};
        for (const [name, ps] of Object.entries(props)) {
          if ((ps.type ?? (ps.anyOf ? 'string' : '')) !== 'string') continue;
          reqs.push(toReq(op, { ...base, body: { ...body, [name]: key }, hasBody: true }, `body ${name} = ${key}`, admin.auth));
        }
      }
      for (const r of reqs) {
        const res = await send(r);
        sent++;
        check(r, res, false);
        if (proto() !== clean) failures.push({ req: r, status: res.statusCode, body: proto(), why: 'polluted Object.prototype' });
        if (res.statusCode < 400 && (await t.app.inject({ url: '/api/auth/userdefs', headers: admin.auth })).statusCode !== 200) admin = await login(t.app, 'admin');
      }
    }
    // a polluted process would let the lookup override through to anything, and refuse every body
    const mario = await login(t.app, 'mario.rossi');
    expect((await t.app.inject({ url: '/api/audit', headers: { ...mario.auth, 'x-http-method-override': 'lookup' } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/lang/traduzioni/it' })).statusCode).toBe(200);
    console.log(`fuzz: ${sent} calls with inherited property names`);
    expect(sent).toBeGreaterThan(ops.length);
    expect(failures, describeFailures()).toEqual([]);
  });
});
