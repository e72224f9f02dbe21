/**
 * Attendance figures (issue #3, #5 §4), each against a baseline measured in the same run:
 *  - engine: employee-days per second of computeMonth over 1,000 employees x one month, against a
 *    plain loop summing the same punches' minutes;
 *  - /api/totaliz for 1,000 employees x one month, against a plain SELECT of the same punches;
 *  - /api/presenze (route presentiassenti) for 10,000 employees, as the screen opens it (the first
 *    page of 50 rows with the counters of everyone), against SELECT count(*) of the punches table.
 * In process (buildApp + inject, no HTTP), on a database `bench` of the bench's PostgreSQL when
 * installed, otherwise on PGlite in memory (rows marked "(pglite)").
 */
import { sql } from 'drizzle-orm';
import { computeMonth, type Giorno } from '@tulip/attendance';
import { addDays, eachDay, localNow, weekdayMon0 } from '../apps/server/src/platform/dates';
import type { PgCluster } from '../test/support/postgres';
import { benchApp, benchDb, timePair } from './inprocess';
import { log, row, type BenchRow } from './lib';

const TURNO = {
  codice: 'GIORNALIERO', fasce: [{ inizio: '08:30', fine: '12:30' }, { inizio: '13:30', fine: '17:30' }], flessibilita: 30, tolleranza: 5,
  arrotondamento_entrata: 15, arrotondamento_uscita: 15, soglia_straordinario: 30, blocco_straordinario: 30, pausa_minima: 30,
  notturno: { inizio: '22:00', fine: '06:00' },
};

function monthOf(seed: number, mese: string): Giorno[] {
  const days = eachDay(`${mese}-01`, addDays(`${mese}-01`, 30)).filter((d) => d.startsWith(mese));
  return days.map((d, i) => {
    const work = weekdayMon0(d) < 5;
    const late = (seed * 7 + i * 13) % 17;
    return {
      data: d, tipo_giorno: work ? 'lavorativo' : 'riposo', turno: work ? TURNO : null, giustificativi: [],
      timbrature: work
        ? [
            { ts: `${d}T08:${String(20 + late).padStart(2, '0')}:00`, verso: 'E' },
            { ts: `${d}T12:31:00`, verso: 'U' },
            { ts: `${d}T13:29:00`, verso: 'E' },
            { ts: `${d}T17:${String(30 + ((seed + i) % 29)).padStart(2, '0')}:00`, verso: 'U' },
          ]
        : [],
    } as Giorno;
  });
}

/** `cluster`: the bench's PostgreSQL (a database `bench` is created in it), or null for PGlite. */
export async function benchPresenze(cluster: PgCluster | null): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const add = (name: string, value: number, baseline: number, unit: string) => rows.push(row(name, value, baseline, unit));
  log('presenze: engine');

  // 1. the engine alone
  const months = Array.from({ length: 1000 }, (_, i) => monthOf(i, '2026-10'));
  const [engineMs, loopMs] = await timePair(
    () => months.forEach((m) => computeMonth(m)),
    () => {
      let s = 0;
      for (const m of months) for (const g of m) for (let k = 1; k < g.timbrature.length; k += 2) s += Date.parse(g.timbrature[k].ts) - Date.parse(g.timbrature[k - 1].ts);
      return s;
    },
  );
  const empDays = months.reduce((s, m) => s + m.length, 0);
  add('engine-employee-days/s', empDays / (engineMs / 1000), empDays / (loopMs / 1000), 'days/s (baseline: plain sum loop)');

  // 2-3. the API on a database
  log(`presenze: /api/totaliz and /api/presenze on ${cluster ? 'PostgreSQL' : 'PGlite'}`);
  const handle = await benchDb(cluster, 'bench');
  try {
    const db = handle.db;
    const tz = 'Europe/Rome';
    const mese = addDays(`${localNow(tz).data.slice(0, 7)}-01`, -1).slice(0, 7);
    await db.execute(sql`insert into turni (codice, descrizione, fasce, flessibilita, tolleranza, arrotondamento_entrata, arrotondamento_uscita, soglia_straordinario, blocco_straordinario, pausa_minima, notturno)
      values ('GIORNALIERO', 'Giornaliero', ${JSON.stringify(TURNO.fasce)}::jsonb, 30, 5, 15, 15, 30, 30, 30, '{"inizio":"22:00","fine":"06:00"}'::jsonb)`);
    await db.execute(sql`insert into orari_settimanali (codice, descrizione, giorni) select 'STD', 'Lun-ven', jsonb_build_array(id, id, id, id, id, null, null) from turni`);
    const addStaff = async (n: number, from: number) => {
      await db.execute(sql`insert into dipendenti (matricola, cognome, nome, codice_fiscale, data_assunzione)
        select lpad((${from}::int + g)::text, 6, '0'), 'Cognome' || g, 'Nome', 'CF' || lpad((${from} + g)::text, 14, '0'), '2020-01-01' from generate_series(1, ${n}) g`);
      await db.execute(sql`insert into assegnazioni_orario (dipendente_id, orario_id, dal) select d.id, o.id, '2020-01-01' from dipendenti d, orari_settimanali o where d.matricola > lpad(${from}::text, 6, '0') and d.matricola <= lpad((${from}::int + ${n}::int)::text, 6, '0')`);
    };
    await addStaff(1000, 0);
    // a month of four punches per working day, per employee
    await db.execute(sql`insert into timbrature (dipendente_id, ts, verso, fonte, id_richiesta)
      select d.id, ((day + p.t + make_interval(mins => (d.id * 7 + extract(day from day)::int * 13) % 17))::timestamp at time zone ${tz}), p.v, 'kiosk', gen_random_uuid()
      from dipendenti d,
           generate_series(${`${mese}-01`}::date, (${`${mese}-01`}::date + interval '1 month' - interval '1 day')::date, interval '1 day') day,
           (values (interval '8 hours 20 minutes', 'E'), (interval '12 hours 31 minutes', 'U'), (interval '13 hours 29 minutes', 'E'), (interval '17 hours 35 minutes', 'U')) p(t, v)
      where extract(isodow from day) < 6`);
    const { app, auth } = await benchApp(handle);

    const { dal, al } = { dal: `${mese}-01`, al: addDays(addDays(`${mese}-01`, 32).slice(0, 7) + '-01', -1) };
    const [totMs, selMs] = await timePair(
      async () => {
        const r = await app.inject({ url: `/api/totaliz?mese=${mese}`, headers: auth });
        if (r.statusCode !== 200) throw new Error(`totaliz ${r.statusCode} ${r.body.slice(0, 200)}`);
      },
      () => db.execute(sql`select dipendente_id, to_char(ts at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') ts, verso from timbrature where ts >= (${dal}::timestamp at time zone ${tz}) and ts < ((${al}::date + 1)::timestamp at time zone ${tz}) order by ts`),
    );
    add('totaliz-1000x1month', totMs, selMs, 'ms GET /api/totaliz, 1,000 employees x 1 month (baseline: plain SELECT of the punches)');

    await addStaff(9000, 1000);
    const today = localNow(tz).data;
    await db.execute(sql`insert into timbrature (dipendente_id, ts, verso, fonte, id_richiesta)
      select id, (${today}::timestamp + interval '6 hours' + make_interval(mins => id % 90)) at time zone ${tz}, 'E', 'kiosk', gen_random_uuid() from dipendenti`);
    // what the screen asks when it opens: the first page with the counters of everyone, default filters and order;
    // the answer is checked once, outside the timing
    const board = '/api/presenze?page=1&size=50';
    const check = await app.inject({ url: board, headers: auth });
    if (check.statusCode !== 200 || check.json().contatori.totale < 10000 || check.json().rows.length !== 50) throw new Error(`presenze ${check.statusCode} ${check.body.slice(0, 200)}`);
    const [presMs, countMs] = await timePair(
      async () => {
        const r = await app.inject({ url: board, headers: auth });
        if (r.statusCode !== 200) throw new Error(`presenze ${r.statusCode}`);
      },
      () => db.execute(sql`select count(*) from timbrature`),
    );
    add('presentiassenti-10000', presMs, countMs, 'ms GET /api/presenze, first page of 50 and the counters of 10,000 employees (baseline: SELECT count(*) of punches)');
    await app.close();
  } finally {
    await handle.close();
  }
  return rows.map((r) => ({ ...r, name: `${r.name}${cluster ? '' : ' (pglite)'}` }));
}
