/** The second factor's routes (issue #32 §2): thin, over auth/mfa.ts. */
import type { FastifyInstance } from 'fastify';
import { OPS_MFA } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { currentUser } from '../../platform/guard';
import { route, type OpHandler } from '../../platform/operation';
import * as mfa from './mfa';

export function mfaRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // answers that carry tokens, secrets or recovery codes are never stored by a browser or a proxy
  const noStore = { onSend: async (_req: unknown, reply: { header: (k: string, v: string) => unknown }) => void reply.header('cache-control', 'no-store') };
  const handlers: { [K in keyof typeof OPS_MFA]: OpHandler<(typeof OPS_MFA)[K]> } = {
    verifica: async (req) => mfa.verifyLogin(deps, req.claims!, req.body.codice, req.ip, req.log),
    stato: async (req) => mfa.mfaState(db, currentUser(req).id),
    attivazione: async (req) => mfa.startEnrolment(db, currentUser(req).id),
    conferma: async (req) => mfa.confirmEnrolment(db, currentUser(req).id, req.body.codice),
    disattivazione: async (req) => mfa.disable(deps, currentUser(req), req.body.codice, req.ip, req.log),
    iscrizione: async (req) => mfa.startEnrolmentAtLogin(deps, req.claims!),
    iscrizioneConferma: async (req) => mfa.confirmEnrolmentAtLogin(deps, req.claims!, req.body.codice),
    utenti: async () => mfa.enrolledUsers(db),
    reset: async (req) => mfa.resetFactor(deps, currentUser(req), req.params.id, req.log),
    parametri: async () => mfa.readParametriMfa(db),
    salvaParametri: async (req) => mfa.saveParametriMfa(db, currentUser(req), req.body),
  };
  for (const name of Object.keys(OPS_MFA) as (keyof typeof OPS_MFA)[]) route(app, OPS_MFA[name], handlers[name] as never, noStore);
}
