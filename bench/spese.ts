/**
 * Expense figures (issue #16), against a baseline measured in the same run: the managers' list of notes
 * (GET /api/notaspese, a page with each note's totals and the totals of all that match) over 50,000 lines of 5,000
 * notes, against a plain SELECT ... GROUP BY of the same lines. In process (buildApp + inject), on a database
 * `bench_spese` of the bench's PostgreSQL, or PGlite in memory.
 */
import { sql } from 'drizzle-orm';
import { localNow } from '../apps/server/src/platform/dates';
import { manifest as spese } from '../apps/server/src/modules/spese';
import type { PgCluster } from '../test/support/postgres';
import { benchApp, benchDb, timePair } from './inprocess';
import { log, row, type BenchRow } from './lib';

export async function benchSpese(cluster: PgCluster | null): Promise<BenchRow[]> {
  log(`spese: the notes' list over 50,000 lines on ${cluster ? 'PostgreSQL' : 'PGlite'}`);
  const handle = await benchDb(cluster, 'bench_spese');
  try {
    const db = handle.db;
    await spese.seed!.base!(db);
    const today = localNow('Europe/Rome').data;
    await db.execute(sql`insert into reparti (codice, descrizione) values ('PROD', 'Produzione')`);
    await db.execute(sql`insert into dipendenti (matricola, cognome, nome, codice_fiscale, data_assunzione, reparto_id)
      select lpad(g::text, 6, '0'), 'Cognome' || g, 'Nome', 'CF' || lpad(g::text, 14, '0'), '2020-01-01', (select id from reparti) from generate_series(1, 500) g`);
    // 5,000 notes over a year, in every state HR sees (a draft is its author's until sent), ten lines each with their amounts already split
    await db.execute(sql`insert into spese_note (dipendente_id, descrizione, stato, data, destinazione, estero, comune_sede, dal, al, regime)
      select 1 + g % 500, 'Trasferta ' || g, (array['inviata','inviata','approvata','liquidata','liquidata'])[1 + g % 5], ${today}::date - (g % 365),
        'Milano', false, false, ${today}::date - (g % 365), ${today}::date - (g % 365) + 1, 'misto'
      from generate_series(1, 5000) g`);
    await db.execute(sql`insert into spese_righe (nota_id, data, tipo_spesa_id, importo, valuta, tipo_pagamento_id, documentata, importo_eur, rimborsabile, esente, imponibile, avvisi)
      select n.id, n.dal, t.id, 1000 + (n.id * 7 + k) % 9000, 'EUR', p.id, true, 1000 + (n.id * 7 + k) % 9000, 1000 + (n.id * 7 + k) % 9000,
        case when k % 3 = 0 then 0 else 1000 + (n.id * 7 + k) % 9000 end, case when k % 3 = 0 then 1000 + (n.id * 7 + k) % 9000 else 0 end,
        case when k % 3 = 0 then '["non_tracciabile"]'::jsonb else '[]'::jsonb end
      from spese_note n, generate_series(1, 10) k,
        (select id from spese_tipi_spesa where codice = 'VITTO') t, (select id from spese_tipi_pagamento where codice = 'CONTANTI') p`);
    await db.execute(sql`analyze spese_righe`);
    await db.execute(sql`analyze spese_note`);
    const { app, auth } = await benchApp(handle);
    const url = '/api/notaspese?size=50';
    const check = await app.inject({ url, headers: auth });
    const body = check.json();
    if (check.statusCode !== 200 || body.total !== 5000 || body.rows.length !== 50 || body.totali.rimborsabile <= 0) throw new Error(`notaspese ${check.statusCode} ${check.body.slice(0, 200)}`);
    const [listMs, groupMs] = await timePair(
      async () => {
        const r = await app.inject({ url, headers: auth });
        if (r.statusCode !== 200) throw new Error(`notaspese ${r.statusCode}`);
      },
      () => db.execute(sql`select nota_id, sum(importo_eur), sum(rimborsabile), sum(esente), sum(imponibile), count(*) from spese_righe group by nota_id`),
    );
    await app.close();
    const r = row('notaspese-50000-righe', listMs, groupMs, 'ms GET /api/notaspese (a page of notes with their totals and the totals of all), 50,000 lines of 5,000 notes (baseline: SELECT ... GROUP BY of the lines)');
    return [{ ...r, name: `${r.name}${cluster ? '' : ' (pglite)'}` }];
  } finally {
    await handle.close();
  }
}
