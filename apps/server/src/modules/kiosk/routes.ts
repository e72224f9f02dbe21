/** Kiosk clock-in on shared devices registered as terminals (issue #3 §6): the terminals' register and the kiosk's calls. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { HEADER_BASE_URL, OPS_KIOSK, RES_TERMINALI } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { defineResource } from '../../platform/resource';
import { routes } from '../../platform/operation';
import { publicBase } from '../../platform/config';
import { terminali } from '../timbrature';
import { kioskPunch, kioskTerminal, newTerminalKey, TERMINAL_HEADER } from './service';


export function kioskRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const tz = config.timezone;

  defineResource(app, db, {
    resource: RES_TERMINALI, table: terminali, idColumn: terminali.id,
    columns: {
      id: terminali.id, descrizione: terminali.descrizione, attivo: terminali.attivo,
      creato_il: sql<string>`to_char(${terminali.creato_il} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`.as('creato_il'),
      ultimo_uso: sql<string | null>`to_char(${terminali.ultimo_uso} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`.as('ultimo_uso'),
    },
    search: [terminali.descrizione], defaultSort: 'descrizione',
    lookup: { value: terminali.id, label: terminali.descrizione },
    model: () => ({ descrizione: '', attivo: true }),
    toValues: (input, ctx) => {
      if (!ctx.creating) return input;
      const { key, hash } = newTerminalKey();
      // the secret link is shown once, in the answer to this call; only its hash is kept
      // on the address the administrator is using, when it is one of the configured public ones (as e-mail links)
      ctx.extra.link = `${publicBase(ctx.req.headers[HEADER_BASE_URL], config.publicUrls)}/presenze?terminale=${key}`;
      ctx.extra.chiave = key;
      return { ...input, chiave_hash: hash };
    },
  });

  routes(app, OPS_KIOSK, {
    terminale: async (req) => kioskTerminal(db, tz, req.headers[TERMINAL_HEADER], req.ip),
    timbra: async (req, reply) =>
      reply.status(201).send({ message: 'avvisi.created', data: await kioskPunch(db, tz, req.headers[TERMINAL_HEADER], req.ip, req.body) }),
  });
}
