import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const WebhookPage = lazyPage(() => import('./WebhookPage'), 'WebhookPage');
const TokenApiPage = lazyPage(() => import('./TokenApiPage'), 'TokenApiPage');

export const integrazioniRoutes: RouteRecord[] = [catalogRoute('webhook', <WebhookPage />), catalogRoute('integrazioni.token', <TokenApiPage />)];
