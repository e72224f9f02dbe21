import { describe, expect, it } from 'vitest';
import { canGrant, type Grantable } from './grants';

const admin: Grantable = { codice: 'AMMINISTRATORE', scope: 'tutti', routes: ['a', 'b', 'audit', 'anagrafica.utenti'] };
const hr: Grantable = { codice: 'UFFICIO_PERSONALE', scope: 'tutti', routes: ['a', 'b', 'anagrafica.utenti'] };
const manager: Grantable = { codice: 'RESPONSABILE', scope: 'reparto', routes: ['a'] };
const employee: Grantable = { codice: 'DIPENDENTE', scope: 'proprio', routes: ['a'] };

describe('canGrant: nobody hands out more than they hold', () => {
  it.each([
    ['HR gives a new hire the employee profile', hr, employee, true],
    ['HR gives a manager profile (narrower scope, fewer routes)', hr, manager, true],
    ['HR gives its own profile (same routes, same scope)', hr, hr, true],
    ['HR may not give the administrator profile', hr, admin, false],
    ['a manager may not give a profile with a wider scope', manager, { ...employee, scope: 'tutti' as const }, false],
    ['a manager may not give a route it does not hold', manager, { ...employee, routes: ['a', 'b'] }, false],
    ['an employee may not give the manager profile', employee, manager, false],
    ['a copy of the administrator profile under another code is judged by its routes', hr, { ...admin, codice: 'ALTRO' }, false],
    ['the administrator gives the administrator profile', admin, admin, true],
    ['no active profile gives nothing', null, employee, false],
  ])('%s', (_why, actor, profile, expected) => {
    expect(canGrant(actor, profile)).toBe(expected);
  });
});
