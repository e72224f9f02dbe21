/**
 * The API's document (/api/openapi.json) and its browser (/api/docs), built when first asked for rather than at every
 * start (issue #30): @fastify/swagger with its YAML parser, and swagger-ui with its files, were a fifth of buildApp,
 * and most starts never serve either. The server's routes are recorded as they are added; the first request for the
 * document or the browser builds a Fastify of the same routes (their schemas and configuration, no handlers) with both
 * plugins, and the server answers from it: the same document, the same files, as when the plugins ran in the server.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';

/** The document's own address (not a route of the document). */
const DOCUMENT_URL = '/api/openapi.json';

/** What the browser's answers keep of the headers the documentation app set (the server sets the rest). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-security-policy', 'location'];

export function lazyApiDocs(
  app: FastifyInstance,
  opts: { swagger: FastifyDynamicSwaggerOptions; routePrefix: string; compilers: FastifyServerOptions['schemaController'] },
) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (r) => {
    if (r.method !== 'HEAD' && !r.url.startsWith(opts.routePrefix) && r.url !== DOCUMENT_URL) routes.push(r);
  });
  let docs: Promise<FastifyInstance> | undefined;
  const build = async () => {
    const d = Fastify({ schemaController: opts.compilers });
    await d.register(import('@fastify/swagger'), opts.swagger);
    await d.register(import('@fastify/swagger-ui'), { routePrefix: opts.routePrefix, staticCSP: true });
    // the routes as the server has them, for the document only: nothing is ever sent to their handlers
    for (const r of routes) d.route({ method: r.method, url: r.url, schema: r.schema, config: r.config, handler: async () => null });
    await d.ready();
    return d;
  };
  // built once; a failed build is tried again at the next request
  const docsApp = () => (docs ??= build().catch((err) => ((docs = undefined), Promise.reject(err))));

  app.get(DOCUMENT_URL, { config: { access: { public: true } }, schema: { hide: true } }, async () => (await docsApp()).swagger());
  const browse = async (req: FastifyRequest, reply: FastifyReply) => {
    const r = await (await docsApp()).inject({ method: 'GET', url: req.url });
    reply.code(r.statusCode);
    for (const h of KEPT_HEADERS) if (r.headers[h] !== undefined) reply.header(h, r.headers[h]);
    // a redirect has no body (and no content type to give one)
    return r.rawPayload.length ? reply.send(r.rawPayload) : reply.send();
  };
  app.get(opts.routePrefix, browse);
  app.get(`${opts.routePrefix}/*`, browse);
}
