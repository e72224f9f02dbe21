/** The visitor register: visits, authorisations, visitor links, the retention job. The module's public entry: other modules import only this file. */
export * from './tables';
export { countExpectedToday, countOnSite, PARAMETRI_DEFAULT, PARAMETRI_KEY, parametriVisite, runRetention } from './service';
import { visiteRoutes } from './routes';
import { seedVisiteDefaults } from './defaults';
export { MOTIVI_VISITA, TIPI_VISITATORE } from './defaults';
import { runRetention } from './service';
import type { ModuleManifest } from '../../platform/module';

export { visiteRoutes };

export const manifest: ModuleManifest = {
  seed: { base: seedVisiteDefaults },
  name: 'visite',
  routes: visiteRoutes,
  // GDPR: visitors' personal data is anonymised after its retention days; a minute after start-up, then daily
  grants: [
    {
      id: 'visite.1',
      profiles: {
        RESPONSABILE: ['visite.autorizzazioni', 'visite.linkvisitatore'],
        DIPENDENTE: ['visite.autorizzazioni', 'visite.linkvisitatore'],
        PORTINERIA: ['visite.registro', 'visite.autorizzazioni'],
      },
    },
  ],
  jobs: [{ name: 'visite.conservazione', firstAfterMs: 60_000, everyMs: 24 * 3600_000, run: (db) => runRetention(db, null) }],
};
