/** Every table, for drizzle-kit (migrations) and typed queries. */
export * from '../platform/db/tables';
export * from '../modules/lingue/tables';
export * from '../modules/anagrafica/tables';
export * from '../modules/turni/tables';
export * from '../modules/timbrature/tables';
export * from '../modules/giustificativi/tables';
export * from '../modules/visite/tables';
