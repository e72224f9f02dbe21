/**
 * Job order figures (issue #14), each against a baseline measured in the same run:
 *  - the planning grid for 500 employees x 12 weeks, capacity from the shift calendar included, against a plain SELECT
 *    of the same assignments;
 *  - the order report over a year of bookings by 200 employees (two a working day, on the order's five phases),
 *    labour cost per booking included, against a SQL SUM of the same bookings; and the same report costed at each
 *    booker's hourly pay on the booking's date × the overhead coefficient (issue #18), against the same SUM;
 *  - the weekly booking grid of one employee (issue #15), with the timecard's worked minutes, against a plain SELECT of
 *    the same bookings.
 * In process (buildApp + inject), on a database `bench_commesse` of the bench's PostgreSQL, or PGlite in memory.
 */
import { sql } from 'drizzle-orm';
import { isoWeekOf } from '@tulip/contract';
import { addDays, localNow, mondayOf } from '../apps/server/src/platform/dates';
import type { PgCluster } from '../test/support/postgres';
import { benchApp, benchDb, timePair } from './inprocess';
import { log, row, type BenchRow } from './lib';

export async function benchCommesse(cluster: PgCluster | null): Promise<BenchRow[]> {
  log(`commesse: the planning grid on ${cluster ? 'PostgreSQL' : 'PGlite'}`);
  const handle = await benchDb(cluster, 'bench_commesse');
  const rows: BenchRow[] = [];
  try {
    const db = handle.db;
    const tz = 'Europe/Rome';
    const today = localNow(tz).data;
    const monday = mondayOf(today);
    // 500 people on a Monday-to-Friday shift, some on leave, 20 orders of 5 phases, two assignments a person a week
    await db.execute(sql`insert into turni (codice, descrizione, fasce, flessibilita, tolleranza, arrotondamento_entrata, arrotondamento_uscita, soglia_straordinario, blocco_straordinario, pausa_minima, notturno)
      values ('GIORNALIERO', 'Giornaliero', '[{"inizio":"08:30","fine":"12:30"},{"inizio":"13:30","fine":"17:30"}]'::jsonb, 30, 5, 15, 15, 30, 30, 30, '{"inizio":"22:00","fine":"06:00"}'::jsonb)`);
    await db.execute(sql`insert into orari_settimanali (codice, descrizione, giorni) select 'STD', 'Lun-ven', jsonb_build_array(id, id, id, id, id, null, null) from turni`);
    await db.execute(sql`insert into reparti (codice, descrizione) values ('PROD', 'Produzione')`);
    await db.execute(sql`insert into dipendenti (matricola, cognome, nome, codice_fiscale, data_assunzione, reparto_id)
      select lpad(g::text, 6, '0'), 'Cognome' || g, 'Nome', 'CF' || lpad(g::text, 14, '0'), '2020-01-01', (select id from reparti) from generate_series(1, 500) g`);
    await db.execute(sql`insert into assegnazioni_orario (dipendente_id, orario_id, dal) select d.id, o.id, '2020-01-01' from dipendenti d, orari_settimanali o`);
    await db.execute(sql`insert into giustificativi (dipendente_id, causale_id, dal, al, stato)
      select d.id, (select id from causali where codice = 'FERIE'), ${addDays(monday, 14)}::date + (d.id % 8) * 7, ${addDays(monday, 18)}::date + (d.id % 8) * 7, 'approvato'
      from dipendenti d where d.id % 5 = 0`);
    await db.execute(sql`insert into commesse (codice, descrizione, data_inizio, visibile_tutti) select 'B-' || g, 'Commessa ' || g, ${monday}, true from generate_series(1, 20) g`);
    await db.execute(sql`insert into commesse_fasi (commessa_id, codice, descrizione, ordine) select c.id, 'F' || g, 'Fase ' || g, g from commesse c, generate_series(1, 5) g`);
    await db.execute(sql`insert into commesse_pianificazioni (commessa_id, fase_id, dipendente_id, settimana, minuti)
      select f.commessa_id, f.id, d.id, ${monday}::date + w * 7, 960 + (d.id % 7) * 60
      from dipendenti d, generate_series(0, 11) w, commesse_fasi f
      where f.id = 1 + ((d.id * 3 + w) % 100) or f.id = 1 + ((d.id * 7 + w + 50) % 100)`);
    const { app, auth } = await benchApp(handle);
    const url = `/api/commesse/pianificazione?dal=${monday}&settimane=12`;
    const check = await app.inject({ url, headers: auth });
    const grid = check.json();
    type Cella = { capacita: number; assegnazioni: unknown[] };
    const planned = (grid.righe as { celle: Cella[] }[]).reduce((n, r) => n + r.celle.reduce((m, c) => m + c.assegnazioni.length, 0), 0);
    if (check.statusCode !== 200 || grid.righe.length !== 500 || planned < 11_000 || !grid.righe[0].celle.some((c: Cella) => c.capacita > 0))
      throw new Error(`pianificazione ${check.statusCode} ${check.body.slice(0, 200)}`);
    const [gridMs, selMs] = await timePair(
      async () => {
        const r = await app.inject({ url, headers: auth });
        if (r.statusCode !== 200) throw new Error(`pianificazione ${r.statusCode}`);
      },
      () => db.execute(sql`select p.id, p.commessa_id, p.fase_id, p.dipendente_id, p.settimana, p.minuti from commesse_pianificazioni p where p.settimana >= ${monday} and p.settimana <= ${addDays(monday, 77)} order by p.settimana`),
    );
    rows.push(
      row('pianificazione-500x12', gridMs, selMs, 'ms GET /api/commesse/pianificazione, 500 employees x 12 weeks with capacity (baseline: plain SELECT of the assignments)', {
        target: '≤ 3×', met: gridMs / selMs <= 3,
      }),
    );
    // a year of bookings on order B-1 by the first 200 people, and a week of another order for each person
    await db.execute(sql`insert into registrazioni (dipendente_id, data, commessa_id, fase_id, minuti, origine, stato)
      select d.id, day::date, f.commessa_id, f.id, 240, 'settimanale', 'approvata'
      from dipendenti d, generate_series(${addDays(monday, -364)}::date, ${addDays(monday, -1)}::date, interval '1 day') day,
           (select * from commesse_fasi where commessa_id = (select id from commesse where codice = 'B-1')) f
      where d.id <= 200 and extract(isodow from day) < 6 and f.ordine in (1 + d.id % 5, 1 + (d.id + 2) % 5)`);
    await db.execute(sql`insert into commesse_costi_mansione (mansione_id, costo_orario) select id, 2850 from mansioni on conflict do nothing`);
    await db.execute(sql`analyze registrazioni`);
    const order = ((await db.execute(sql`select id from commesse where codice = 'B-1'`)) as unknown as { rows: { id: number }[] }).rows[0].id;
    const report = await app.inject({ url: `/api/commesse/${order}/consuntivo`, headers: auth });
    if (report.statusCode !== 200 || report.json().minuti_registrati < 100_000 * 240) throw new Error(`consuntivo ${report.statusCode} ${report.body.slice(0, 200)}`);
    const [repMs, sumMs] = await timePair(
      async () => {
        const r = await app.inject({ url: `/api/commesse/${order}/consuntivo`, headers: auth });
        if (r.statusCode !== 200) throw new Error(`consuntivo ${r.statusCode}`);
      },
      () => db.execute(sql`select fase_id, sum(minuti) from registrazioni where commessa_id = ${order} group by fase_id`),
    );
    rows.push(row('consuntivo-200x1anno', repMs, sumMs, 'ms GET /api/commesse/{id}/consuntivo, a year of bookings by 200 employees with labour cost (baseline: SQL SUM of the bookings)', { target: '≤ 3×', met: repMs / sumMs <= 3 }));

    // the same report costed at each booker's hourly pay on the booking's date × 1.45 (issue #18): a CCNL of three
    // levels with a raise every four months (two components), a contract row for each of the 500 people, and a second
    // row (a promotion) half-way through the year for one in four
    await db.execute(sql`insert into contratti_ccnl (codice, descrizione, mensilita, ore_settimanali, divisore_orario) values ('BENCH', 'CCNL di prova', 13, 40, 173)`);
    await db.execute(sql`insert into contratti_livelli (ccnl_id, codice, descrizione, ordine) select c.id, 'L' || g, 'Livello ' || g, g from contratti_ccnl c, generate_series(1, 3) g where c.codice = 'BENCH'`);
    await db.execute(sql`insert into contratti_voci (ccnl_id, livello_id, voce, decorrenza, importo)
      select l.ccnl_id, l.id, v.voce, ${addDays(monday, -480)}::date + q * 120, (case when v.voce = 'EDR' then 1033 else 180000 + l.ordine * 15000 + q * 2500 end)
      from contratti_livelli l, generate_series(0, 4) q, (values ('Minimo tabellare'), ('EDR')) v(voce)
      where l.ccnl_id = (select id from contratti_ccnl where codice = 'BENCH') and (v.voce <> 'EDR' or q = 0)`);
    await db.execute(sql`insert into contratti_dipendenti (dipendente_id, dal, ccnl_id, livello_id, qualifica, tipo_contratto, superminimo)
      select d.id, '2020-01-01', l.ccnl_id, l.id, 'operaio', 'indeterminato', (d.id % 10) * 1000
      from dipendenti d join contratti_livelli l on l.codice = 'L' || (1 + d.id % 3) and l.ccnl_id = (select id from contratti_ccnl where codice = 'BENCH')`);
    await db.execute(sql`insert into contratti_dipendenti (dipendente_id, dal, ccnl_id, livello_id, qualifica, tipo_contratto, superminimo)
      select c.dipendente_id, ${addDays(monday, -182)}::date, c.ccnl_id, c.livello_id, 'operaio', 'indeterminato', c.superminimo + 5000 from contratti_dipendenti c where c.dipendente_id % 4 = 0`);
    await db.execute(sql`insert into impostazioni (chiave, valore) values ('parametri_commesse', '{"costo_orario":"retribuzione","coefficiente_costi_indiretti":1.45}')`);
    await db.execute(sql`analyze contratti_voci`);
    await db.execute(sql`analyze contratti_dipendenti`);
    const paid = await app.inject({ url: `/api/commesse/${order}/consuntivo`, headers: auth });
    if (paid.statusCode !== 200 || paid.json().costo_orario !== 'retribuzione' || paid.json().minuti_costo_mansione !== 0 || paid.json().costo_registrato <= report.json().costo_registrato)
      throw new Error(`consuntivo retribuzione ${paid.statusCode} ${paid.body.slice(0, 300)}`);
    const [payMs, paySumMs] = await timePair(
      async () => {
        const r = await app.inject({ url: `/api/commesse/${order}/consuntivo`, headers: auth });
        if (r.statusCode !== 200) throw new Error(`consuntivo ${r.statusCode}`);
      },
      () => db.execute(sql`select fase_id, sum(minuti) from registrazioni where commessa_id = ${order} group by fase_id`),
    );
    rows.push(
      row('consuntivo-retribuzione-200x1anno', payMs, paySumMs, 'ms GET /api/commesse/{id}/consuntivo costed at each booker\'s hourly pay on the date × 1.45, periods from the CCNL tables and contract rows in SQL (baseline: SQL SUM of the bookings)', {
        target: '≤ 3×', met: payMs / paySumMs <= 3,
      }),
    );
    await db.execute(sql`delete from impostazioni where chiave = 'parametri_commesse'`);

    const who = 7;
    const week = isoWeekOf(addDays(monday, -7));
    const lastMonday = addDays(monday, -7);
    const weekGrid = await app.inject({ url: `/api/rilevazione/settimana?dipendente=${who}&settimana=${week}`, headers: auth });
    if (weekGrid.statusCode !== 200 || !weekGrid.json().righe.length) throw new Error(`settimana ${weekGrid.statusCode} ${weekGrid.body.slice(0, 200)}`);
    const [weekMs, weekSelMs] = await timePair(
      async () => {
        const r = await app.inject({ url: `/api/rilevazione/settimana?dipendente=${who}&settimana=${week}`, headers: auth });
        if (r.statusCode !== 200) throw new Error(`settimana ${r.statusCode}`);
      },
      // what the grid reads, as plain SELECTs issued together: the week's bookings with their order and phase, and
      // what the timecard's worked minutes come from (the punches, the shift calendar, leave, holidays), the week's
      // state, the closed months and the parameters
      () => {
        const from = addDays(lastMonday, -1);
        const to = addDays(lastMonday, 7);
        return Promise.all([
          db.execute(sql`select r.commessa_id, c.codice, c.descrizione, c.stato, r.fase_id, f.codice, f.descrizione, r.data, r.origine, r.minuti
            from registrazioni r join commesse c on c.id = r.commessa_id left join commesse_fasi f on f.id = r.fase_id
            where r.dipendente_id = ${who} and r.data between ${lastMonday}::date and ${addDays(lastMonday, 6)}::date`),
          db.execute(sql`select id, ts, verso, fonte, stato from timbrature where dipendente_id = ${who} and ts >= ${from}::timestamp at time zone ${tz} and ts < ${addDays(to, 1)}::timestamp at time zone ${tz}`),
          db.execute(sql`select a.dal, a.al, o.giorni from assegnazioni_orario a join orari_settimanali o on o.id = a.orario_id where a.dipendente_id = ${who} and a.dal <= ${to} and (a.al is null or a.al >= ${from})`),
          db.execute(sql`select * from turni`),
          db.execute(sql`select data, turno_id from calendario_servizi where dipendente_id = ${who} and data between ${from}::date and ${to}::date`),
          db.execute(sql`select c.codice, c.unita, g.dal, g.al, g.minuti from giustificativi g join causali c on c.id = g.causale_id where g.dipendente_id = ${who} and g.dal <= ${to} and g.al >= ${from} and g.stato = 'approvato'`),
          db.execute(sql`select data, tipo from festivita where data between ${from}::date and ${to}::date`),
          db.execute(sql`select stato, motivo from registrazioni_settimane where dipendente_id = ${who} and lunedi = ${lastMonday}`),
          db.execute(sql`select mese from mesi_chiusi where mese in (${lastMonday.slice(0, 7)}, ${addDays(lastMonday, 6).slice(0, 7)})`),
          db.execute(sql`select valore from impostazioni where chiave = 'parametri_rilevazione'`),
        ]);
      },
    );
    // the bookings' SELECT alone (the baseline until issue #30 made it read what the grid reads), for the record
    const [bookingsMs] = await timePair(
      () => db.execute(sql`select commessa_id, fase_id, data, minuti, origine from registrazioni where dipendente_id = ${who} and data between ${lastMonday}::date and ${addDays(lastMonday, 6)}::date`),
      () => undefined,
    );
    rows.push(
      row('settimana-1-dipendente', weekMs, weekSelMs, `ms GET /api/rilevazione/settimana for one employee, with the timecard's worked minutes (baseline: the plain SELECTs of the same data, issued together; the bookings' SELECT alone ${bookingsMs.toFixed(2)} ms)`, {
        target: '≤ 3×', met: weekMs / weekSelMs <= 3,
      }),
    );
    await app.close();
  } finally {
    await handle.close();
  }
  return rows.map((r) => ({ ...r, name: `${r.name}${cluster ? '' : ' (pglite)'}` }));
}
