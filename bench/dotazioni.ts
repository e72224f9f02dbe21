/**
 * Equipment figures (issue #17), against a baseline measured in the same run: the "who lacks what" report
 * (GET /api/dotazioni/mancanti: every employee's mandatory kit in force against what they hold, valid or expired) over
 * 2,000 employees with a five-type kit and 20,000 delivered lines, against a plain SELECT ... GROUP BY of the held lines
 * per employee and type. In process (buildApp + inject), on a database `bench_dotazioni` of the bench's PostgreSQL, or
 * PGlite in memory.
 */
import { sql } from 'drizzle-orm';
import { localNow } from '../apps/server/src/platform/dates';
import type { PgCluster } from '../test/support/postgres';
import { benchApp, benchDb, timePair } from './inprocess';
import { log, row, type BenchRow } from './lib';

export async function benchDotazioni(cluster: PgCluster | null): Promise<BenchRow[]> {
  log(`dotazioni: who lacks what over 2,000 employees on ${cluster ? 'PostgreSQL' : 'PGlite'}`);
  const handle = await benchDb(cluster, 'bench_dotazioni');
  try {
    const db = handle.db;
    const today = localNow('Europe/Rome').data;
    await db.execute(sql`insert into reparti (codice, descrizione) values ('PROD', 'Produzione')`);
    await db.execute(sql`insert into mansioni (codice, descrizione) values ('OPE', 'Operaio')`);
    await db.execute(sql`insert into dipendenti (matricola, cognome, nome, codice_fiscale, data_assunzione, reparto_id, mansione_id)
      select lpad(g::text, 6, '0'), 'Cognome' || g, 'Nome', 'CF' || lpad(g::text, 14, '0'), '2020-01-01', (select id from reparti), (select id from mansioni) from generate_series(1, 2000) g`);
    await db.execute(sql`insert into dotazioni_tipologie (codice, descrizione, dpi, categoria, durata_mesi) select 'T' || g, 'Tipo ' || g, true, 'II', 12 from generate_series(1, 5) g`);
    await db.execute(sql`insert into dotazioni_articoli (tipologia_id, marca, modello, marcatura_ce) select id, 'Marca', 'Modello ' || id, true from dotazioni_tipologie`);
    await db.execute(sql`insert into dotazioni_kit (mansione_id, tipologia_id, quantita, obbligatoria) select (select id from mansioni), id, 2, true from dotazioni_tipologie`);
    // 10,000 deliveries of two lines: most hold their kit, some are expired, some lack a type
    await db.execute(sql`insert into dotazioni_consegne (dipendente_id, data, causale) select 1 + g % 2000, ${today}::date - (g % 500), 'prima_consegna' from generate_series(1, 10000) g`);
    await db.execute(sql`insert into dotazioni_consegne_righe (consegna_id, articolo_id, tipologia_id, quantita, scadenza, in_dotazione)
      select c.id, a.id, a.tipologia_id, 1, c.data + 365, 1 from dotazioni_consegne c join dotazioni_articoli a on (a.id + c.id) % 5 in (0, 1)`);
    await db.execute(sql`analyze dotazioni_consegne_righe`);
    await db.execute(sql`analyze dotazioni_consegne`);
    const { app, auth } = await benchApp(handle);
    const url = '/api/dotazioni/mancanti';
    const check = await app.inject({ url, headers: auth });
    if (check.statusCode !== 200 || !Array.isArray(check.json()) || !check.json().length) throw new Error(`mancanti ${check.statusCode} ${check.body.slice(0, 200)}`);
    const [reportMs, groupMs] = await timePair(
      async () => {
        const r = await app.inject({ url, headers: auth });
        if (r.statusCode !== 200) throw new Error(`mancanti ${r.statusCode}`);
      },
      () =>
        db.execute(sql`select c.dipendente_id, r.tipologia_id, sum(r.in_dotazione) filter (where r.scadenza >= ${today}), sum(r.in_dotazione) filter (where r.scadenza < ${today})
          from dotazioni_consegne_righe r join dotazioni_consegne c on c.id = r.consegna_id where c.stato = 'valida' and r.in_dotazione > 0 group by 1, 2`),
    );
    await app.close();
    const r = row('mancanti-2000-dipendenti', reportMs, groupMs, 'ms GET /api/dotazioni/mancanti (mandatory kit against held items, valid and expired), 2,000 employees, 20,000 lines (baseline: SELECT ... GROUP BY of the held lines)', {
      target: '≤ 3×', met: reportMs / groupMs <= 3,
    });
    return [{ ...r, name: `${r.name}${cluster ? '' : ' (pglite)'}` }];
  } finally {
    await handle.close();
  }
}
