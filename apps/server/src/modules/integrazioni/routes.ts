/** The integrations' operations (issue #32): webhooks (§4) and API tokens (§3); each handler the user, one service call, the answer. */
import type { FastifyInstance } from 'fastify';
import { OPS_INTEGRAZIONI, OPS_TOKEN_API } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { routes } from '../../platform/operation';
import { startWebhooks, stopWebhooks, webhooksIdle } from '../../platform/webhooks';
import { createApiToken, listApiTokens, revokeApiToken } from './token';
import {
  createWebhook, deleteWebhook, listDeliveries, listWebhooks, readParametriWebhook, resendDelivery, rotateSecret, saveParametriWebhook, updateWebhook, webhookEvents,
} from './service';

export function integrazioniRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  // a write kicks the worker after its commit; the manifest's job sends what a kick missed (another process's)
  startWebhooks(db, { hosts: config.webhookHosts, log: app.log });
  app.addHook('onClose', async () => {
    stopWebhooks();
    await webhooksIdle();
  });
  const hosts = config.webhookHosts;
  const tz = config.timezone;
  routes(app, OPS_INTEGRAZIONI, {
    eventi: async () => webhookEvents(),
    elenco: async () => listWebhooks(db, tz),
    crea: async (req) => createWebhook(db, currentUser(req), req.body, hosts),
    modifica: async (req) => ({ message: 'avvisi.webhook_salvato', data: await updateWebhook(db, tz, currentUser(req), req.params.id, req.body, hosts) }),
    elimina: async (req, reply) => {
      await deleteWebhook(db, currentUser(req), req.params.id);
      return reply.code(204).send();
    },
    ruotaSegreto: async (req) => rotateSecret(db, tz, currentUser(req), req.params.id),
    parametri: async () => readParametriWebhook(db),
    salvaParametri: async (req) => ({ message: 'avvisi.webhook_parametri_salvati', data: await saveParametriWebhook(db, currentUser(req), req.body) }),
    consegne: async (req) => listDeliveries(db, tz, req.query),
    reinvia: async (req) => ({ message: 'avvisi.webhook_reinviata', data: await resendDelivery(db, tz, currentUser(req), req.params.id) }),
  });
  routes(app, OPS_TOKEN_API, {
    tokenElenco: async () => listApiTokens(db, tz),
    tokenCrea: async (req, reply) => reply.status(201).send({ message: 'avvisi.created', data: await createApiToken(db, tz, currentUser(req), req.body) }),
    tokenRevoca: async (req, reply) => {
      await revokeApiToken(db, currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });
}
