/**
 * The audit log shows each entry's entity and action by name, in Italian and English (issue #12): every code the
 * server writes has its `audit.entita_*` and `audit.azione_*` text. The codes are read from the server's sources: the
 * literal `entita:` / `azione:` of each audit call, the contract's resources' names (their writes are audited),
 * the actions passed to the visit authorisations' state changes and invitations, and the few built at run time.
 */
import { describe, expect, it } from 'vitest';
import { messagesEn, messagesIt, RESOURCES } from '@tulip/contract';
import { readSource, sourceFiles } from './support/sources';

const server = sourceFiles('apps/server/src').filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map(readSource).join('\n');
const all = (re: RegExp) => [...server.matchAll(re)].map((m) => m[1]);

describe('audit codes have names', () => {
  const entita = new Set([
    ...all(/\bentita: '([a-z_]+)'/g),
    // the resources of the generic layer, as the contract declares them (their create/update/delete are audited)
    ...RESOURCES.map((r) => r.name),
  ]);
  const azioni = new Set([
    ...all(/\bazione: '([a-z_]+)'/g),
    ...['create', 'update', 'delete'],
    // setState(..., 'approva') and sendInvite(..., 'invio' | 'reinvia')
    ...all(/=> [^;]*?, '([a-z_]+)'\);/g).filter((a) => /^(approva|rifiuta|revoca)$/.test(a)),
    ...all(/azione: '(invio)' \| '(?:reinvia)'/g), 'reinvia',
    // the leave decisions write their new state; the payroll export its format
    'approvato', 'rifiutato', 'export_csv', 'export_xml',
  ]);

  it('the scan finds the codes', () => {
    expect(entita.size).toBeGreaterThan(20);
    expect([...entita]).toEqual(expect.arrayContaining(['dipendenti', 'visite', 'timbrature', 'centri_costo']));
    expect([...azioni]).toEqual(expect.arrayContaining(['uscita', 'conservazione', 'approva', 'revoca', 'invio']));
  });

  it('each has an Italian and an English name', () => {
    const missing: string[] = [];
    for (const [lang, m] of [['it', messagesIt], ['en', messagesEn]] as const) {
      for (const e of entita) if (!m.audit?.[`entita_${e}`]) missing.push(`${lang} audit.entita_${e}`);
      for (const a of azioni) if (!m.audit?.[`azione_${a}`]) missing.push(`${lang} audit.azione_${a}`);
    }
    expect(missing).toEqual([]);
  });
});
