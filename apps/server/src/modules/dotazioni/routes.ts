/**
 * Equipment and PPE (issue #17): types and articles as generic resources (the articles' answers carry their stock),
 * then the module's operations (packages/contract/src/ops/dotazioni.ts), each a thin handler over one service function.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { OPS_DOTAZIONI, RES_ARTICOLI_DOTAZIONE, RES_TIPOLOGIE_DOTAZIONE, categoriaDpi, formazioneRichiesta, requisitoArticolo, type TArticolo, type TCategoriaDpi, type TTipologia } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { sendXlsx } from '../../platform/export/xlsx';
import { readFile, sendFile } from '../../platform/files';
import { currentUser } from '../../platform/guard';
import { routes, sendJsonText } from '../../platform/operation';
import { codeLabel, defineResource } from '../../platform/resource';
import { missingWorkbook } from './export';
import {
  addMovement, addReturn, informationNote, addTraining, cancelDelivery, createDelivery, dueList, employeeCardInScope, listDeliveries, listMansioniKit, listMovements, listUnits, missingReport, missingReportJson, ownCard,
  proposal, readDelivery, readKit, recordInspection, reorderList, saveKit, saveSizes, setUnitState, signDelivery, verbaleOf, withStock,
} from './service';
import { articoli, movimenti, tipologie } from './tables';

function resources(app: FastifyInstance, { db }: AppDeps) {
  defineResource(app, db, {
    resource: RES_TIPOLOGIE_DOTAZIONE, table: tipologie, idColumn: tipologie.id,
    columns: {
      id: tipologie.id, codice: tipologie.codice, descrizione: tipologie.descrizione, dpi: tipologie.dpi, categoria: tipologie.categoria, protezione: tipologie.protezione,
      norma: tipologie.norma, durata_mesi: tipologie.durata_mesi, ispezione_mesi: tipologie.ispezione_mesi, vita_utile_mesi: tipologie.vita_utile_mesi, taglie: tipologie.taglie, tipo_taglia: tipologie.tipo_taglia,
      restituibile: tipologie.restituibile, numero_serie: tipologie.numero_serie, formazione: tipologie.formazione, attivo: tipologie.attivo,
    },
    search: [tipologie.codice, tipologie.descrizione, tipologie.norma], defaultSort: 'descrizione', filters: { dpi: tipologie.dpi },
    lookup: { value: tipologie.id, label: codeLabel(tipologie.codice, tipologie.descrizione) },
    model: () => ({ codice: '', descrizione: '', dpi: true, categoria: 'II', taglie: false, restituibile: false, numero_serie: false, formazione: false, attivo: true }),
    // sizes and serial numbers shape the stock: once an article of the type has moved, they stay as they are
    beforeWrite: async (tx, v, { existing }) => {
      if (!existing || (existing.taglie === v.taglie && existing.numero_serie === v.numero_serie)) return;
      const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(movimenti).innerJoin(articoli, eq(articoli.id, movimenti.articolo_id)).where(eq(articoli.tipologia_id, Number(existing.id)));
      if (Number(used?.n)) throw new AppError(409, 'avvisi.in_uso');
    },
    // the category the law gives (hearing, fall, respiratory protection: III, Reg. UE 2016/425 Annex I) and the
    // training it then requires (D.Lgs 81/2008 art. 77 c. 5) are stored, whatever was sent: an HR office keeps the
    // record right rather than retyping it, and the form shows the category locked with the reason before saving
    toValues: (v: TTipologia) => {
      const categoria = v.dpi ? categoriaDpi(v.protezione, v.categoria) : null;
      return {
        ...v, categoria, protezione: v.dpi ? (v.protezione ?? null) : null, tipo_taglia: v.taglie ? (v.tipo_taglia ?? null) : null,
        formazione: formazioneRichiesta({ dpi: v.dpi, categoria, protezione: v.protezione ?? null, formazione: v.formazione }),
      };
    },
  });

  defineResource(app, db, {
    resource: RES_ARTICOLI_DOTAZIONE, table: articoli, idColumn: articoli.id,
    columns: {
      id: articoli.id, tipologia_id: articoli.tipologia_id, tipologia_codice: tipologie.codice, tipologia_descrizione: tipologie.descrizione, dpi: tipologie.dpi,
      categoria: tipologie.categoria, taglie: tipologie.taglie, numero_serie: tipologie.numero_serie, marca: articoli.marca, modello: articoli.modello, fornitore: articoli.fornitore,
      costo: articoli.costo, marcatura_ce: articoli.marcatura_ce, organismo_notificato: articoli.organismo_notificato, nota_file_id: articoli.nota_file_id,
      scorta_minima: articoli.scorta_minima, attivo: articoli.attivo, vita_utile_mesi: tipologie.vita_utile_mesi,
      giacenze: sql<null>`null`.as('giacenze'), lotti: sql<null>`null`.as('lotti'), giacenza: sql<number>`0`.as('giacenza'), sotto_scorta: sql<boolean>`false`.as('sotto_scorta'),
    },
    joins: (q) => q.innerJoin(tipologie, eq(tipologie.id, articoli.tipologia_id)),
    search: [articoli.marca, articoli.modello, articoli.fornitore, tipologie.descrizione], defaultSort: 'tipologia_descrizione', filters: { tipologia_id: articoli.tipologia_id },
    lookup: { value: articoli.id, label: sql<string>`${tipologie.descrizione} || ' - ' || ${articoli.marca} || ' ' || ${articoli.modello}` },
    model: () => ({ marca: '', modello: '', marcatura_ce: true, attivo: true }),
    decorate: (dbx, rows) => withStock(dbx, rows),
    // a DPI carries its CE marking, category III the notified body's number (Reg. UE 2016/425); the information note is a PDF
    beforeWrite: async (tx, v: TArticolo) => {
      const [t] = await tx.select().from(tipologie).where(eq(tipologie.id, v.tipologia_id));
      if (!t) throw badRequest({ tipologia_id: 'avvisi.valore_non_valido' });
      const missing = requisitoArticolo({ dpi: t.dpi, categoria: t.categoria as TCategoriaDpi | null }, v);
      if (missing) throw new AppError(400, `avvisi.${missing}`, { fields: { [missing === 'dpi_senza_ce' ? 'marcatura_ce' : 'organismo_notificato']: `avvisi.${missing}` } });
      if (v.nota_file_id) {
        const f = await readFile(tx, v.nota_file_id);
        if (!f || f.tipo !== 'application/pdf') throw badRequest({ nota_file_id: 'avvisi.valore_non_valido' });
      }
    },
  });
}

export function dotazioniRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const tz = deps.config.timezone;
  resources(app, deps);
  const article = async (id: number) => {
    const [a] = await db.select({ id: articoli.id }).from(articoli).where(eq(articoli.id, id));
    if (!a) throw notFound();
  };
  const articleRow = async (id: number) => (await withStock(db, await db.select().from(articoli).innerJoin(tipologie, eq(tipologie.id, articoli.tipologia_id)).where(eq(articoli.id, id)).then((r) => r.map(({ dotazioni_articoli: a, dotazioni_tipologie: t }) => ({
    ...a, tipologia_codice: t.codice, tipologia_descrizione: t.descrizione, dpi: t.dpi, categoria: t.categoria as TCategoriaDpi | null, taglie: t.taglie, numero_serie: t.numero_serie,
    vita_utile_mesi: t.vita_utile_mesi,
  })))))[0];

  routes(app, OPS_DOTAZIONI, {
    nota: async (req, reply) => sendFile(reply, await informationNote(db, req.params.id), 'inline'),
    movimenti: async (req) => {
      await article(req.params.id);
      return { rows: await listMovements(db, tz, req.params.id), total: 0 };
    },
    movimento: async (req, reply) => {
      await addMovement(db, tz, currentUser(req), req.params.id, req.body);
      return reply.status(201).send({ message: 'avvisi.created', params: { context: 'movimento' }, data: await articleRow(req.params.id) });
    },
    unita: async (req) => {
      await article(req.params.id);
      return listUnits(db, req.params.id);
    },
    statoUnita: async (req) => ({ message: 'avvisi.updated', params: { context: 'unita' }, data: await setUnitState(db, currentUser(req), req.params.id, req.body.stato, req.body.motivo) }),
    riordino: async () => reorderList(db),

    mansioni: async () => listMansioniKit(db),
    kit: async (req) => readKit(db, req.params.mansione_id),
    salvaKit: async (req) => ({ message: 'avvisi.updated', params: { context: 'kit' }, data: await saveKit(db, currentUser(req), req.params.mansione_id, req.body) }),
    mancanti: async (req, reply) => sendJsonText(reply, await missingReportJson(db, tz, currentUser(req), req.query)),
    mancantiExcel: async (req, reply) => {
      const { wb, filename } = await missingWorkbook(await missingReport(db, tz, currentUser(req), req.query));
      return sendXlsx(reply, wb, filename);
    },

    scheda: async (req) => employeeCardInScope(db, tz, currentUser(req), req.params.id, req.query.giorni),
    mie: async (req) => ownCard(db, tz, currentUser(req), req.query.giorni),
    proposta: async (req) => proposal(db, tz, currentUser(req), req.params.id, req.query.giorni),
    taglie: async (req) => ({ message: 'avvisi.updated', params: { context: 'taglie' }, data: await saveSizes(db, currentUser(req), req.params.id, req.body) }),
    formazione: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', params: { context: 'formazione' }, data: await addTraining(db, tz, currentUser(req), req.body) }),

    consegne: async (req) => listDeliveries(db, currentUser(req), req.query),
    consegna: async (req) => readDelivery(db, currentUser(req), req.params.id),
    consegnaNuova: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', params: { context: 'consegna' }, data: await createDelivery(db, tz, currentUser(req), req.body) }),
    firma: async (req) => ({ message: 'avvisi.consegna_firmata_ok', data: await signDelivery(db, currentUser(req), req.params.id, req.body) }),
    annulla: async (req) => ({ message: 'avvisi.consegna_annullata_ok', data: await cancelDelivery(db, currentUser(req), req.params.id, req.body.motivo) }),
    verbale: async (req, reply) => sendFile(reply, await verbaleOf(db, currentUser(req), req.params.id), 'inline'),
    reso: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', params: { context: 'reso' }, data: await addReturn(db, tz, currentUser(req), req.body) }),
    ispezione: async (req) => ({ message: 'avvisi.ispezione_ok', data: await recordInspection(db, tz, currentUser(req), req.params.id, req.body) }),
    scadenze: async (req) => dueList(db, tz, currentUser(req), req.query),
  });
}
