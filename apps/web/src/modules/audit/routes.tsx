import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const AuditPage = lazyPage(() => import('./AuditPage'), 'AuditPage');

export const auditRoutes: RouteRecord[] = [catalogRoute('audit', <AuditPage />)];
