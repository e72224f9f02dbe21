/** Master data: employees, departments, cost centres, profiles and users; the data scope of every employee list; the account mails. The module's public entry: other modules import only this file. */
export * from './tables';
export * from './scope';
export { loadUser } from './current-user';
export * from './account-mail';
export * from './grants';
export * from './service';
export { companyData, companyLogo, type Azienda } from './azienda';
import { anagraficaRoutes } from './routes';
import { companyData } from './azienda';
import type { ModuleManifest } from '../../platform/module';

export { anagraficaRoutes };

export const manifest: ModuleManifest = {
  name: 'anagrafica',
  routes: anagraficaRoutes,
  // for webhooks only (platform/webhooks.ts): no module subscribes
  publishes: ['dipendente.creato', 'dipendente.modificato', 'dipendente.cessato'],
  // the company logo's id lives in a setting, with no foreign key
  fileRefs: async (db) => {
    const { logo_file_id } = await companyData(db);
    return logo_file_id ? [logo_file_id] : [];
  },
  grants: [
    { id: 'anagrafica.1', profiles: { RESPONSABILE: ['anagrafica.dipendenti'] } },
    // desktop menu items launch programs on every PC, the administrator's included: the administrator's act (issue #27 §6)
    { id: 'anagrafica.2', profiles: {}, revoke: { UFFICIO_PERSONALE: ['anagrafica.vocimenu'] } },
  ],
};
