/** What the note's form reads (types, currencies, the employee's own cars), a line's receipt behind the note's scope, and the caller's language. */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { CurrentUser } from '../../platform/guard';
import { userLanguage as languageOf } from '../anagrafica';
import { tipiPagamento, tipiSpesa, valute, veicoli } from './tables';

export async function references(db: Db, user: CurrentUser) {
  const [tipi, pagamenti, currencies, cars] = await Promise.all([
    db
      .select({
        codice: tipiSpesa.codice, descrizione: tipiSpesa.descrizione, categoria: tipiSpesa.categoria, massimale: tipiSpesa.massimale, massimale_per: tipiSpesa.massimale_per,
        ricevuta_obbligatoria: tipiSpesa.ricevuta_obbligatoria,
      })
      .from(tipiSpesa)
      .where(eq(tipiSpesa.attivo, true))
      .orderBy(asc(tipiSpesa.descrizione)),
    db
      .select({ codice: tipiPagamento.codice, descrizione: tipiPagamento.descrizione, tracciabile: tipiPagamento.tracciabile, pagata_azienda: tipiPagamento.pagata_azienda })
      .from(tipiPagamento)
      .where(eq(tipiPagamento.attivo, true))
      .orderBy(asc(tipiPagamento.descrizione)),
    db.select({ codice: valute.codice, simbolo: valute.simbolo, decimali: valute.decimali }).from(valute).where(eq(valute.attiva, true)).orderBy(asc(valute.codice)),
    db
      .select({ id: veicoli.id, targa: veicoli.targa, descrizione: sql<string>`${veicoli.marca} || ' ' || ${veicoli.modello}`, dipendente_id: veicoli.dipendente_id })
      .from(veicoli)
      // the caller's own cars; HR, who writes notes for others, sees every employee's own car
      .where(and(eq(veicoli.attivo, true), user.profilo?.scope === 'tutti' ? sql`${veicoli.dipendente_id} is not null` : or(eq(veicoli.dipendente_id, user.dipendente_id ?? -1))))
      .orderBy(asc(veicoli.targa)),
  ]);
  return { tipi_spesa: tipi.map((t) => ({ ...t, categoria: t.categoria as never, massimale_per: t.massimale_per as 'voce' | 'giorno' })), tipi_pagamento: pagamenti, valute: currencies, veicoli: cars };
}

export const userLanguage = (deps: AppDeps, user: CurrentUser) => languageOf(deps.db, user.id, deps.defaultLang);
