/** buildApp(deps): plugins, then platform hooks, then modules. Tests call it and use inject(). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from 'helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { CLIENT_VERSION, OPS_SERVER } from '@tulip/contract';
import type { AppDeps } from './platform/deps';
import { registerErrorHandling } from './platform/errors';
import { registerGuard } from './platform/guard';
import { documentApi } from './platform/openapi';
import { lazyApiDocs } from './platform/apiDocs';
import { fileRoutes } from './platform/files';
import { databaseHealth } from './platform/db';
import { route, useIdempotencyStore } from './platform/operation';
import { wireEvents } from './platform/events';
import { wirePayroll } from './platform/payroll';
import { wireMonthClose } from './platform/monthClose';
import { wirePartTime } from './platform/partTime';
import { MODULES } from './modules';
import { loadUser } from './modules/anagrafica';
import { defaultLanguage } from './modules/lingue';
import { apiTokenLoader } from './modules/integrazioni';

export const SERVER_VERSION = CLIENT_VERSION;

export type { AppDeps } from './platform/deps';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(HERE, '../../web/dist');

/**
 * Every schema is zod's: Fastify's own compilers (ajv, fast-json-stringify) would only be loaded, never used, and
 * loading them was a tenth of the start-up (issue #30). (Fastify types its factories for ajv's schemas.)
 */
const zodCompilers = { compilersFactory: { buildValidator: (() => validatorCompiler) as never, buildSerializer: (() => serializerCompiler) as never } };

export async function buildApp(input: Omit<AppDeps, 'defaultLang'>, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const deps: AppDeps = { ...input, defaultLang: async () => (await defaultLanguage(input.db)) ?? 'it' };
  const { config } = deps;
  const app = Fastify({
    logger: opts.logger ? { level: config.logLevel } : false,
    bodyLimit: config.bodyLimit,
    trustProxy: process.env.TULIP_TRUST_PROXY === '1',
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 200 },
    schemaController: zodCompilers,
    // a URL the router cannot decode (/%c0%ae) gets our error body and our headers, not Fastify's own
    frameworkErrors: (_err, _req, reply) => {
      (reply as unknown as FastifyReply).headers(securityHeaders).status(400).send({ message: 'avvisi.request_error' });
    },
  });
  registerErrorHandling(app);

  // Security headers (helmet's defaults with our CSP) computed once: @fastify/helmet rebuilds them on every request
  const securityHeaders = staticHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"], // antd writes its CSS-in-JS styles at run time
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      // HSTS only on answers that went over TLS (below): on plain HTTP it means nothing, and a LAN install has no TLS
      strictTransportSecurity: false,
    }),
  );
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(securityHeaders);
    // req.protocol reads X-Forwarded-Proto only behind a trusted proxy (TULIP_TRUST_PROXY)
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
  // JSON answers over 1 KB (translations, lists, timecards) go compressed to clients that accept it; static
  // files are precompressed at build time and keep their own encoding
  await app.register(import('@fastify/compress'), { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  if (config.corsOrigins.length) {
    // the desktop renderer (app://tulip) and other listed sites: tokens go in headers and bodies, never cookies; a
    // download's file name, and the texts' tag the app sends back, must be readable across origins
    await app.register(import('@fastify/cors'), { origin: config.corsOrigins, credentials: false, exposedHeaders: ['content-disposition', 'etag'] });
  }

  registerGuard(app, { ...deps, loadUser, loadApiToken: apiTokenLoader({ timezone: config.timezone, rate: config.apiTokenRate }) });
  // creates and actions with an Idempotency-Key (or an id_richiesta) are answered once (platform/idempotency.ts)
  useIdempotencyStore(app, deps.db);

  // the API's document and its browser, built at their first request (platform/apiDocs.ts)
  lazyApiDocs(app, {
    swagger: {
      openapi: { info: { title: 'Tulip API', version: SERVER_VERSION, description: 'Rilevazione presenze e gestione del personale' } },
      transform: jsonSchemaTransform,
      // documentation only: ids, Italian summaries, security and the 4xx answers (platform/openapi.ts)
      transformObject: (doc) => ('openapiObject' in doc ? documentApi(doc.openapiObject as never, app.routeTable) : doc.swaggerObject) as never,
    },
    routePrefix: '/api/docs',
    compilers: zodCompilers,
  });

  route(app, OPS_SERVER.versione, async () => ({ version: SERVER_VERSION }));
  route(app, OPS_SERVER.salute, async () => databaseHealth(deps.db));

  await fileRoutes(app, deps);
  // the modules' events, payroll and part-time sources, in their order, before any request can publish or export
  wireEvents(MODULES, app.log);
  wirePayroll(MODULES);
  wireMonthClose(MODULES);
  wirePartTime(MODULES);
  for (const m of MODULES) m.routes?.(app, deps);

  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  const indexHtml = path.join(webDist, 'index.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(import('@fastify/static'), {
      // one wildcard route, not a route per file: listing the folder and routing its files took a tenth of a second
      // at every start (issue #30); a path with no file goes to the not-found handler below, as before
      root: webDist, wildcard: true, index: false, preCompressed: true, cacheControl: false,
      // the pre-compressed copies are sent in a file's place (Accept-Encoding), never by their own name; a folder
      // (`/` itself) is no file either: both go to the not-found handler, which answers the SPA's page
      allowedPath: (file) => !/(\.(br|gz)|\/)$/.test(file),
      // file names under assets/ carry their content hash: cached for a year; the rest (icons, manifest) for an hour
      setHeaders: (res, file) =>
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api') || req.method !== 'GET' || !fs.existsSync(indexHtml)) {
      return reply.status(404).send({ message: 'avvisi.route_not_found' });
    }
    // the SPA answers every other path; its router shows the 404 page or the login
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(indexHtml));
  });
  return app;
}

/** The headers a connect-style middleware sets, captured once on a stand-in response. */
function staticHeaders(mw: (req: never, res: never, next: (err?: unknown) => void) => void): Record<string, string> {
  const headers: Record<string, string> = {}; // keys from code: the header names helmet sets
  const res = {
    setHeader: (k: string, v: string | number | string[]) => void (headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v)),
    removeHeader: (k: string) => void delete headers[k.toLowerCase()],
    getHeader: (k: string) => headers[k.toLowerCase()],
  };
  mw({ headers: {}, method: 'GET', url: '/' } as never, res as never, () => {});
  return headers;
}
