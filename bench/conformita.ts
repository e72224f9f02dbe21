/**
 * Working-time compliance (issue #31 §1): GET /api/conformita of a month for 1,000 employees with four months of
 * punches behind it (the 48-hour average's reference period), against a plain SELECT of the same punches. The route
 * runs the timecard engine over the calendar year (yearly overtime, night workers) and the rules over each person's
 * days. In process, on a database `bench_conformita` of the bench's PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { mesiPrima } from '@tulip/attendance';
import { addDays, localNow, monthRange } from '../apps/server/src/platform/dates';
import type { PgCluster } from '../test/support/postgres';
import { benchApp, benchDb, timePair } from './inprocess';
import { log, row, type BenchRow } from './lib';

export async function benchConformita(cluster: PgCluster | null): Promise<BenchRow[]> {
  log(`conformita: /api/conformita on ${cluster ? 'PostgreSQL' : 'PGlite'}`);
  const handle = await benchDb(cluster, 'bench_conformita');
  try {
    const db = handle.db;
    const tz = 'Europe/Rome';
    // the last whole month, and the three before it
    const mese = addDays(`${localNow(tz).data.slice(0, 7)}-01`, -1).slice(0, 7);
    const dal = mesiPrima(`${mese}-01`, 3);
    const { al } = monthRange(mese);
    await db.execute(sql`insert into turni (codice, descrizione, fasce, flessibilita, tolleranza, arrotondamento_entrata, arrotondamento_uscita, soglia_straordinario, blocco_straordinario, pausa_minima, notturno)
      values ('GIORNALIERO', 'Giornaliero', '[{"inizio":"08:30","fine":"12:30"},{"inizio":"13:30","fine":"17:30"}]'::jsonb, 30, 5, 15, 15, 30, 30, 30, '{"inizio":"22:00","fine":"06:00"}'::jsonb)`);
    await db.execute(sql`insert into orari_settimanali (codice, descrizione, giorni) select 'STD', 'Lun-ven', jsonb_build_array(id, id, id, id, id, null, null) from turni`);
    await db.execute(sql`insert into dipendenti (matricola, cognome, nome, codice_fiscale, data_assunzione)
      select lpad(g::text, 6, '0'), 'Cognome' || g, 'Nome', 'CF' || lpad(g::text, 14, '0'), '2020-01-01' from generate_series(1, 1000) g`);
    await db.execute(sql`insert into assegnazioni_orario (dipendente_id, orario_id, dal) select d.id, o.id, '2020-01-01' from dipendenti d, orari_settimanali o`);
    // four punches a working day; one in ten works 05:30-19:30 on Mondays, over 13 hours (findings to compute)
    await db.execute(sql`insert into timbrature (dipendente_id, ts, verso, fonte, id_richiesta)
      select d.id, ((day + p.t + make_interval(mins => (d.id * 7 + extract(day from day)::int * 13) % 17))::timestamp at time zone ${tz}), p.v, 'kiosk', gen_random_uuid()
      from dipendenti d,
           generate_series(${dal}::date, ${al}::date, interval '1 day') day,
           (values (interval '8 hours 20 minutes', 'E'), (interval '12 hours 31 minutes', 'U'), (interval '13 hours 29 minutes', 'E'), (interval '17 hours 35 minutes', 'U')) p(t, v)
      where extract(isodow from day) < 6 and not (d.id % 10 = 0 and extract(isodow from day) = 1)`);
    await db.execute(sql`insert into timbrature (dipendente_id, ts, verso, fonte, id_richiesta)
      select d.id, ((day + p.t)::timestamp at time zone ${tz}), p.v, 'kiosk', gen_random_uuid()
      from dipendenti d, generate_series(${dal}::date, ${al}::date, interval '1 day') day, (values (interval '5 hours 30 minutes', 'E'), (interval '19 hours 30 minutes', 'U')) p(t, v)
      where d.id % 10 = 0 and extract(isodow from day) = 1`);
    await db.execute(sql`analyze`);
    const { app, auth } = await benchApp(handle);
    const url = `/api/conformita?mese=${mese}`;
    const check = await app.inject({ url, headers: auth });
    if (check.statusCode !== 200 || check.json().rows.length < 100) throw new Error(`conformita ${check.statusCode} ${check.body.slice(0, 200)}`);
    const [ms, selMs] = await timePair(
      async () => {
        const r = await app.inject({ url, headers: auth });
        if (r.statusCode !== 200) throw new Error(`conformita ${r.statusCode}`);
      },
      () => db.execute(sql`select dipendente_id, to_char(ts at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') ts, verso from timbrature where ts >= (${dal}::timestamp at time zone ${tz}) and ts < ((${al}::date + 1)::timestamp at time zone ${tz}) order by ts`),
    );
    await app.close();
    const name = `conformita-1000x4mesi${cluster ? '' : ' (pglite)'}`;
    return [row(name, ms, selMs, 'ms GET /api/conformita, 1,000 employees x 4 months of punches (baseline: plain SELECT of the same punches)', { target: '≤ 5×', met: ms / selMs <= 5 })];
  } finally {
    await handle.close();
  }
}
