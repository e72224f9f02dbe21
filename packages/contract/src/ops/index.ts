/**
 * Every module's operations (issue #13): the server registers its routes from them, the web calls them through its
 * typed client. A module's file is named after the module.
 */
export * from './timbrature';
