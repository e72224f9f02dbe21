/**
 * Expense notes (issue #16): payment and expense types, vehicles and currencies as generic resources, then the module's
 * operations (packages/contract/src/ops/spese.ts), each a thin handler over one service function.
 */
import { localNow } from '../../platform/dates';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ALIMENTAZIONI, OPS_SPESE, RES_TARIFFE_ACI, RES_TIPI_PAGAMENTO, RES_TIPI_SPESA, RES_VALUTE, RES_VEICOLI } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { sendXlsx } from '../../platform/export/xlsx';
import { currentUser, type CurrentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { codeLabel, defineResource } from '../../platform/resource';
import { dipendenti } from '../anagrafica';
import { importEcb, latestRates, listRates, saveRate } from './cambi';
import { linesWorkbook, listLines, notePdf, notesWorkbook, payrollExportSpese } from './documenti';
import { references, userLanguage } from './riferimenti';
import { sendFile } from '../../platform/files';
import {
  addAdvance, addLine, costFromAci, createNote, priceWaitingLines, receiptOf, decideNote, deleteAdvance, deleteLine, deleteNote, listNotes, readNote, recentDecisions, reopenNote, reviewLine, sendNote,
  settleNotes, updateLine, updateNote,
} from './service';
import { readParametriSpese, saveParametriSpese } from './parametri';
import { tariffeAci, tipiPagamento, tipiSpesa, valute, veicoli, veicoliCosti } from './tables';

/** An employee sees and registers their own cars; a profile that sees everyone, every car. */
const seesAllCars = (user: CurrentUser) => user.profilo?.scope === 'tutti';
/**
 * The cost per km is money the company pays: only a profile that manages every employee's cars (HR, administrators:
 * scope `tutti` and the vehicles' screen) sets it, never the car's owner.
 */
const setsCostoKm = (user: CurrentUser) => seesAllCars(user) && !!user.profilo?.routes.includes('veicoli');

type CostoKm = { anno: number; euro_km: string };
const sameCosts = (a: CostoKm[], b: CostoKm[]) => {
  const key = (c: CostoKm[]) => JSON.stringify(c.map((x) => [x.anno, x.euro_km]).sort((x, y) => Number(x[0]) - Number(y[0])));
  return key(a) === key(b);
};

function resources(app: FastifyInstance, { db, config }: AppDeps) {
  const tz = config.timezone;
  defineResource(app, db, {
    resource: RES_TIPI_PAGAMENTO, table: tipiPagamento, idColumn: tipiPagamento.id,
    columns: {
      id: tipiPagamento.id, codice: tipiPagamento.codice, descrizione: tipiPagamento.descrizione, tracciabile: tipiPagamento.tracciabile,
      pagata_azienda: tipiPagamento.pagata_azienda, attivo: tipiPagamento.attivo,
    },
    search: [tipiPagamento.codice, tipiPagamento.descrizione], defaultSort: 'codice',
    lookup: { value: tipiPagamento.codice, label: tipiPagamento.descrizione },
    model: () => ({ codice: '', descrizione: '', tracciabile: true, pagata_azienda: false, attivo: true }),
  });

  defineResource(app, db, {
    resource: RES_TIPI_SPESA, table: tipiSpesa, idColumn: tipiSpesa.id,
    columns: {
      id: tipiSpesa.id, codice: tipiSpesa.codice, descrizione: tipiSpesa.descrizione, categoria: tipiSpesa.categoria, massimale: tipiSpesa.massimale,
      massimale_per: tipiSpesa.massimale_per, ricevuta_obbligatoria: tipiSpesa.ricevuta_obbligatoria, codice_paghe: tipiSpesa.codice_paghe,
      codice_paghe_imponibile: tipiSpesa.codice_paghe_imponibile, attivo: tipiSpesa.attivo,
    },
    search: [tipiSpesa.codice, tipiSpesa.descrizione], defaultSort: 'codice', filters: { categoria: tipiSpesa.categoria },
    lookup: { value: tipiSpesa.codice, label: tipiSpesa.descrizione },
    model: () => ({ codice: '', descrizione: '', categoria: 'ALTRO', massimale_per: 'voce', ricevuta_obbligatoria: true, attivo: true }),
  });

  const veicoliRes = defineResource(app, db, {
    resource: RES_VEICOLI, table: veicoli, idColumn: veicoli.id,
    columns: {
      id: veicoli.id, targa: veicoli.targa, marca: veicoli.marca, modello: veicoli.modello, alimentazione: veicoli.alimentazione, dipendente_id: veicoli.dipendente_id,
      dipendente_nome: sql<string | null>`${dipendenti.cognome} || ' ' || ${dipendenti.nome}`.as('dipendente_nome'), attivo: veicoli.attivo,
    },
    joins: (q) => q.leftJoin(dipendenti, eq(dipendenti.id, veicoli.dipendente_id)),
    search: [veicoli.targa, veicoli.marca, veicoli.modello, dipendenti.cognome], defaultSort: 'targa', filters: { dipendente_id: veicoli.dipendente_id },
    lookup: { value: veicoli.id, label: sql<string>`${veicoli.targa} || ' - ' || ${veicoli.marca} || ' ' || ${veicoli.modello}` },
    scope: (user) => (seesAllCars(user) ? undefined : eq(veicoli.dipendente_id, user.dipendente_id ?? -1)),
    // an employee's car is always their own: naming someone else's is refused as out of scope; and its cost per km is
    // HR's: an employee sends none, or the very costs HR set (a form sent back as it was read)
    beforeWrite: async (_tx, v, { user, existing }) => {
      if (!seesAllCars(user) && v.dipendente_id != null && v.dipendente_id !== user.dipendente_id) throw notFound();
      if (!setsCostoKm(user) && v.costo_km !== undefined && !sameCosts(v.costo_km, (existing?.costo_km as CostoKm[] | undefined) ?? [])) {
        throw new AppError(403, 'avvisi.costo_km_riservato');
      }
    },
    // the mileage lines that waited for a cost now set are priced with it
    afterWrite: async (tx, id, v) => {
      if (v.costo_km !== undefined) await priceWaitingLines(tx, Number(id));
    },
    toValues: (v, { user }) => (seesAllCars(user) ? v : { ...v, dipendente_id: user.dipendente_id }),
    model: () => ({ targa: '', marca: '', modello: '', alimentazione: 'benzina', attivo: true, costo_km: [] }),
    children: {
      costo_km: {
        table: veicoliCosti, idColumn: veicoliCosti.id, parentColumn: veicoliCosti.veicolo_id, orderBy: veicoliCosti.anno,
        columns: { id: veicoliCosti.id, anno: veicoliCosti.anno, euro_km: veicoliCosti.euro_km },
      },
    },
  });

  defineResource(app, db, {
    resource: RES_TARIFFE_ACI, table: tariffeAci, idColumn: tariffeAci.id,
    columns: { id: tariffeAci.id, anno: tariffeAci.anno, descrizione: tariffeAci.descrizione, alimentazione: tariffeAci.alimentazione, euro_km: tariffeAci.euro_km },
    search: [tariffeAci.descrizione], defaultSort: '-anno,descrizione', filters: { anno: tariffeAci.anno, alimentazione: tariffeAci.alimentazione },
    lookup: { value: tariffeAci.id, label: sql<string>`${tariffeAci.anno} || ' - ' || ${tariffeAci.descrizione} || ' (' || ${tariffeAci.alimentazione} || ') ' || ${tariffeAci.euro_km}` },
    model: () => ({ anno: Number(localNow(tz).data.slice(0, 4)), descrizione: '', alimentazione: ALIMENTAZIONI[0], euro_km: '' }),
  });

  defineResource(app, db, {
    resource: RES_VALUTE, table: valute, idColumn: valute.codice,
    columns: {
      codice: valute.codice, nome: valute.nome, simbolo: valute.simbolo, decimali: valute.decimali, attiva: valute.attiva,
      ultimo_cambio: sql<string | null>`null`.as('ultimo_cambio'), ultima_data: sql<string | null>`null`.as('ultima_data'),
    },
    search: [valute.codice, valute.nome], defaultSort: 'codice',
    lookup: { value: valute.codice, label: codeLabel(valute.codice, valute.nome) },
    model: () => ({ codice: '', nome: '', decimali: 2, attiva: true }),
    decorate: async (dbx, rows) => {
      const last = await latestRates(dbx, rows.map((r) => String(r.codice)));
      return rows.map((r) => ({ ...r, ultimo_cambio: last.get(String(r.codice))?.cambio ?? null, ultima_data: last.get(String(r.codice))?.data ?? null }));
    },
    beforeDelete: async (_tx, row) => {
      if (row.codice === 'EUR') throw new AppError(409, 'avvisi.in_uso');
    },
  });
  return { veicoli: veicoliRes };
}

export function speseRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const tz = deps.config.timezone;
  const { veicoli: veicoliRes } = resources(app, deps);

  routes(app, OPS_SPESE, {
    cambi: async (req) => listRates(db, req.params.codice, req.query),
    salvaCambio: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', params: { context: 'cambio' }, data: await saveRate(db, currentUser(req), req.params.codice, req.body) }),
    importaCambi: async (req) => importEcb(db, currentUser(req), req.body.testo, req.body.conferma),

    costoDaAci: async (req) => {
      const user = currentUser(req);
      const anno = await costFromAci(db, user, req.params.id, req.body.tariffa_id);
      return { message: 'avvisi.costo_aci_ok', params: { anno }, data: (await veicoliRes.readOne(db, user, req.params.id)) as never };
    },
    parametri: async () => readParametriSpese(db),
    salvaParametri: async (req) => ({ message: 'avvisi.updated', data: await saveParametriSpese(db, currentUser(req), req.body) }),

    riferimenti: async (req) => references(db, currentUser(req)),
    elenco: async (req) => listNotes(db, tz, currentUser(req), req.query),
    excel: async (req, reply) => {
      const { wb, filename } = await notesWorkbook(db, tz, currentUser(req), req.query);
      return sendXlsx(reply, wb, filename);
    },
    crea: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', params: { context: 'nota_spese' }, data: await createNote(db, tz, currentUser(req), req.body) }),
    dettaglio: async (req) => readNote(db, tz, currentUser(req), req.params.id),
    modifica: async (req) => ({ message: 'avvisi.updated', params: { context: 'nota_spese' }, data: await updateNote(db, tz, currentUser(req), req.params.id, req.body) }),
    elimina: async (req, reply) => {
      await deleteNote(db, currentUser(req), req.params.id);
      return reply.status(204).send();
    },
    pdf: async (req, reply) => {
      const user = currentUser(req);
      const { pdf, filename } = await notePdf(db, tz, user, req.params.id, await userLanguage(deps, user));
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(Buffer.from(pdf));
    },

    aggiungiRiga: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', params: { context: 'riga_spesa' }, data: await addLine(db, currentUser(req), req.params.id, req.body) }),
    modificaRiga: async (req) => ({ message: 'avvisi.updated', params: { context: 'riga_spesa' }, data: await updateLine(db, currentUser(req), req.params.id, req.params.riga, req.body) }),
    eliminaRiga: async (req, reply) => {
      await deleteLine(db, currentUser(req), req.params.id, req.params.riga);
      return reply.status(204).send();
    },
    rivediRiga: async (req) => {
      const { riga, riaperta } = await reviewLine(db, currentUser(req), req.params.id, req.params.riga, req.body);
      return { message: riaperta ? 'avvisi.nota_riportata_in_approvazione' : 'avvisi.riga_rivista_ok', data: riga };
    },
    ricevuta: async (req, reply) => sendFile(reply, await receiptOf(db, currentUser(req), req.params.id, req.params.riga), 'inline'),
    righe: async (req) => listLines(db, currentUser(req), req.query),
    righeExcel: async (req, reply) => {
      const { wb, filename } = await linesWorkbook(db, currentUser(req), req.query);
      return sendXlsx(reply, wb, filename);
    },

    aggiungiAnticipo: async (req, reply) => reply.status(201).send({ message: 'avvisi.anticipo_ok', data: await addAdvance(db, currentUser(req), req.params.id, req.body) }),
    eliminaAnticipo: async (req, reply) => {
      await deleteAdvance(db, currentUser(req), req.params.id, req.params.riga);
      return reply.status(204).send();
    },

    invia: async (req) => ({ message: 'avvisi.nota_inviata_ok', data: await sendNote(db, tz, currentUser(req), req.params.id) }),
    riapri: async (req) => ({ message: 'avvisi.nota_riaperta_ok', data: await reopenNote(db, tz, currentUser(req), req.params.id) }),
    approva: async (req) => ({ message: 'avvisi.nota_approvata_ok', data: await decideNote(deps, currentUser(req), req.params.id, 'approvata') }),
    rifiuta: async (req) => ({ message: 'avvisi.nota_rifiutata_ok', data: await decideNote(deps, currentUser(req), req.params.id, 'rifiutata', req.body.motivo) }),
    liquida: async (req) => ({ message: 'avvisi.nota_liquidata_ok', data: (await settleNotes(deps, currentUser(req), [req.params.id], req.body))[0] }),
    liquidaMolte: async (req) => {
      const notes = await settleNotes(deps, currentUser(req), req.body.ids, req.body);
      return { message: 'avvisi.note_liquidate_ok', params: { count: notes.length }, data: { liquidate: notes.length } };
    },
    paghe: async (req, reply) => {
      const f = await payrollExportSpese(db, currentUser(req), req.query.mese, req.query.formato);
      return reply.header('content-type', f.contentType).header('content-disposition', `attachment; filename="${f.filename}"`).send(f.body);
    },
    decisioni: async (req) => recentDecisions(db, tz, currentUser(req)),
  });
}
