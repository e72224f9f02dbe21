/**
 * Working-time compliance demo (issue #31 §1): one person per rule of D.Lgs 66/2003 who breaks it, so the screen and
 * HR's home are never empty on first start; then the findings of the closed month reviewed, as its closing required.
 * Runs after the attendance and contracts demo: it replaces some punches of seven employees of Magazzino and Ufficio
 * tecnico (no shift rotation there) and moves the night watchman to the night shift.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { festivitaNazionali } from '@tulip/attendance';
import type { Db } from '../platform/db';
import { addDays, eachDay, localNow, weekdayMon0 } from '../platform/dates';
import { dipendenti, utenti } from '../modules/anagrafica';
import { assegnazioniOrario, mesiChiusi, orariSettimanali } from '../modules/turni';
import { timbrature } from '../modules/timbrature';
import { giustificativi } from '../modules/giustificativi';
import { companyFindings, verificheConformita } from '../modules/conformita';
import { DIPENDENTI } from './demo-data';

const matricola = (cognome: string, nome: string) => DIPENDENTI.find((d) => d.cognome === cognome && d.nome === nome)!.matricola;

/** Who breaks which rule (their punches are the exceptions to the demo's plain weeks: demo.test.ts). */
export const CHI = {
  durata_massima_giornaliera: matricola('Minarelli', 'Ivan'),
  pausa: matricola('Baraldi', 'Cristian'),
  riposo_giornaliero: matricola("Dall'Olio", 'Enrico'),
  riposo_settimanale: matricola('Russo', 'Antonio'),
  durata_media_settimanale: matricola('Melotti', 'Chiara'),
  straordinario_annuo: matricola('Castagnoli', 'Lorenzo'),
  lavoro_notturno: matricola('Tassinari', 'Michele'),
};

/** 'HH:mm' pairs of a day; an exit not after its entry is the next day. */
type Giornata = [string, string][];

export async function seedConformitaDemo(db: Db, tz: string) {
  const now = localNow(tz);
  const today = now.data;
  const year = Number(today.slice(0, 4));
  const staff = await db.select({ id: dipendenti.id, matricola: dipendenti.matricola }).from(dipendenti).where(inArray(dipendenti.matricola, Object.values(CHI)));
  const idOf = (m: string) => staff.find((s) => s.matricola === m)!.id;
  const holidays = new Set(festivitaNazionali(year).map((f) => f.data));
  const leave = await db.select({ dipendente_id: giustificativi.dipendente_id, dal: giustificativi.dal, al: giustificativi.al }).from(giustificativi).where(and(inArray(giustificativi.dipendente_id, staff.map((s) => s.id)), eq(giustificativi.stato, 'approvato')));
  const onLeave = (id: number, d: string) => leave.some((l) => l.dipendente_id === id && l.dal <= d && l.al >= d);
  const weekday = (d: string) => weekdayMon0(d) < 5 && !holidays.has(d);

  const clear = (id: number, dal: string, al: string) =>
    db.delete(timbrature).where(and(eq(timbrature.dipendente_id, id), sql`${timbrature.ts} >= (${`${dal}T04:00:00`}::timestamp at time zone ${tz}) and ${timbrature.ts} < (${`${addDays(al, 1)}T04:00:00`}::timestamp at time zone ${tz})`));

  /**
   * Replaces a person's punches of some days (from the day's 04:00 to the next day's 04:00) with the given pairs;
   * `whole`: every punch from the first day to the last goes, days not given included.
   */
  async function replace(m: string, days: Map<string, Giornata>, whole = false) {
    const id = idOf(m);
    const rows: { dipendente_id: number; local: string; verso: 'E' | 'U' }[] = [];
    const list = [...days.keys()].sort();
    if (whole && list.length) await clear(id, list[0], list[list.length - 1]);
    for (const [d, pairs] of days) {
      if (!whole) await clear(id, d, d);
      for (const [e, u] of pairs) {
        rows.push({ dipendente_id: id, local: `${d}T${e}:00`, verso: 'E' });
        rows.push({ dipendente_id: id, local: `${u <= e ? addDays(d, 1) : d}T${u}:00`, verso: 'U' });
      }
    }
    const past = rows.filter((r) => r.local <= now.ts);
    for (let i = 0; i < past.length; i += 1000) {
      await db.insert(timbrature).values(
        past.slice(i, i + 1000).map((p) => ({ dipendente_id: p.dipendente_id, ts: sql`${p.local}::timestamp at time zone ${tz}` as never, verso: p.verso, fonte: 'kiosk', id_richiesta: sql`gen_random_uuid()` as never })),
      );
    }
  }

  // the working days before today, latest first
  const recent = eachDay(addDays(today, -40), addDays(today, -1)).reverse().filter(weekday);
  const window = eachDay(addDays(today, -92), addDays(today, -1));

  // art. 7: 13 hours and 15 minutes in a day, with two breaks (such a day leaves no 11 hours of rest in its 24 either)
  await replace(CHI.durata_massima_giornaliera, new Map([[recent[1], [['05:30', '11:00'], ['11:30', '15:30'], ['16:00', '19:45']]]]));
  // art. 8: a Saturday morning of seven hours without a break (no shift on Saturdays, no automatic break)
  const sabato = eachDay(addDays(today, -7), addDays(today, -1)).find((d) => weekdayMon0(d) === 5)!;
  await replace(CHI.pausa, new Map([[sabato, [['07:00', '14:00']]]]));
  // art. 7: an evening until 22:00, then the next morning at 06:00
  const giorni = recent.slice(3);
  const k = giorni.findIndex((d, i) => giorni[i + 1] === addDays(d, -1));
  const [dopo, prima] = [giorni[k], giorni[k + 1]];
  await replace(CHI.riposo_giornaliero, new Map<string, Giornata>([[prima, [['14:00', '22:00']]], [dopo, [['06:00', '14:00']]]]));
  // art. 9: every day of the last fortnight that has ended (Monday to Sunday, two weeks), weekends and holidays too
  const epoca = Date.parse('1970-01-05T00:00:00Z') / 86_400_000;
  const fine = eachDay(addDays(today, -14), addDays(today, -1)).reverse().find((d) => (Date.parse(`${d}T00:00:00Z`) / 86_400_000 - epoca) % 14 === 13)!;
  await replace(CHI.riposo_settimanale, new Map(eachDay(addDays(fine, -14), fine).filter((d) => !weekday(d)).map((d) => [d, [['08:00', '12:00']] as Giornata])));
  // art. 4: eleven and a half hours Monday to Saturday since the demo's punches began: 69 hours a week
  const melotti = idOf(CHI.durata_media_settimanale);
  await replace(CHI.durata_media_settimanale, new Map(window.filter((d) => weekdayMon0(d) < 6 && !holidays.has(d) && !onLeave(melotti, d)).map((d) => [d, [['06:00', '12:00'], ['12:30', '18:00']] as Giornata])), true);
  // art. 5: nine and a half hours Monday to Friday since January: an hour and a half of overtime a day, past 250 hours
  // by the end of the summer (and 47.5 hours a week, within the average)
  const castagnoli = idOf(CHI.straordinario_annuo);
  await replace(CHI.straordinario_annuo, new Map(eachDay(`${year}-01-01`, addDays(today, -1)).filter((d) => weekday(d) && !onLeave(castagnoli, d)).map((d) => [d, [['07:30', '12:30'], ['13:00', '17:30']] as Giornata])), true);
  // art. 13: the night watchman, on the night shift since January, eight and a half hours a night
  const guardiano = idOf(CHI.lavoro_notturno);
  const [t3w] = await db.select().from(orariSettimanali).where(eq(orariSettimanali.codice, 'T3W'));
  if (t3w) await db.update(assegnazioniOrario).set({ orario_id: t3w.id }).where(eq(assegnazioniOrario.dipendente_id, guardiano));
  await clear(guardiano, `${year}-01-01`, today);
  await replace(CHI.lavoro_notturno, new Map(eachDay(`${year}-01-01`, addDays(today, -1)).filter((d) => weekdayMon0(d) < 5 && !onLeave(guardiano, d)).map((d) => [d, [['21:30', '06:00']] as Giornata])), true);

  // the closed months were closed after HR reviewed their findings
  const [hr] = await db.select().from(utenti).where(eq(utenti.username, 'personale'));
  if (!hr) return;
  for (const { mese } of await db.select({ mese: mesiChiusi.mese }).from(mesiChiusi)) {
    const rows = await companyFindings(db, tz, mese);
    if (rows.length) {
      await db.insert(verificheConformita).values(rows.map((r) => ({ dipendente_id: r.dipendente_id, regola: r.regola, data: r.data, nota: 'Verificato alla chiusura del mese: turno di guardia concordato con la RSU', verificato_da: hr.id }))).onConflictDoNothing();
    }
  }
}
