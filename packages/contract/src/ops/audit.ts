/** The audit log's operation (module audit): read-only, for administrators. */
import { defineOperations, zRows } from '../operation';
import { ZAuditQuery, ZAuditRow } from '../schemas/auth';
import { ZListQuery } from '../schemas/common';

export const OPS_AUDIT = defineOperations({
  elenco: {
    method: 'GET', path: '/api/audit', tag: 'audit', summary: 'Registro delle modifiche: elenco',
    access: { routes: ['audit'] }, query: ZListQuery.omit({ sort: true }).extend(ZAuditQuery.shape).strict(), responses: { 200: zRows(ZAuditRow) },
  },
});
