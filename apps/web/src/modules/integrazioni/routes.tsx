import type { RouteRecord } from '../../routing';
import { catalogRoute, lazyPage } from '../../routing';

const WebhookPage = lazyPage(() => import('./WebhookPage'), 'WebhookPage');

export const integrazioniRoutes: RouteRecord[] = [catalogRoute('webhook', <WebhookPage />)];
