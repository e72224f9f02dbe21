/**
 * Languages on the generic layer with a public list (the login page needs them before anyone logs in), and the
 * translations' operations of the contract: thin handlers over lingue/service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { HEADER_OVERRIDE, OPS_LINGUE, RES_LINGUE } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { currentUser } from '../../platform/guard';
import { notModified, textsTag } from './etag';
import { routes, sendJsonText } from '../../platform/operation';
import { defineResource } from '../../platform/resource';
import { lingue } from './tables';
import {
  activeLanguage, createTranslation, deleteTranslation, keepOneDefault, listTranslations, publicMessages, translationGroups, updateTranslation,
} from './service';

export function lingueRoutes(app: FastifyInstance, { db }: AppDeps) {
  defineResource(app, db, {
    resource: RES_LINGUE, table: lingue, idColumn: lingue.cod_lingua,
    columns: { cod_lingua: lingue.cod_lingua, descrizione: lingue.descrizione, se_default: lingue.se_default, se_attiva: lingue.se_attiva },
    filters: { se_attiva: lingue.se_attiva }, search: [lingue.cod_lingua, lingue.descrizione], defaultSort: 'cod_lingua',
    lookup: { value: lingue.cod_lingua, label: lingue.descrizione },
    model: () => ({ cod_lingua: '', descrizione: '', se_default: 'N', se_attiva: 'Y' }),
    beforeWrite: (tx, input) => keepOneDefault(tx, input),
    beforeDelete: async (_tx, row) => {
      if (row.se_default === 'Y') throw new AppError(409, 'avvisi.lingua_default_non_eliminabile');
    },
  });

  routes(app, OPS_LINGUE, {
    attiva: async () => activeLanguage(db),
    messaggi: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      // the texts' fingerprint: an app holding this very copy is answered 304, without the 200 KB to send and parse
      const json = JSON.stringify(await publicMessages(db, req.params.id));
      const etag = textsTag(json);
      reply.header('etag', etag);
      if (notModified(req.headers['if-none-match'], etag)) return reply.status(304).send();
      return sendJsonText(reply, json);
    },
    traduzioni: async (req) => {
      const override = String(req.headers[HEADER_OVERRIDE] ?? '').toLowerCase();
      return override === 'model' || override === 'lookup' ? translationGroups(db) : listTranslations(db, req.query);
    },
    creaTraduzione: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', data: await createTranslation(db, currentUser(req), req.body) }),
    modificaTraduzione: async (req) => ({ message: 'avvisi.updated', data: await updateTranslation(db, currentUser(req), req.body) }),
    eliminaTraduzione: async (req, reply) => {
      await deleteTranslation(db, currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });
}
