/**
 * Base data (always): languages, every UI text in Italian and English, the five default profiles.
 * Demo data (TULIP_DEMO, empty database only): Officine Rossi S.r.l. and the demo accounts.
 */
import { createHash } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { impostazioni } from '../platform/db/tables';
import { readMark, writeMark } from '../platform/settings';
import { messagesEn, messagesIt, ROUTE_NAMES, type TScope } from '@tulip/contract';
import type { Db } from '../platform/db';
import type { GrantStep } from '../platform/module';
import { MODULES } from '../modules';
import { hashSecret } from '../platform/crypto';
import { lingue, traduzioni } from '../modules/lingue';
import { upsertMessages } from '../modules/lingue';
import { rowsOf } from '../platform/db';
import {
  centriCosto, dipendenti, mansioni, profili, reparti, repartiResponsabili, sedi, tipiDocumento, utenti, utentiProfili,
} from '../modules/anagrafica';
import { AZIENDA, CENTRI_COSTO, DATI_AZIENDA, SEDI, DEMO_MATRICOLE, demoDate, DIPENDENTI, MANSIONI, REPARTI, TIPI_DOCUMENTO } from './demo-data';
import { localNow } from '../platform/dates';

/**
 * Default-deny (issue #27 §6): a profile holds a route only where it is written here or in a module's grant step, so a
 * new screen reaches no one but the administrator until someone names who gets it, and the snapshot test
 * (apps/server/test/grants.test.ts) shows the grant as a diff. The system screens (languages, translations,
 * profiles, audit, terminals, desktop menu items that launch programs on PCs) are the administrator's alone.
 */
const UFFICIO_PERSONALE_ROUTES = [
  'turni.definizione', 'turni.calendario', 'turni.orari', 'turni.festivita',
  'giustificativi.calendario', 'giustificativi.causali',
  'timbrature.calendario', 'cartellino', 'presentiassenti', 'presentireparto', 'totaliz', 'lul', 'assenti.all', 'assenti.cdc',
  'visite.registro', 'visite.autorizzazioni', 'visite.motivovisita', 'visite.referentevisita', 'visite.tipovisitatore',
  'visite.linkvisitatore', 'visite.parametri',
  'dotazioni.anagrafica', 'dotazioni.tipologie', 'dotazioni.consegne', 'dotazioni.mansione',
  'contratti.stipulazione', 'contratti.fascicolo', 'contratti.retribuzione',
  'rilevazione.commessa1', 'rilevazione.commessa2', 'rilevazione.rilevaTempoFase', 'rilevazione.iniziaFase',
  'rilevazione.iniziaFaseChiudiPrec', 'rilevazione.chiudiFase', 'rilevazione.rapportino', 'rilevazione.parametri', 'rilevazione.tipo',
  'commesse.anagrafica', 'commesse.visibilita', 'commesse.associa', 'commesse.pianificazione', 'commesse.report', 'commesse.clienti',
  'notaspese', 'notaspesaadmin', 'speseadmin', 'tipipagamento', 'tipispesa', 'veicoli', 'valute',
  'anagrafica.dipendenti', 'anagrafica.reparti', 'anagrafica.cdc', 'tipodocumento', 'azienda', 'anagrafica.utenti',
];

export const DEFAULT_PROFILES: { codice: string; descrizione: string; scope: TScope; routes: string[]; pagina_iniziale?: string }[] = [
  { codice: 'AMMINISTRATORE', descrizione: 'Amministratore di sistema', scope: 'tutti', routes: ROUTE_NAMES },
  {
    codice: 'UFFICIO_PERSONALE', descrizione: 'Ufficio personale', scope: 'tutti',
    routes: UFFICIO_PERSONALE_ROUTES,
  },
  // the routes of the screens built so far come from the modules' grant steps (their manifests); these are the SPEC's
  // screens still to be built, which the profiles have had from the start
  {
    codice: 'RESPONSABILE', descrizione: 'Responsabile di reparto', scope: 'reparto',
    routes: ['rilevazione.commessa1', 'rilevazione.commessa2', 'rilevazione.rapportino', 'commesse.pianificazione', 'notaspese'],
  },
  {
    codice: 'DIPENDENTE', descrizione: 'Dipendente', scope: 'proprio',
    routes: [
      'rilevazione.commessa1', 'rilevazione.rilevaTempoFase', 'rilevazione.iniziaFase', 'rilevazione.iniziaFaseChiudiPrec',
      'rilevazione.chiudiFase', 'rilevazione.rapportino', 'notaspese',
    ],
    // each profile lands where it works (issue #12): an employee on the clock-in, reception on the register
    pagina_iniziale: 'timbrature.calendario',
  },
  { codice: 'PORTINERIA', descrizione: 'Portineria', scope: 'tutti', routes: [], pagina_iniziale: 'visite.registro' },
];

/** Idempotent: runs at every start so new UI keys of an upgrade appear; texts changed by an administrator stay. */
export async function seedBase(db: Db) {
  await db
    .insert(lingue)
    .values([
      { cod_lingua: 'it', descrizione: 'Italiano', se_default: 'Y', se_attiva: 'Y' },
      { cod_lingua: 'en', descrizione: 'English', se_default: 'N', se_attiva: 'Y' },
    ])
    .onConflictDoNothing();
  await seedMessages(db);
  const [{ n: existing }] = await db.select({ n: count() }).from(profili);
  await db.insert(profili).values(DEFAULT_PROFILES).onConflictDoNothing();
  await grantNewRoutes(db);
  await applyGrantSteps(db, MODULES.flatMap((m) => m.grants ?? []), Number(existing) > 0);
}

const MESSAGES_KEY = 'testi_base';

/**
 * Every UI text this version ships, in Italian and English: the keys a database lacks are added (texts an
 * administrator changed stay). Skipped while neither the shipped texts nor the set of keys in the database changed
 * since the last run (a deleted text, a language renamed or removed changes the set): it would add nothing, and the
 * thousands of keys cost a tenth of a second at every start (issue #30).
 */
async function seedMessages(db: Db) {
  const maps = [['it', messagesIt], ['en', messagesEn]] as const;
  const shipped = createHash('sha256').update(JSON.stringify(maps)).digest('base64url');
  const state = async () => {
    const [keys] = await rowsOf<{ n: number; h: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(hashtext(cod_lingua || '|' || translate_group || '|' || translate_tag)::bigint), 0)::text as h from ${traduzioni}`,
    );
    return JSON.stringify({ shipped, n: keys.n, h: keys.h });
  };
  const mark = await readMark(db, MESSAGES_KEY);
  if (mark !== null && mark === (await state())) return;
  for (const [lang, map] of maps) await upsertMessages(db, lang, map);
  const value = await state();
  await writeMark(db, MESSAGES_KEY, value);
}

const GRANT_STEPS_KEY = 'grant_steps';

/**
 * The modules' grant steps (platform/module.ts) not applied to this database yet: each adds its routes to the default
 * profiles that still exist, once. A database whose profiles predate the steps got those routes from the profiles'
 * first seed: its steps are recorded as applied, not applied again (an administrator's removals stay).
 */
export async function applyGrantSteps(db: Db, steps: GrantStep[], existingProfiles: boolean) {
  const row = await readMark(db, GRANT_STEPS_KEY);
  const applied = new Set<string>(row ? (JSON.parse(row) as string[]) : []);
  const pending = steps.filter((s) => !applied.has(s.id));
  if (!pending.length) return;
  for (const step of row || !existingProfiles ? pending : []) {
    for (const [codice, routes] of Object.entries(step.profiles)) {
      await db
        .update(profili)
        .set({ routes: sql`(select jsonb_agg(distinct x) from jsonb_array_elements_text(${profili.routes} || ${JSON.stringify(routes)}::jsonb) x)` })
        .where(eq(profili.codice, codice));
    }
  }
  // a revoke closes a door: it applies to a database of any age
  for (const step of pending) {
    for (const [codice, routes] of Object.entries(step.revoke ?? {})) {
      await db
        .update(profili)
        .set({ routes: sql`coalesce((select jsonb_agg(x) from jsonb_array_elements_text(${profili.routes}) x where x <> all(${`{${routes.join(',')}}`}::text[])), '[]'::jsonb)` })
        .where(eq(profili.codice, codice));
    }
  }
  const value = JSON.stringify([...applied, ...pending.map((s) => s.id)]);
  await writeMark(db, GRANT_STEPS_KEY, value);
}

/**
 * Screens added by an upgrade reach the built-in profiles that should have them: route names not
 * seen at the previous start are added to those profiles (an administrator's removals stay).
 */
async function grantNewRoutes(db: Db) {
  const row = await readMark(db, 'route_note');
  const known = new Set<string>(row ? JSON.parse(row) : ROUTE_NAMES);
  const added = ROUTE_NAMES.filter((r) => !known.has(r));
  for (const p of DEFAULT_PROFILES) {
    const grant = p.routes.filter((r) => added.includes(r));
    if (!grant.length) continue;
    await db
      .update(profili)
      .set({ routes: sql`(select jsonb_agg(distinct x) from jsonb_array_elements_text(${profili.routes} || ${JSON.stringify(grant)}::jsonb) x)` })
      .where(eq(profili.codice, p.codice));
  }
  const value = JSON.stringify(ROUTE_NAMES);
  await writeMark(db, 'route_note', value);
}

export const DEMO_PASSWORD = 'demo';

/** The demo company, into a database with no employee (false: there was one); `starting` is told before it begins. */
export async function seedDemo(db: Db, timeZone = 'Europe/Rome', starting: () => void = () => undefined): Promise<boolean> {
  const today = localNow(timeZone).data;
  const [{ n }] = await db.select({ n: count() }).from(dipendenti);
  if (Number(n) > 0) return false;
  starting();
  await db.transaction(async (tx) => {
    // the company's name heads timecards and visitor invitations
    await tx.insert(impostazioni).values({ chiave: 'ragione_sociale', valore: AZIENDA.ragione_sociale }).onConflictDoNothing();
    await tx.insert(impostazioni).values({ chiave: 'azienda', valore: JSON.stringify(DATI_AZIENDA) }).onConflictDoNothing();
    await tx.insert(sedi).values(SEDI).onConflictDoNothing();
    const cdc = await tx.insert(centriCosto).values(CENTRI_COSTO).returning();
    const cdcId = (codice: string) => cdc.find((c) => c.codice === codice)!.id;
    const man = await tx.insert(mansioni).values(MANSIONI).returning();
    await tx.insert(tipiDocumento).values(TIPI_DOCUMENTO.map((t) => ({ codice: t.codice, descrizione: t.descrizione }))).onConflictDoNothing();
    const rep = await tx
      .insert(reparti)
      .values(REPARTI.map((r) => ({ codice: r.codice, descrizione: r.descrizione, cdc_id: cdcId(r.cdc) })))
      .returning();
    const dip = await tx
      .insert(dipendenti)
      .values(
        DIPENDENTI.map((d) => ({
          matricola: d.matricola, cognome: d.cognome, nome: d.nome, codice_fiscale: d.codice_fiscale, email: d.email,
          reparto_id: rep.find((r) => r.codice === d.reparto)!.id, cdc_id: cdcId(d.cdc),
          mansione_id: man.find((m) => m.codice === d.mansione)!.id, data_assunzione: demoDate(d.data_assunzione, today),
          data_cessazione: d.data_cessazione && demoDate(d.data_cessazione, today), badge: d.badge,
        })),
      )
      .returning();
    const dipId = (matricola: string) => dip.find((d) => d.matricola === matricola)!.id;
    await tx.insert(repartiResponsabili).values(
      REPARTI.map((r) => ({ reparto_id: rep.find((x) => x.codice === r.codice)!.id, dipendente_id: dipId(r.responsabile) })),
    );

    const prof = await tx.select().from(profili).where(inArray(profili.codice, DEFAULT_PROFILES.map((p) => p.codice)));
    const profId = (codice: string) => prof.find((p) => p.codice === codice)!.id;
    const hash = await hashSecret(DEMO_PASSWORD);
    const emailOf = (matricola: string) => DIPENDENTI.find((d) => d.matricola === matricola)!.email;
    const demoUsers = [
      { username: 'admin', email: 'admin@officinerossi.it', dip: null, profili: ['AMMINISTRATORE'] },
      { username: 'personale', email: emailOf(DEMO_MATRICOLE.personale), dip: DEMO_MATRICOLE.personale, profili: ['UFFICIO_PERSONALE'] },
      { username: 'laura.bianchi', email: emailOf(DEMO_MATRICOLE.laura), dip: DEMO_MATRICOLE.laura, profili: ['RESPONSABILE', 'DIPENDENTE'] },
      { username: 'mario.rossi', email: emailOf(DEMO_MATRICOLE.mario), dip: DEMO_MATRICOLE.mario, profili: ['DIPENDENTE'] },
      { username: 'portineria', email: 'portineria@officinerossi.it', dip: null, profili: ['PORTINERIA'] },
    ];
    for (const u of demoUsers) {
      const [row] = await tx
        .insert(utenti)
        .values({
          username: u.username, email: u.email, password_hash: hash, dipendente_id: u.dip ? dipId(u.dip) : null,
          profilo_attivo_id: profId(u.profili[0]), demo: true, lingua: null,
        })
        .returning();
      await tx.insert(utentiProfili).values(u.profili.map((p) => ({ utente_id: row.id, profilo_id: profId(p) })));
    }
  });
  return true;
}

export async function createAdmin(db: Db, username: string, password: string, email?: string) {
  const [admin] = await db.select().from(profili).where(eq(profili.codice, 'AMMINISTRATORE'));
  return db.transaction(async (tx) => {
    const [u] = await tx
      .insert(utenti)
      .values({ username, email: email ?? null, password_hash: await hashSecret(password), profilo_attivo_id: admin.id })
      .returning();
    await tx.insert(utentiProfili).values({ utente_id: u.id, profilo_id: admin.id });
    return u;
  });
}
