/** Visitor register demo: types, reasons, referents, a month of past visits, one visitor on site now. */
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { addDays, localNow, weekdayMon0 } from '../platform/dates';
import { dipendenti, reparti, repartiResponsabili } from '../modules/anagrafica';
import { localToInstant } from '../platform/dates';
import { autorizzazioni, motiviVisita, referentiVisita, tipiVisitatore, visite } from '../modules/visite';
import { impostazioni } from '../platform/db/tables';
import { MOTIVI_VISITA, PARAMETRI_DEFAULT } from '../modules/visite';
import { nowMs } from '../platform/clock';

const PEOPLE = [
  ['Giulia', 'Fontana', 'Meccanica Emiliana S.p.A.', 'CLI', 'RIUNIONE'], ['Paolo', 'Serra', 'Acciai Padani S.r.l.', 'FOR', 'CONSEGNA'],
  ['Elena', 'Galli', 'Studio Galli Consulenze', 'CON', 'AUDIT'], ['Marco', 'Pini', 'Impianti Elettrici Pini', 'DIT', 'MANUTENZIONE'],
  ['Luca', 'Neri', 'BRT', 'COR', 'CONSEGNA'], ['Sara', 'Costa', null, 'CAN', 'COLLOQUIO'], ['Andrea', 'Villa', 'Oleodinamica Villa', 'FOR', 'RIUNIONE'],
  ['Chiara', 'Moretti', 'Certificazioni Italia', 'CON', 'AUDIT'], ['Davide', 'Rizzi', 'Carrelli Service', 'DIT', 'MANUTENZIONE'], ['Anna', 'Gatti', 'Formazione Sicura', 'CON', 'FORMAZIONE'],
] as const;


export async function seedVisiteDemo(db: Db, tz: string) {
  // the demo company lets visitors register through a link
  await db
    .insert(impostazioni)
    .values({ chiave: 'parametri_visite', valore: JSON.stringify({ ...PARAMETRI_DEFAULT, autoregistrazione: true }) })
    .onConflictDoNothing();
  const [{ n }] = await db.select({ n: count() }).from(visite);
  if (Number(n) > 0) return;
  // the department managers and the technical office receive visitors
  const managers = await db.select({ id: repartiResponsabili.dipendente_id }).from(repartiResponsabili);
  const [ut] = await db.select().from(reparti).where(eq(reparti.descrizione, 'Ufficio tecnico'));
  const tech = ut ? await db.select({ id: dipendenti.id }).from(dipendenti).where(eq(dipendenti.reparto_id, ut.id)).limit(2) : [];
  const ids = [...new Set([...managers, ...tech].map((x) => x.id))];
  await db.insert(referentiVisita).values(ids.map((id) => ({ dipendente_id: id, notifica_email: true }))).onConflictDoNothing();
  const tipi = new Map((await db.select().from(tipiVisitatore)).map((t) => [t.codice, t.id]));
  const motivi = new Map((await db.select().from(motiviVisita).where(inArray(motiviVisita.codice, MOTIVI_VISITA.map((m) => m.codice)))).map((m) => [m.codice, m.id]));
  const now = localNow(tz);
  const rows: (typeof visite.$inferInsert)[] = [];
  let k = 0;
  for (let d = 30; d >= 1; d--) {
    const day = addDays(now.data, -d);
    if (weekdayMon0(day) > 4) continue;
    for (let i = 0; i < 2; i++, k++) {
      const [nome, cognome, azienda, tipo, motivo] = PEOPLE[k % PEOPLE.length];
      const h = 9 + ((k * 3) % 7);
      const at = (hh: number, mm: number) => localToInstant(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00`, tz) as never;
      rows.push({
        nome, cognome, azienda, tipo_id: tipi.get(tipo)!, motivo_id: motivi.get(motivo)!, referente_id: ids[k % ids.length],
        documento_tipo: 'carta_identita', documento_numero: String(100 + ((k * 37) % 900)), badge: `V${String(1 + i).padStart(3, '0')}`,
        entrata: at(h, (k * 7) % 60), uscita: at(h + 1 + (k % 3), (k * 11) % 60), badge_restituito: true,
      });
    }
  }
  // a visit older than any retention period, still to be anonymised by the next retention run
  rows.push({
    nome: 'Ottavio', cognome: 'Storico', azienda: 'Archivi Vecchi S.r.l.', tipo_id: tipi.get('FOR')!, motivo_id: motivi.get('RIUNIONE')!, referente_id: ids[0],
    documento_tipo: 'patente', documento_numero: '731', badge: 'V009',
    entrata: localToInstant(`${addDays(now.data, -400)}T10:00:00`, tz) as never, uscita: localToInstant(`${addDays(now.data, -400)}T11:30:00`, tz) as never, badge_restituito: true,
  });
  // one visitor on site right now
  rows.push({
    nome: 'Roberto', cognome: 'Ferri', azienda: 'Meccanica Emiliana S.p.A.', tipo_id: tipi.get('CLI')!, motivo_id: motivi.get('RIUNIONE')!, referente_id: ids[0],
    documento_tipo: 'carta_identita', documento_numero: '482', badge: 'V001', entrata: new Date(nowMs() - 40 * 60_000),
  });
  await db.insert(visite).values(rows);
  // today's expected visits: a customer ready to come in, a contractor waiting for an administrator's approval
  await db.insert(autorizzazioni).values([
    { referente_id: ids[0], nome: 'Francesca', cognome: 'Lolli', azienda: 'Meccanica Emiliana S.p.A.', tipo_id: tipi.get('CLI')!, motivo_id: motivi.get('RIUNIONE')!, dal: now.data, al: now.data, ora_da: '08:00', ora_a: '18:00' },
    { referente_id: ids[1 % ids.length], azienda: 'Impianti Elettrici Pini', tipo_id: tipi.get('DIT')!, motivo_id: motivi.get('MANUTENZIONE')!, dal: now.data, al: addDays(now.data, 2), ora_da: '07:30', ora_a: '17:00', approvazione: 'in_attesa' },
  ]);
}
