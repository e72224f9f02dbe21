/** The server's own operations: its version (SPEC §7) and its health (for load balancers), public. */
import { z } from 'zod';
import { defineOperations } from '../operation';
import { ZVersion } from '../schemas/auth';

/** The database answered a trivial query in `ms` milliseconds; when it does not, the call answers 503 with Retry-After. */
export const ZSalute = z.object({ database: z.literal('ok'), ms: z.number() });

export const OPS_SERVER = defineOperations({
  versione: { method: 'GET', path: '/api/server/version', tag: 'server', summary: 'Versione del server', access: { public: true }, responses: { 200: ZVersion } },
  salute: {
    method: 'GET', path: '/api/server/health', tag: 'server', summary: 'Stato del server: il database risponde?', access: { public: true },
    description: 'Per i bilanciatori di carico e il monitoraggio: 200 se il database risponde, altrimenti 503 con Retry-After.',
    responses: { 200: ZSalute },
  },
});
