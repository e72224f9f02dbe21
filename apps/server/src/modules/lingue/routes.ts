import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { HEADER_OVERRIDE, ZLingua, ZTraduzioneCreate, ZTraduzioneUpdate, ZTraduzioniQuery, zCode, zId } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { currentUser } from '../../platform/guard';
import { containsPattern } from '../../platform/resource';
import { lingue, traduzioni } from './tables';
import { messagesOf } from './service';

export function lingueRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lingue'];
  const admin = { routes: ['lingue'] };
  const translator = { routes: ['traduzioni'] };

  // Public: the app needs the language list and its messages before anyone logs in.
  r.get('/api/lang', { config: { access: { public: true } }, schema: { tags, querystring: z.object({ se_attiva: z.enum(['Y', 'N']).optional() }) } }, async (req) => {
    const override = String(req.headers[HEADER_OVERRIDE] ?? '').toLowerCase();
    if (override === 'model') return { cod_lingua: '', descrizione: '', se_default: 'N', se_attiva: 'Y' };
    const where = req.query.se_attiva ? eq(lingue.se_attiva, req.query.se_attiva) : undefined;
    const rows = await db.select().from(lingue).where(where).orderBy(asc(lingue.cod_lingua));
    if (override === 'lookup') return rows.map((l) => ({ value: l.cod_lingua, label: l.descrizione }));
    return { rows, total: rows.length };
  });

  r.get('/api/lang/active', { config: { access: { public: true } }, schema: { tags } }, async () => {
    const [row] = await db
      .select()
      .from(lingue)
      .where(and(eq(lingue.se_default, 'Y'), eq(lingue.se_attiva, 'Y')))
      .limit(1);
    if (!row) throw new AppError(404, 'app.nessuna_lingua_default');
    return row;
  });

  r.get('/api/lang/:id', { config: { access: admin }, schema: { tags, params: z.strictObject({ id: zCode(10) }) } }, async (req) => {
    const [row] = await db.select().from(lingue).where(eq(lingue.cod_lingua, req.params.id));
    if (!row) throw notFound();
    return row;
  });

  /** Exactly one default: setting one clears the others; the default must stay active. */
  async function save(tx: typeof db, data: z.infer<typeof ZLingua>) {
    if (data.se_default === 'Y') {
      if (data.se_attiva !== 'Y') throw new AppError(400, 'avvisi.validation', { fields: { se_attiva: 'avvisi.lingua_default_obbligatoria' } });
      await tx.update(lingue).set({ se_default: 'N' }).where(ne(lingue.cod_lingua, data.cod_lingua));
    }
    const [{ n }] = await tx
      .select({ n: count() })
      .from(lingue)
      .where(and(eq(lingue.se_default, 'Y'), ne(lingue.cod_lingua, data.cod_lingua)));
    if (data.se_default !== 'Y' && Number(n) === 0) {
      throw new AppError(400, 'avvisi.validation', { fields: { se_default: 'avvisi.lingua_default_obbligatoria' } });
    }
  }

  r.put('/api/lang', { config: { access: admin }, schema: { tags, body: ZLingua } }, async (req, reply) => {
    const user = currentUser(req);
    const data = await db.transaction(async (tx) => {
      await save(tx as never, req.body);
      const [row] = await tx.insert(lingue).values(req.body).returning();
      await audit(tx as never, user, { entita: 'lingue', entita_id: row.cod_lingua, azione: 'create', dopo: row });
      return row;
    });
    return reply.status(201).send({ message: 'avvisi.created', data });
  });

  r.post('/api/lang', { config: { access: admin }, schema: { tags, body: ZLingua } }, async (req) => {
    const user = currentUser(req);
    const data = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(lingue).where(eq(lingue.cod_lingua, req.body.cod_lingua));
      if (!before) throw notFound();
      await save(tx as never, req.body);
      const [row] = await tx.update(lingue).set(req.body).where(eq(lingue.cod_lingua, req.body.cod_lingua)).returning();
      await audit(tx as never, user, { entita: 'lingue', entita_id: row.cod_lingua, azione: 'update', prima: before, dopo: row });
      return row;
    });
    return { message: 'avvisi.updated', data };
  });

  r.delete('/api/lang/:id', { config: { access: admin }, schema: { tags, params: z.strictObject({ id: zCode(10) }) } }, async (req, reply) => {
    const user = currentUser(req);
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(lingue).where(eq(lingue.cod_lingua, req.params.id));
      if (!before) throw notFound();
      if (before.se_default === 'Y') throw new AppError(409, 'avvisi.lingua_default_non_eliminabile');
      await tx.delete(lingue).where(eq(lingue.cod_lingua, req.params.id));
      await audit(tx as never, user, { entita: 'lingue', entita_id: before.cod_lingua, azione: 'delete', prima: before });
    });
    return reply.status(204).send();
  });

  // `id` is the language's code, as in /api/lang/:id (one name per position of the path: the API document needs it)
  r.get('/api/lang/traduzioni/:id', { config: { access: { public: true } }, schema: { tags, params: z.strictObject({ id: zCode(10) }) } }, async (req, reply) => {
    const [lang] = await db.select().from(lingue).where(eq(lingue.cod_lingua, req.params.id));
    if (!lang) throw notFound();
    reply.header('cache-control', 'no-cache');
    return messagesOf(db, req.params.id);
  });

  r.get('/api/lang/traduzioni', { config: { access: translator }, schema: { tags, querystring: ZTraduzioniQuery } }, async (req) => {
    const override = String(req.headers[HEADER_OVERRIDE] ?? '').toLowerCase();
    if (override === 'model' || override === 'lookup') {
      const rows = await db
        .selectDistinct({ g: traduzioni.translate_group })
        .from(traduzioni)
        .orderBy(asc(traduzioni.translate_group));
      return rows.map((x) => ({ value: x.g, label: x.g }));
    }
    const q = req.query;
    const groups = q.groups ? q.groups.split(';').map((s) => s.trim()) : [];
    const pattern = q.search ? containsPattern(q.search) : undefined;
    const where = and(
      q.cod_lingua ? eq(traduzioni.cod_lingua, q.cod_lingua) : undefined,
      groups.length ? inArray(traduzioni.translate_group, groups) : undefined,
      pattern
        ? or(ilike(traduzioni.testo, pattern), ilike(traduzioni.translate_tag, pattern), ilike(sql`${traduzioni.translate_group} || '.' || ${traduzioni.translate_tag}`, pattern))
        : undefined,
    );
    const [rows, [{ n }]] = await Promise.all([
      db
        .select()
        .from(traduzioni)
        .where(where)
        .orderBy(asc(traduzioni.translate_group), asc(traduzioni.translate_tag), asc(traduzioni.cod_lingua))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      db.select({ n: count() }).from(traduzioni).where(where),
    ]);
    return { rows, total: Number(n) };
  });

  r.put('/api/lang/traduzioni', { config: { access: translator }, schema: { tags, body: ZTraduzioneCreate } }, async (req, reply) => {
    const user = currentUser(req);
    const data = await db.transaction(async (tx) => {
      const [lang] = await tx.select().from(lingue).where(eq(lingue.cod_lingua, req.body.cod_lingua));
      if (!lang) throw new AppError(400, 'avvisi.validation', { fields: { cod_lingua: 'avvisi.valore_non_valido' } });
      const [row] = await tx.insert(traduzioni).values(req.body).returning();
      await audit(tx as never, user, { entita: 'traduzioni', entita_id: row.id, azione: 'create', dopo: row });
      return row;
    });
    return reply.status(201).send({ message: 'avvisi.created', data });
  });

  r.post('/api/lang/traduzioni', { config: { access: translator }, schema: { tags, body: ZTraduzioneUpdate } }, async (req) => {
    const user = currentUser(req);
    const data = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(traduzioni).where(eq(traduzioni.id, req.body.id));
      if (!before) throw notFound();
      const [row] = await tx.update(traduzioni).set({ testo: req.body.testo }).where(eq(traduzioni.id, req.body.id)).returning();
      await audit(tx as never, user, { entita: 'traduzioni', entita_id: row.id, azione: 'update', prima: before, dopo: row });
      return row;
    });
    return { message: 'avvisi.updated', data };
  });

  r.delete('/api/lang/traduzioni/:id', { config: { access: translator }, schema: { tags, params: z.strictObject({ id: zId }) } }, async (req, reply) => {
    const user = currentUser(req);
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(traduzioni).where(eq(traduzioni.id, req.params.id));
      if (!before) throw notFound();
      await tx.delete(traduzioni).where(eq(traduzioni.id, req.params.id));
      await audit(tx as never, user, { entita: 'traduzioni', entita_id: before.id, azione: 'delete', prima: before });
    });
    return reply.status(204).send();
  });
}
