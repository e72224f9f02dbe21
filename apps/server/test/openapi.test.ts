/**
 * The API document an integrator generates a client from (issue #13): /api/openapi.json passes the recommended rules
 * of an independent linter (Redocly's, the rules of `redocly lint`) with no error. Warnings are allowed: the two
 * "ambiguous paths" it warns about are part of the published API (/api/visite/{id}/uscita next to
 * /api/visite/motivi/{id} and /api/visite/codice/{codice}), and a static segment always wins over a parameter.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '@tulip/contract';
import { makeTestApp, skipReason, type TestApp } from './harness';

describe.skipIf(skipReason())('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  it('has no error under the linter’s recommended rules, and every operation an id, an Italian summary and its 4xx', async () => {
    const r = await t.app.inject({ url: '/api/openapi.json' });
    expect(r.statusCode).toBe(200);
    const problems = await lintFromString({
      source: r.body,
      absoluteRef: '/api/openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} ${p.location?.[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
    const doc = r.json() as { paths: Record<string, Record<string, { operationId?: string; summary?: string; responses: Record<string, unknown> }>> };
    const ops = Object.entries(doc.paths).flatMap(([path, m]) => Object.entries(m).map(([method, op]) => ({ path, method, op })));
    expect(ops.length).toBeGreaterThan(150);
    expect(ops.filter(({ op }) => !op.operationId || !op.summary || !Object.keys(op.responses).some((c) => c.startsWith('4')))).toEqual([]);
    expect(new Set(ops.map(({ op }) => op.operationId)).size).toBe(ops.length);
  });

  it('serves exactly the operations of the contract, each with its declared access and its answers documented (issue #13)', async () => {
    const served = t.app.routeTable.filter((r) => r.url !== '/api/openapi.json').map((r) => `${r.method} ${r.url}`);
    // the contract owns the wire: nothing is served that it does not declare, and it declares nothing that is not served
    expect(served.filter((k) => !OPERATIONS.has(k))).toEqual([]);
    expect([...OPERATIONS.keys()].filter((k) => !served.includes(k))).toEqual([]);
    for (const r of t.app.routeTable) {
      const op = OPERATIONS.get(`${r.method} ${r.url}`);
      if (op) expect(r.access, `${r.method} ${r.url}`).toEqual(op.access);
    }
    // every JSON answer of the document has its schema, for a generated client to read
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
    };
    const missing = Object.entries(doc.paths).flatMap(([path, m]) =>
      Object.entries(m).flatMap(([method, op]) => {
        const declared = OPERATIONS.get(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)!;
        return (['200', '201'] as const).filter((c) => declared.responses[c] && !op.responses[c]?.content?.['application/json']?.schema).map((c) => `${method} ${path} ${c}`);
      }),
    );
    expect(missing).toEqual([]);
  });
});
