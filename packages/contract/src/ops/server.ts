/** The server's own operation: its version (SPEC §7), public. */
import { defineOperations } from '../operation';
import { ZVersion } from '../schemas/auth';

export const OPS_SERVER = defineOperations({
  versione: { method: 'GET', path: '/api/server/version', tag: 'server', summary: 'Versione del server', access: { public: true }, responses: { 200: ZVersion } },
});
