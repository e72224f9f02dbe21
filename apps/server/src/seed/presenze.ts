/**
 * Attendance demo (the usual Italian leave types are giustificativi's base data, modules/giustificativi/defaults.ts): the four shifts of a
 * metalworking company, weekly schedules, a weekly T1/T2/T3 rotation in Produzione, three months of
 * punches up to now with realistic lateness, overtime and a few missing punches, approved and pending
 * leave, one closed month and one kiosk terminal.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { hashSecret } from '../platform/crypto';
import { addDays, eachDay, localNow, weekdayMon0 } from '../platform/dates';
import { dipendenti, reparti, utenti } from '../modules/anagrafica';
import { assegnazioniOrario, calendarioServizi, festivita, orariSettimanali, turni } from '../modules/turni';
import { terminali, timbrature } from '../modules/timbrature';
import { mesiChiusi } from '../modules/turni';
import { causali, giustificativi } from '../modules/giustificativi';
import { festivitaNazionali } from '@tulip/attendance';
import { newTerminalKey } from '../modules/kiosk';
import { DEMO_MATRICOLE } from './demo-data';
import { now as clockNow } from '../platform/clock';


/** A small deterministic generator (mulberry32): the same demo data on every machine for a given day. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SHIFTS = [
  { codice: 'GIORNALIERO', descrizione: 'Giornaliero 8:30-17:30', colore: '#1677ff', fasce: [{ inizio: '08:30', fine: '12:30' }, { inizio: '13:30', fine: '17:30' }], flessibilita: 30, tolleranza: 5, arrotondamento_entrata: 15, arrotondamento_uscita: 15, soglia_straordinario: 30, blocco_straordinario: 30, pausa_minima: 30 },
  { codice: 'T1', descrizione: 'Primo turno 6-14', colore: '#faad14', fasce: [{ inizio: '06:00', fine: '14:00' }], flessibilita: 0, tolleranza: 5, arrotondamento_entrata: 0, arrotondamento_uscita: 0, soglia_straordinario: 30, blocco_straordinario: 15, pausa_minima: 0, pausa_retribuita: 30 },
  { codice: 'T2', descrizione: 'Secondo turno 14-22', colore: '#52c41a', fasce: [{ inizio: '14:00', fine: '22:00' }], flessibilita: 0, tolleranza: 5, arrotondamento_entrata: 0, arrotondamento_uscita: 0, soglia_straordinario: 30, blocco_straordinario: 15, pausa_minima: 0, pausa_retribuita: 30 },
  { codice: 'T3', descrizione: 'Terzo turno 22-6', colore: '#722ed1', fasce: [{ inizio: '22:00', fine: '06:00' }], flessibilita: 0, tolleranza: 5, arrotondamento_entrata: 0, arrotondamento_uscita: 0, soglia_straordinario: 30, blocco_straordinario: 15, pausa_minima: 0, pausa_retribuita: 30 },
  // the 75 % horizontal part-time of the clerk Bassi Paola (her contract row: seed/contratti.ts): 6 hours a day
  { codice: 'PT75', descrizione: 'Part-time 75% 8:30-15:30', colore: '#13c2c2', fasce: [{ inizio: '08:30', fine: '12:30' }, { inizio: '13:30', fine: '15:30' }], flessibilita: 30, tolleranza: 5, arrotondamento_entrata: 15, arrotondamento_uscita: 15, soglia_straordinario: 30, blocco_straordinario: 30, pausa_minima: 30 },
].map((s) => ({ ...s, notturno: { inizio: '22:00', fine: '06:00' } }));

export async function seedPresenzeDemo(db: Db, tz: string, log: (s: string) => void = () => undefined) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(turni);
  if (n > 0) return;
  const now = localNow(tz);
  const today = now.data;
  const start = addDays(today, -92);
  const rnd = prng(Number(today.replaceAll('-', '')));

  const t = await db.insert(turni).values(SHIFTS).returning();
  const id = (c: string) => t.find((x) => x.codice === c)!.id;
  const weekdays = (shift: number | null) => [shift, shift, shift, shift, shift, null, null];
  const orari = await db
    .insert(orariSettimanali)
    .values([
      { codice: 'STD', descrizione: 'Giornaliero lunedì-venerdì', giorni: weekdays(id('GIORNALIERO')) },
      { codice: 'T1W', descrizione: 'Primo turno lunedì-venerdì', giorni: weekdays(id('T1')) },
      { codice: 'T2W', descrizione: 'Secondo turno lunedì-venerdì', giorni: weekdays(id('T2')) },
      { codice: 'T3W', descrizione: 'Terzo turno lunedì-venerdì', giorni: weekdays(id('T3')) },
      { codice: 'PT75W', descrizione: 'Part-time 75% lunedì-venerdì', giorni: weekdays(id('PT75')) },
    ])
    .returning();
  const orario = (c: string) => orari.find((x) => x.codice === c)!.id;
  const year = Number(today.slice(0, 4));
  // the company's closures of last year (the punches' window may start there), this year and the next (leave asked ahead)
  const closures = [year - 1, year, year + 1].flatMap((y) => [
    { data: `${y}-08-14`, descrizione: 'Chiusura estiva', tipo: 'chiusura' },
    { data: `${y}-12-24`, descrizione: 'Vigilia di Natale (chiusura aziendale)', tipo: 'chiusura' },
    { data: `${y}-12-31`, descrizione: 'San Silvestro (chiusura aziendale)', tipo: 'chiusura' },
  ]);
  await db.insert(festivita).values(closures).onConflictDoNothing();

  const [prod] = await db.select().from(reparti).where(eq(reparti.descrizione, 'Produzione'));
  const staff = await db.select().from(dipendenti).orderBy(dipendenti.matricola);
  const rotating = staff.filter((d) => d.reparto_id === prod.id && d.matricola !== DEMO_MATRICOLE.laura && !d.data_cessazione);
  const partTimer = staff.find((d) => d.cognome === 'Bassi' && d.nome === 'Paola');
  const demoPin = await hashSecret('1234');
  await db.update(dipendenti).set({ pin_hash: demoPin });
  await db.insert(assegnazioniOrario).values(
    staff.map((d) => ({ dipendente_id: d.id, orario_id: orario(rotating.includes(d) ? 'T1W' : d === partTimer ? 'PT75W' : 'STD'), dal: d.data_assunzione, al: d.data_cessazione })),
  );

  // three teams rotate T1 -> T2 -> T3 week by week, Monday to Friday, from the window's start to two months ahead
  const rotation = [id('T1'), id('T2'), id('T3')];
  const rotEnd = addDays(today, 61);
  const mondayIndex = (d: string) => Math.floor((Date.parse(`${d}T00:00:00Z`) / 86_400_000 + 3) / 7);
  const cal: (typeof calendarioServizi.$inferInsert)[] = [];
  rotating.forEach((d, i) => {
    for (const day of eachDay(start, rotEnd)) {
      if (weekdayMon0(day) > 4) continue;
      cal.push({ dipendente_id: d.id, data: day, turno_id: rotation[(mondayIndex(day) + (i % 3)) % 3] });
    }
  });
  for (let i = 0; i < cal.length; i += 1000) await db.insert(calendarioServizi).values(cal.slice(i, i + 1000));

  const causaleId = new Map((await db.select().from(causali)).map((c) => [c.codice, c.id]));
  const holidays = new Set([...festivitaNazionali(year - 1), ...festivitaNazionali(year), ...festivitaNazionali(year + 1), ...closures].map((f) => f.data));
  /** The working day (Monday to Friday, no holiday or closure) on or before a date, or after it with step 1. */
  const workingDay = (d: string, step: -1 | 1 = -1) => {
    while (weekdayMon0(d) > 4 || holidays.has(d)) d = addDays(d, step);
    return d;
  };
  const mario = staff.find((d) => d.matricola === DEMO_MATRICOLE.mario)!;
  const laura = staff.find((d) => d.matricola === DEMO_MATRICOLE.laura)!;

  // leave: a week of holidays in August for a third of the staff, some sickness, ROL hours, two pending requests
  const leave: (typeof giustificativi.$inferInsert)[] = [];
  const onLeave = new Map<number, Set<string>>();
  const addLeave = (dipId: number, codice: string, dal: string, al: string, stato: string, extra: Partial<typeof giustificativi.$inferInsert> = {}) => {
    leave.push({ dipendente_id: dipId, causale_id: causaleId.get(codice)!, dal, al, stato, ...extra });
    if (stato === 'approvato' && extra.minuti == null) for (const d of eachDay(dal, al)) (onLeave.get(dipId) ?? onLeave.set(dipId, new Set()).get(dipId)!).add(d);
  };
  staff.forEach((d, i) => {
    if (d.data_cessazione || d.id === mario.id) return;
    if (i % 3 === 0 && `${year}-08-17` >= start) addLeave(d.id, 'FERIE', `${year}-08-17`, `${year}-08-21`, 'approvato');
    if (i % 11 === 4) {
      const s = addDays(today, -40 - (i % 20));
      addLeave(d.id, 'MALATTIA', s, addDays(s, 2), 'approvato', { certificato: `${1000000 + i * 7919}` });
    }
    if (i % 7 === 2) {
      const rol = workingDay(addDays(today, -20 - (i % 9)));
      addLeave(d.id, 'ROL', rol, rol, 'approvato', { minuti: 120 });
    }
  });
  const pending = rotating.filter((d) => d.id !== mario.id).slice(0, 2);
  pending.forEach((d, i) => {
    const dal = workingDay(addDays(today, 14 + i * 7), 1);
    addLeave(d.id, 'FERIE', dal, addDays(dal, 2), 'richiesto');
  });
  const lauraRol = workingDay(addDays(today, 10), 1);
  addLeave(laura.id, 'ROL', lauraRol, lauraRol, 'richiesto', { minuti: 240 });
  const [hr] = await db.select().from(utenti).where(eq(utenti.username, 'personale'));
  await db.insert(giustificativi).values(leave.map((l) => ({ ...l, richiesto_da: hr?.id ?? null, deciso_da: l.stato === 'approvato' ? hr?.id ?? null : null, deciso_il: l.stato === 'approvato' ? clockNow() : null })));

  // punches
  const shiftOf = new Map<string, number>(); // `${dip}:${day}` -> turno id (rotation); others: GIORNALIERO on weekdays
  for (const c of cal) shiftOf.set(`${c.dipendente_id}:${c.data}`, c.turno_id!);
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = (day: string, minutes: number) => {
    const d = addDays(day, Math.floor(minutes / 1440));
    const m = ((minutes % 1440) + 1440) % 1440;
    return `${d}T${pad(Math.floor(m / 60))}:${pad(m % 60)}:${pad(Math.floor(rnd() * 60))}`;
  };
  const rows: { dipendente_id: number; local: string; verso: 'E' | 'U'; fonte: string }[] = [];
  // the month closed for payroll (below), where the part-timer works supplementary hours (D.Lgs 81/2015 art. 6): 2 hours
  // on Tuesdays and Thursdays, and in its first week with four working days from Monday 3 hours Monday to Thursday: 2 a
  // day up to the full-time day, the rest overtime, and the week past its 25 % (7 h 30) on the Thursday
  const closed = addDays(`${today.slice(0, 7)}-01`, -32).slice(0, 7);
  let heavyWeek = addDays(`${closed}-01`, (7 - weekdayMon0(`${closed}-01`)) % 7);
  while ([0, 1, 2, 3].some((n) => holidays.has(addDays(heavyWeek, n)))) heavyWeek = addDays(heavyWeek, 7);
  const partTimeExit = (day: string): number | null => {
    if (day.slice(0, 7) !== closed) return null;
    const wd = weekdayMon0(day);
    if (addDays(day, -wd) === heavyWeek) return wd <= 3 ? 18 * 60 + 30 : null;
    return wd === 1 || wd === 3 ? 17 * 60 + 30 : null;
  };
  for (const d of staff) {
    for (const day of eachDay(start, today)) {
      if (day < d.data_assunzione || (d.data_cessazione && day > d.data_cessazione)) continue;
      if (weekdayMon0(day) > 4 || holidays.has(day) || onLeave.get(d.id)?.has(day)) continue;
      const tid = shiftOf.get(`${d.id}:${day}`) ?? id('GIORNALIERO');
      const shift = t.find((x) => x.id === tid)!;
      const begin = Number(shift.fasce[0].inizio.slice(0, 2)) * 60 + Number(shift.fasce[0].inizio.slice(3, 5));
      const late = rnd() < 0.06 ? 8 + Math.floor(rnd() * 25) : -Math.floor(rnd() * 12);
      const overtime = rnd() < 0.15 ? 30 + Math.floor(rnd() * 70) : Math.floor(rnd() * 10);
      const fonte = rnd() < 0.7 ? 'kiosk' : rnd() < 0.5 ? 'mobile' : 'web';
      const punches: [number, 'E' | 'U'][] =
        shift.codice === 'GIORNALIERO'
          ? [[begin + late, 'E'], [12 * 60 + 30 + Math.floor(rnd() * 5), 'U'], [13 * 60 + 25 + Math.floor(rnd() * 8), 'E'], [17 * 60 + 30 + overtime, 'U']]
          : [[begin + late, 'E'], [begin + 480 + overtime, 'U']];
      // the part-timer's day ends at 15:30; the same draws of the generator as a full day, so nobody else's punches change
      if (d === partTimer) punches[3] = [partTimeExit(day) ?? 15 * 60 + 30 + Math.min(overtime, 20), 'U'];
      const drawn = rnd() < 0.012 ? Math.floor(rnd() * punches.length) : -1;
      const missing = d === partTimer ? -1 : drawn;
      punches.forEach(([m, verso], k) => {
        const local = at(day, m);
        if (k === missing || local > now.ts) return;
        rows.push({ dipendente_id: d.id, local, verso, fonte });
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await db.insert(timbrature).values(
      chunk.map((p) => ({
        dipendente_id: p.dipendente_id, ts: sql`${p.local}::timestamp at time zone ${tz}` as never, verso: p.verso, fonte: p.fonte,
        id_richiesta: sql`gen_random_uuid()` as never,
      })),
    );
  }

  // the month before the last one is closed for payroll
  await db.insert(mesiChiusi).values({ mese: closed }).onConflictDoNothing();

  const { key, hash } = newTerminalKey();
  await db.insert(terminali).values({ descrizione: 'Ingresso principale (demo)', chiave_hash: hash });
  log(`Terminale demo "Ingresso principale": /presenze?terminale=${key}`);
}
