/** The equipment module's public entry for the other screens (the home page's card), loaded only when shown. */
import { lazy } from 'react';

export const MieDotazioniWidget = lazy(() => import('./MieDotazioniWidget').then((m) => ({ default: m.MieDotazioniWidget })));
