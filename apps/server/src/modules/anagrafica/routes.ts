/** Master data on the resource layer: cost centres, job roles, document types, departments, employees, profiles, users. */
import type { FastifyInstance } from 'fastify';
import { aliasedTable, eq, inArray, sql } from 'drizzle-orm';
import {
  OPS_ANAGRAFICA, RES_CDC, RES_DIPENDENTI, RES_MANSIONI, RES_PROFILI, RES_REPARTI, RES_TIPI_DOCUMENTO, RES_UTENTI, RES_VOCI_MENU, ROUTES, ROUTE_NAMES, HEADER_BASE_URL,
  type TScope,
} from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { codeLabel, defineResource } from '../../platform/resource';
import { route } from '../../platform/operation';
import { hashSecret } from '../../platform/crypto';
import { AppError, badRequest } from '../../platform/errors';
import { currentUser, type CurrentUser } from '../../platform/guard';
import { tentativiLogin } from '../../platform/db/tables';
import { assertTargetAllowed, readCartelleVociMenu, saveCartelleVociMenu } from './vocimenu';
import { centriCosto, dipendenti, mansioni, profili, reparti, repartiResponsabili, tipiDocumento, utenti, utentiProfili, vociMenu } from './tables';
import { LOGIN_MAX_FAILURES_USER, LOGIN_WINDOW_MIN } from '../../platform/auth';
import { realWindowStart } from '../../platform/clock';
import { localNow } from '../../platform/dates';
import type { Db } from '../../platform/db';
import { ADMIN_PROFILE, canGrant } from './grants';
import { sendPasswordLink, unlockUser } from './service';
import { aziendaRoutes } from './azienda';
import { dipendentiScope } from './scope';
import { enqueueWebhooks, kickWebhooks } from '../../platform/webhooks';

/** What a webhook is told of an employee: ids and the essentials, no tax code, e-mail or badge. */
const employeeEvent = (d: Record<string, unknown>) => ({
  id: d.id, matricola: d.matricola, cognome: d.cognome, nome: d.nome, reparto_id: d.reparto_id, cdc_id: d.cdc_id, mansione_id: d.mansione_id,
  data_assunzione: d.data_assunzione, data_cessazione: d.data_cessazione,
});

export function anagraficaRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  aziendaRoutes(app, deps);

  const codeTable = (resource: typeof RES_CDC | typeof RES_MANSIONI, table: typeof centriCosto | typeof mansioni) =>
    defineResource(app, db, {
      resource, table, idColumn: table.id,
      columns: { id: table.id, codice: table.codice, descrizione: table.descrizione },
      search: [table.codice, table.descrizione], defaultSort: 'codice',
      lookup: { value: table.id, label: codeLabel(table.codice, table.descrizione) },
      model: () => ({ codice: '', descrizione: '' }),
    });

  codeTable(RES_CDC, centriCosto);
  codeTable(RES_MANSIONI, mansioni);

  defineResource(app, db, {
    resource: RES_TIPI_DOCUMENTO, table: tipiDocumento, idColumn: tipiDocumento.id,
    columns: { id: tipiDocumento.id, codice: tipiDocumento.codice, descrizione: tipiDocumento.descrizione, note: tipiDocumento.note },
    search: [tipiDocumento.codice, tipiDocumento.descrizione], defaultSort: 'codice',
    lookup: { value: tipiDocumento.id, label: codeLabel(tipiDocumento.codice, tipiDocumento.descrizione) },
    model: () => ({ codice: '', descrizione: '', note: null }),
  });

  const cdcR = aliasedTable(centriCosto, 'cdc_r');
  defineResource(app, db, {
    resource: RES_REPARTI, table: reparti, idColumn: reparti.id,
    columns: { id: reparti.id, codice: reparti.codice, descrizione: reparti.descrizione, cdc_id: reparti.cdc_id, cdc_descrizione: cdcR.descrizione },
    joins: (q) => q.leftJoin(cdcR, eq(cdcR.id, reparti.cdc_id)),
    search: [reparti.codice, reparti.descrizione], filters: { cdc_id: reparti.cdc_id }, defaultSort: 'codice',
    lookup: { value: reparti.id, label: codeLabel(reparti.codice, reparti.descrizione) },
    model: () => ({ codice: '', descrizione: '', cdc_id: null, responsabili: [] }),
    toValues: ({ responsabili: _r, ...rest }) => ({ ...rest, cdc_id: rest.cdc_id ?? null }),
    afterWrite: async (tx, id, input) => {
      await tx.delete(repartiResponsabili).where(eq(repartiResponsabili.reparto_id, id as number));
      const ids = [...new Set(input.responsabili)];
      if (ids.length) await tx.insert(repartiResponsabili).values(ids.map((d) => ({ reparto_id: id as number, dipendente_id: d })));
    },
    decorate: async (dbx, rows) => {
      const ids = rows.map((r) => r.id as number);
      const links = ids.length ? await dbx.select().from(repartiResponsabili).where(inArray(repartiResponsabili.reparto_id, ids)) : [];
      return rows.map((r) => ({ ...r, responsabili: links.filter((l) => l.reparto_id === r.id).map((l) => l.dipendente_id).sort((a, b) => a - b) }));
    },
  });

  const rep = aliasedTable(reparti, 'rep');
  const cdcD = aliasedTable(centriCosto, 'cdc_d');
  const man = aliasedTable(mansioni, 'man');
  defineResource(app, db, {
    resource: RES_DIPENDENTI, table: dipendenti, idColumn: dipendenti.id,
    columns: {
      id: dipendenti.id, matricola: dipendenti.matricola, cognome: dipendenti.cognome, nome: dipendenti.nome,
      codice_fiscale: dipendenti.codice_fiscale, email: dipendenti.email, reparto_id: dipendenti.reparto_id, cdc_id: dipendenti.cdc_id,
      mansione_id: dipendenti.mansione_id, data_assunzione: dipendenti.data_assunzione, data_cessazione: dipendenti.data_cessazione,
      badge: dipendenti.badge, pin_impostato: sql<boolean>`(${dipendenti.pin_hash} is not null)`.as('pin_impostato'),
      reparto_descrizione: rep.descrizione, cdc_descrizione: cdcD.descrizione, mansione_descrizione: man.descrizione,
    },
    joins: (q) => q.leftJoin(rep, eq(rep.id, dipendenti.reparto_id)).leftJoin(cdcD, eq(cdcD.id, dipendenti.cdc_id)).leftJoin(man, eq(man.id, dipendenti.mansione_id)),
    search: [dipendenti.matricola, dipendenti.cognome, dipendenti.nome, dipendenti.codice_fiscale, dipendenti.email],
    filters: { reparto_id: dipendenti.reparto_id, cdc_id: dipendenti.cdc_id, mansione_id: dipendenti.mansione_id },
    defaultSort: 'cognome,nome',
    lookup: { value: dipendenti.id, label: sql<string>`${dipendenti.cognome} || ' ' || ${dipendenti.nome} || ' (' || ${dipendenti.matricola} || ')'` },
    scope: dipendentiScope,
    model: () => ({
      matricola: '', cognome: '', nome: '', codice_fiscale: '', email: null, reparto_id: null, cdc_id: null, mansione_id: null,
      data_assunzione: localNow(config.timezone).data, data_cessazione: null, badge: null, pin: null,
    }),
    toValues: async ({ pin, ...rest }) => ({
      ...rest,
      email: rest.email ?? null, reparto_id: rest.reparto_id ?? null, cdc_id: rest.cdc_id ?? null, mansione_id: rest.mansione_id ?? null,
      data_cessazione: rest.data_cessazione ?? null, badge: rest.badge ?? null,
      // absent PIN keeps the stored one; null clears it
      ...(pin === undefined ? {} : { pin_hash: pin === null ? null : await hashSecret(pin) }),
    }),
    // the webhooks' outbox, in the write's transaction: a leaving date set is `cessato`, any other change `modificato`
    onSaved: async (tx, { prima, dopo }) => {
      const evento = !prima ? 'dipendente.creato' : !prima.data_cessazione && dopo.data_cessazione ? 'dipendente.cessato' : 'dipendente.modificato';
      await enqueueWebhooks(tx, evento, [employeeEvent(dopo)]);
    },
    afterCommit: () => kickWebhooks(),
  });

  defineResource(app, db, {
    resource: RES_PROFILI, table: profili, idColumn: profili.id,
    columns: { id: profili.id, codice: profili.codice, descrizione: profili.descrizione, scope: profili.scope, routes: profili.routes, pagina_iniziale: profili.pagina_iniziale },
    search: [profili.codice, profili.descrizione], defaultSort: 'codice',
    lookup: { value: profili.id, label: codeLabel(profili.codice, profili.descrizione) },
    model: () => ({ codice: '', descrizione: '', scope: 'proprio', routes: [], pagina_iniziale: null }),
    beforeWrite: async (_tx, input) => {
      if (input.routes.some((r) => !ROUTE_NAMES.includes(r))) throw badRequest({ routes: 'avvisi.valore_non_valido' });
      // a landing page the profile cannot open would send its users to the home page anyway
      if (input.pagina_iniziale && !input.routes.includes(input.pagina_iniziale)) throw badRequest({ pagina_iniziale: 'avvisi.pagina_non_concessa' });
    },
    toValues: (input) => ({ ...input, routes: [...new Set(input.routes)] }),
    beforeDelete: async (tx, row) => {
      const [used] = await tx.select({ id: utentiProfili.utente_id }).from(utentiProfili).where(eq(utentiProfili.profilo_id, row.id as number)).limit(1);
      if (used) throw new AppError(409, 'avvisi.profilo_in_uso');
    },
  });

  // the desktop's items that open a local program or document (issue #19), assigned to profiles
  defineResource(app, db, {
    resource: RES_VOCI_MENU, table: vociMenu, idColumn: vociMenu.id,
    columns: { id: vociMenu.id, etichetta: vociMenu.etichetta, destinazione: vociMenu.destinazione, argomenti: vociMenu.argomenti, profili: vociMenu.profili },
    search: [vociMenu.etichetta, vociMenu.destinazione], defaultSort: 'etichetta',
    lookup: { value: vociMenu.id, label: vociMenu.etichetta },
    model: () => ({ etichetta: '', destinazione: '', argomenti: [], profili: [] }),
    beforeWrite: async (tx, input) => {
      await assertTargetAllowed(tx, input.destinazione);
      const ids = [...new Set(input.profili)];
      const found = ids.length ? await tx.select({ id: profili.id }).from(profili).where(inArray(profili.id, ids)) : [];
      if (found.length !== ids.length) throw badRequest({ profili: 'avvisi.valore_non_valido' });
    },
    toValues: (input) => ({ ...input, profili: [...new Set(input.profili)].sort((a, b) => a - b) }),
  });

  const dipU = aliasedTable(dipendenti, 'dip_u');
  // locked for everyone: too many wrong passwords from any address (one address alone locks only itself)
  const bloccato = sql<boolean>`((select count(*) from ${tentativiLogin} where ${tentativiLogin.username} = ${utenti.username}
    and ${tentativiLogin.ts} > ${realWindowStart(LOGIN_WINDOW_MIN)}) >= ${LOGIN_MAX_FAILURES_USER})`;
  defineResource(app, db, {
    resource: RES_UTENTI, table: utenti, idColumn: utenti.id,
    columns: {
      id: utenti.id, username: utenti.username, email: utenti.email, dipendente_id: utenti.dipendente_id, attivo: utenti.attivo,
      lingua: utenti.lingua, profilo_attivo_id: utenti.profilo_attivo_id, bloccato: bloccato.as('bloccato'), solo_sso: utenti.solo_sso,
      dipendente_nome: sql<string | null>`${dipU.cognome} || ' ' || ${dipU.nome}`.as('dipendente_nome'),
    },
    joins: (q) => q.leftJoin(dipU, eq(dipU.id, utenti.dipendente_id)),
    search: [utenti.username, utenti.email], filters: { dipendente_id: utenti.dipendente_id }, defaultSort: 'username',
    lookup: { value: utenti.id, label: utenti.username },
    model: () => ({ username: '', email: null, dipendente_id: null, profili: [], attivo: true, lingua: null, solo_sso: false }),
    toValues: ({ profili: p, ...rest }) => ({
      ...rest, email: rest.email ?? null, dipendente_id: rest.dipendente_id ?? null, lingua: rest.lingua ?? null,
      profilo_attivo_id: p[0],
    }),
    afterWrite: async (tx, id, input) => {
      await tx.delete(utentiProfili).where(eq(utentiProfili.utente_id, id as number));
      await tx.insert(utentiProfili).values([...new Set(input.profili)].map((p) => ({ utente_id: id as number, profilo_id: p })));
    },
    decorate: async (dbx, rows) => {
      const ids = rows.map((r) => r.id as number);
      const links = ids.length ? await dbx.select().from(utentiProfili).where(inArray(utentiProfili.utente_id, ids)) : [];
      return rows.map((r) => ({ ...r, profili: links.filter((l) => l.utente_id === r.id).map((l) => l.profilo_id).sort((a, b) => a - b) }));
    },
    beforeWrite: async (tx, input, { user, existing }) => {
      // nobody hands out more than they hold (modules/anagrafica/grants.ts)
      if (!(await allGrantable(tx, user, input.profili))) throw new AppError(403, 'avvisi.profilo_non_concedibile');
      if (!existing) return;
      const held = existing.profili as number[];
      if (existing.id === user.id && !sameIds(held, input.profili)) throw new AppError(403, 'avvisi.profili_propri');
      if (!(await allGrantable(tx, user, held))) throw new AppError(403, 'avvisi.utente_non_modificabile');
      // who a user is and where their reset links go: an administrator's act (audited with the old values)
      const renamed = existing.username !== input.username || (existing.email ?? null) !== (input.email ?? null);
      if (renamed && user.profilo?.codice !== ADMIN_PROFILE) throw new AppError(403, 'avvisi.solo_amministratore');
    },
    beforeDelete: async (tx, row, user) => {
      if (row.id === user.id) throw new AppError(409, 'avvisi.non_eliminabile_se_stesso');
      if (!(await allGrantable(tx, user, row.profili as number[]))) throw new AppError(403, 'avvisi.utente_non_modificabile');
    },
  });

  /** Whether the user, with its active profile, may grant every one of these profiles (unknown ids: a bad request). */
  async function allGrantable(tx: Db, user: CurrentUser, ids: number[]): Promise<boolean> {
    const unique = [...new Set(ids)];
    if (!unique.length) return true;
    const rows = await tx.select({ codice: profili.codice, scope: profili.scope, routes: profili.routes }).from(profili).where(inArray(profili.id, unique));
    if (rows.length !== unique.length) throw badRequest({ profili: 'avvisi.valore_non_valido' });
    return rows.every((p) => canGrant(user.profilo, { ...p, scope: p.scope as TScope }));
  }
  const sameIds = (a: number[], b: number[]) => {
    const [x, y] = [new Set(a), new Set(b)];
    return x.size === y.size && [...x].every((v) => y.has(v));
  };

  route(app, OPS_ANAGRAFICA.catalogoRoutes, async () => ROUTES);
  route(app, OPS_ANAGRAFICA.cartelleVociMenu, async () => readCartelleVociMenu(db));
  route(app, OPS_ANAGRAFICA.salvaCartelleVociMenu, async (req) => saveCartelleVociMenu(db, currentUser(req), req.body));
  route(app, OPS_ANAGRAFICA.sblocca, async (req) => {
    await unlockUser(db, currentUser(req), req.params.id);
    return { message: 'avvisi.utente_sbloccato' };
  });
  route(app, OPS_ANAGRAFICA.resetLink, async (req) => {
    await sendPasswordLink(deps, currentUser(req), req.params.id, req.headers[HEADER_BASE_URL]);
    return { message: 'avvisi.link_reset_inviato' };
  });
}

