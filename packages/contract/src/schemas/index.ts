export * from './common';
export * from './auth';
export * from './lang';
export * from './anagrafica';
export * from './presenze';
export * from './visite';
export * from './commesse';
export * from './rilevazione';
