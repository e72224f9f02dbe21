/**
 * The API document an integrator generates a client from (issue #13): /api/openapi.json passes the recommended rules
 * of an independent linter (Redocly's, the rules of `redocly lint`) with no error. Warnings are allowed: the two
 * "ambiguous paths" it warns about are part of the published API (/api/visite/{id}/uscita next to
 * /api/visite/motivi/{id} and /api/visite/codice/{codice}), and a static segment always wins over a parameter.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
