/**
 * The demo data are coherent at whatever "now" they were seeded (issue #10): run in every API project, so also at
 * each date of the sweep (test/dates.ts). Read straight from the seeded database, as a new user would meet it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivitaNazionali } from '@tulip/attendance';
import { now } from '../src/platform/clock';
import { addDays, localNow, weekdayMon0 } from '../src/platform/dates';
import { makeTestApp, skipReason, type TestApp } from './harness';
import { CHI } from '../src/seed/conformita';

describe.skipIf(skipReason())('demo data around now', () => {
  let t: TestApp;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.handle.db.execute(q)) as unknown as { rows: T[] }).rows;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  it('has three months of punches up to now, none later, on working days only', async () => {
    const now = localNow(t.config.timezone);
    const tz = t.config.timezone;
    // the working-time demo's seven people (seed/conformita.ts) work weekends, long days and nights since January
    const plain = sql`dipendente_id not in (select id from dipendenti where matricola in (${sql.join(Object.values(CHI).map((m) => sql`${m}`), sql`, `)}))`;
    const [span] = await rows<{ primo: string; ultimo: string }>(sql`
      select to_char(min(ts) at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') as primo, to_char(max(ts) at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') as ultimo from timbrature where ${plain}`);
    expect(span.primo.slice(0, 10) <= addDays(now.data, -85)).toBe(true);
    expect(span.primo.slice(0, 10) >= addDays(now.data, -93)).toBe(true);
    // the seed ran a little before the tests: nothing after now
    expect(span.ultimo <= now.ts).toBe(true);
    expect(span.ultimo.slice(0, 10) >= addDays(now.data, -7)).toBe(true); // a week at most, across the Christmas closures
    const closures = new Set((await rows<{ data: string }>(sql`select data::text as data from festivita`)).map((r) => r.data));
    const y = Number(now.data.slice(0, 4));
    for (const f of [...festivitaNazionali(y - 1), ...festivitaNazionali(y)]) closures.add(f.data);
    const days = await rows<{ giorno: string }>(sql`select distinct to_char(ts at time zone ${tz}, 'YYYY-MM-DD') as giorno from timbrature where verso = 'E' and ${plain}`);
    // a night shift's exit falls on the next day; entries fall on working days only
    const off = days.map((d) => d.giorno).filter((d) => weekdayMon0(d) > 4 || closures.has(d));
    expect(off).toEqual([]);
  });

  it('has everybody hired before now and the leavers gone before now', async () => {
    const today = localNow(t.config.timezone).data;
    const [r] = await rows<{ hired_later: number; left_later: number; staff: number }>(sql`
      select count(*) filter (where data_assunzione > ${today}::date)::int as hired_later,
        count(*) filter (where data_cessazione > ${today}::date)::int as left_later, count(*)::int as staff from dipendenti`);
    // 60 from the company's list, and the office worker who left last month (the equipment demo: a laptop to give back)
    expect(r).toEqual({ hired_later: 0, left_later: 0, staff: 61 });
    // every punch is within its employee's employment
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from timbrature p join dipendenti d on d.id = p.dipendente_id
      where (p.ts at time zone ${t.config.timezone})::date < d.data_assunzione or (p.ts at time zone ${t.config.timezone})::date > d.data_cessazione`);
    expect(bad.n).toBe(0);
  });

  it('closes the month before last, plans the rotation ahead, and has leave pending after now and taken before', async () => {
    const today = localNow(t.config.timezone).data;
    const closed = await rows<{ mese: string }>(sql`select mese from mesi_chiusi`);
    expect(closed.map((c) => c.mese)).toEqual([addDays(`${today.slice(0, 7)}-01`, -32).slice(0, 7)]);
    const [plan] = await rows<{ ultimo: string }>(sql`select max(data)::text as ultimo from calendario_servizi`);
    expect(plan.ultimo >= addDays(today, 55)).toBe(true);
    const pending = await rows<{ dal: string }>(sql`select dal::text as dal from giustificativi where stato = 'richiesto'`);
    expect(pending.length).toBeGreaterThanOrEqual(3);
    expect(pending.every((p) => p.dal > today)).toBe(true);
    // hours of leave sit on working days, where there is a shift to take them from
    const hours = await rows<{ dal: string }>(sql`select dal::text as dal from giustificativi where minuti is not null`);
    expect(hours.length).toBeGreaterThan(0);
    expect(hours.filter((h) => weekdayMon0(h.dal) > 4)).toEqual([]);
    const [taken] = await rows<{ n: number }>(sql`select count(*)::int as n from giustificativi where stato = 'approvato' and al < ${today}::date`);
    expect(taken.n).toBeGreaterThan(0);
  });

  it('has a visitor on site since before now and visits expected today', async () => {
    const today = localNow(t.config.timezone).data;
    const [v] = await rows<{ on_site: number; future: number }>(sql`
      select count(*) filter (where uscita is null and entrata <= ${now().toISOString()}::timestamptz)::int as on_site,
        count(*) filter (where entrata > ${now().toISOString()}::timestamptz)::int as future from visite`);
    expect(v).toEqual({ on_site: 1, future: 0 });
    const [a] = await rows<{ n: number }>(sql`select count(*)::int as n from autorizzazioni_visita where dal <= ${today}::date and al >= ${today}::date`);
    expect(a.n).toBeGreaterThanOrEqual(2);
  });
  it('has job-order bookings for Produzione that match the timecard on most days, approved weeks and a week waiting', async () => {
    const today = localNow(t.config.timezone).data;
    const [b] = await rows<{ n: number; primo: string; ultimo: string; future: number }>(sql`
      select count(*)::int as n, min(data)::text as primo, max(data)::text as ultimo, count(*) filter (where data > ${today}::date)::int as future from registrazioni`);
    expect(b.n).toBeGreaterThan(200);
    expect(b.future).toBe(0);
    expect(b.primo <= addDays(today, -35)).toBe(true);
    const states = await rows<{ stato: string; n: number }>(sql`select stato, count(*)::int as n from registrazioni_settimane group by stato order by stato`);
    expect(states.map((x) => x.stato)).toEqual(['approvata', 'inviata']);
    // every running phase belongs to someone clocked in, and nobody runs two
    const running = await rows<{ dipendente_id: number; n: number }>(sql`select dipendente_id, count(*)::int as n from registrazioni where inizio is not null and fine is null group by dipendente_id`);
    expect(running.every((r) => r.n === 1)).toBe(true);
    const planned = await rows<{ n: number }>(sql`select count(*)::int as n from commesse_pianificazioni where settimana < ${today}::date - 28`);
    expect(planned[0].n).toBeGreaterThan(0);
    // three work reports of a technician, signed, each with its PDF stored
    const reports = await rows<{ stato: string; tipo: string; inizio: string }>(sql`
      select r.stato, f.tipo, encode(substring(b.dati from 1 for 5), 'escape') as inizio
      from rapportini r join file f on f.id = r.pdf_file_id join file_blocchi b on b.sha256 = f.sha256 and b.n = 0`);
    expect(reports).toHaveLength(3);
    expect(reports.every((r) => r.stato === 'firmato' && r.tipo === 'application/pdf' && r.inizio === '%PDF-')).toBe(true);
  });
});
