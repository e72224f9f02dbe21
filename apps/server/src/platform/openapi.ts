/**
 * The API document (/api/openapi.json) as an integrator needs it to generate a client, and as `redocly lint`'s
 * recommended rules ask (test/openapi.test.ts): every operation has an operationId and an Italian summary, declares
 * its security from the route's declared access, and documents the `{ message, params }` answers of its 4xx; the
 * server is named. The routes' own schemas are left alone: what is added here is documentation only.
 */
import { OPERATIONS } from '@tulip/contract';
import type { Access } from './guard';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  [k: string]: unknown;
};
type Document = {
  info: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

const ERROR_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'Chiave di traduzione del messaggio (es. avvisi.forbidden)' },
    params: {
      type: 'object',
      description: 'Parametri del messaggio; `fields` dà, per un 400, la chiave dell’errore di ogni campo',
      additionalProperties: true,
    },
  },
};

const ERRORS: Record<string, string> = {
  '400': 'Richiesta non valida: i campi sbagliati sono in params.fields',
  '401': 'Non autenticato, o token scaduto',
  '403': 'Il profilo attivo non concede questa funzione o questo ambito di dati',
  '404': 'Non trovato, o fuori dall’ambito di dati dell’utente',
  '409': 'In conflitto con lo stato dei dati (duplicato, mese chiuso, già deciso...)',
  '429': 'Troppi tentativi: riprovare più tardi',
};

/** 'GET /api/turni/:id' -> 'getTurniById'; unique as long as method + path are. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((seg) => (seg.startsWith(':') || seg.startsWith('{') ? ['by', seg.replace(/[:{}]/g, '')] : [seg]))
    .flatMap((seg) => seg.split(/[-_.]/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

const toFastifyPath = (openapiPath: string) => openapiPath.replace(/\{([^}]+)\}/g, ':$1');

export function documentApi(doc: Document, routes: { method: string; url: string; access: Access }[]): Document {
  const accessOf = new Map(routes.map((r) => [`${r.method} ${r.url}`, r.access]));
  doc.servers = [{ url: '/', description: 'Questo server' }];
  doc.components = {
    ...doc.components,
    securitySchemes: { ...doc.components?.securitySchemes, bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    schemas: { ...doc.components?.schemas, Errore: ERROR_SCHEMA },
  };
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method.toUpperCase()} ${toFastifyPath(path)}`;
      const access = accessOf.get(key);
      op.operationId ??= operationId(method, path);
      // what the contract declares beyond JSON: a file's type, or no body at all
      const declared = OPERATIONS.get(key);
      op.responses = { ...op.responses };
      if (declared?.responses.file) op.responses['200'] ??= { description: 'Il file', content: { [declared.responses.file]: { schema: { type: 'string', format: 'binary' } } } };
      if (declared && 204 in declared.responses) op.responses['204'] ??= { description: 'Fatto, senza contenuto' };
      if (declared && 304 in declared.responses) op.responses['304'] ??= { description: 'Non cambiato: la copia indicata da If-None-Match è attuale' };
      if (declared && 302 in declared.responses) {
        op.responses['302'] ??= { description: 'Reindirizzamento del browser', headers: { Location: { description: 'Dove va il browser', schema: { type: 'string' } } } };
      }
      const isPublic = !access || 'public' in access;
      op.security = isPublic ? [] : [{ bearer: [] }];
      const codes = ['400', ...(isPublic ? [] : ['401']), ...(access && 'routes' in access ? ['403'] : []), ...(path.includes('{') ? ['404'] : []), ...(method === 'get' ? [] : ['409'])];
      for (const code of codes) {
        op.responses[code] ??= { description: ERRORS[code], content: { 'application/json': { schema: { $ref: '#/components/schemas/Errore' } } } };
      }
    }
  }
  return doc;
}
