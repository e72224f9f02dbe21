// The baseline server of the bench: a bare Fastify, one process, no plugins, started by the same
// Node as Tulip. GET /api/server/version answers 200 (start-up baseline). With BARE_RESPONSE (a
// JSON file { path, headers, body } captured from a real Tulip answer) it also serves that path
// with the same body and the same response headers, refusing a request without Authorization:
// what a route costs with no guard, no database and no schema.
import fs from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/server/version', async () => ({ version: 'bare' }));
if (process.env.BARE_RESPONSE) {
  const spec = JSON.parse(fs.readFileSync(process.env.BARE_RESPONSE, 'utf8'));
  app.get(spec.path, async (req, reply) => {
    if (!req.headers.authorization) return reply.code(401).send({ message: 'avvisi.unauthorized' });
    reply.headers(spec.headers);
    return spec.body;
  });
}
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST || '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, async () => {
    await app.close();
    process.exit(0);
  });
}
