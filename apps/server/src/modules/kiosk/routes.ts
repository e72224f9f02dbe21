/** Kiosk clock-in on shared devices registered as terminals (issue #3 §6). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { HEADER_BASE_URL, zText, zRequiredText } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { verifySecret } from '../../platform/crypto';
import { localNow } from '../../platform/dates';
import { AppError } from '../../platform/errors';
import { tentativiLogin } from '../../platform/db/tables';
import { defineResource } from '../../platform/resource';
import { dipendenti, utenti } from '../anagrafica';
import { publicBase } from '../../platform/config';
import { terminali } from '../timbrature';
import { storePunch } from '../timbrature';
import { guardedAttempt } from '../../platform/auth';
import { now, realWindowStart } from '../../platform/clock';
import { hashKey, LOCK_MINUTES, newTerminalKey, PIN_MAX_FAILURES, TERMINAL_HEADER } from './service';

const ZTerminale = z.strictObject({ descrizione: zRequiredText(120), attivo: z.boolean().default(true) });
const ZTimbra = z.strictObject({
  badge: zText(40).optional(),
  matricola: zText(20).optional(),
  utente: zText(60).optional(),
  pin: z.string().regex(/^\d{4,8}$/, { message: 'avvisi.pin_non_valido' }),
  verso: z.enum(['E', 'U'], { message: 'avvisi.verso_non_valido' }),
  id_richiesta: z.uuid(),
});

export function kioskRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const tz = config.timezone;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kiosk'];

  defineResource(app, db, {
    name: 'terminali', label: ['Terminale', 'Terminali'], path: '/api/terminali', tag: 'kiosk', table: terminali, idColumn: terminali.id, input: ZTerminale,
    read: ['terminali'], write: ['terminali'],
    columns: {
      id: terminali.id, descrizione: terminali.descrizione, attivo: terminali.attivo,
      creato_il: sql<string>`to_char(${terminali.creato_il} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`.as('creato_il'),
      ultimo_uso: sql<string | null>`to_char(${terminali.ultimo_uso} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`.as('ultimo_uso'),
    },
    search: [terminali.descrizione], defaultSort: 'descrizione',
    lookup: { value: terminali.id, label: terminali.descrizione },
    model: () => ({ descrizione: '', attivo: true }),
    toValues: (input, ctx) => {
      if (!ctx.creating) return input;
      const { key, hash } = newTerminalKey();
      // the secret link is shown once, in the answer to this call; only its hash is kept
      // on the address the administrator is using, when it is one of the configured public ones (as e-mail links)
      ctx.extra.link = `${publicBase(ctx.req.headers[HEADER_BASE_URL], config.publicUrls)}/presenze?terminale=${key}`;
      ctx.extra.chiave = key;
      return { ...input, chiave_hash: hash };
    },
  });

  /** Guessing keys or PINs is bounded per address, like logins. */
  async function tooMany(kind: string, ip: string, max: number) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(tentativiLogin)
      .where(and(eq(tentativiLogin.username, kind), eq(tentativiLogin.ip, ip), gt(tentativiLogin.ts, realWindowStart(LOCK_MINUTES))));
    return Number(n) >= max;
  }

  async function terminal(req: FastifyRequest) {
    const key = req.headers[TERMINAL_HEADER];
    if (await tooMany('terminale', req.ip, 20)) throw new AppError(429, 'avvisi.too_many_attempts', { minuti: LOCK_MINUTES });
    if (typeof key === 'string' && key.length < 200) {
      const [t] = await db.select().from(terminali).where(and(eq(terminali.chiave_hash, hashKey(key)), eq(terminali.attivo, true)));
      if (t) return t;
    }
    await db.insert(tentativiLogin).values({ username: 'terminale', ip: req.ip });
    throw new AppError(401, 'avvisi.terminale_non_registrato');
  }

  r.get('/api/kiosk/terminale', { config: { access: { public: true } }, schema: { tags } }, async (req) => {
    const t = await terminal(req);
    return { id: t.id, descrizione: t.descrizione, ora: localNow(tz).ts };
  });

  r.post('/api/kiosk/timbra', { config: { access: { public: true } }, schema: { tags, body: ZTimbra } }, async (req, reply) => {
    const t = await terminal(req);
    const b = req.body;
    if (!b.badge && !b.matricola && !b.utente) throw new AppError(400, 'avvisi.validation', { fields: { badge: 'avvisi.campo_richiesto' } });
    const [dip] = b.utente
      ? await db.select({ d: dipendenti }).from(utenti).innerJoin(dipendenti, eq(dipendenti.id, utenti.dipendente_id)).where(eq(utenti.username, b.utente.toLowerCase())).then((x) => x.map((y) => y.d))
      : await db.select().from(dipendenti).where(or(b.badge ? eq(dipendenti.badge, b.badge) : undefined, b.matricola ? eq(dipendenti.matricola, b.matricola) : undefined));
    const lockKey = `kiosk:${dip?.id ?? b.badge ?? b.matricola ?? b.utente}`;
    const device = `terminale:${t.id}`;
    // counted before the PIN is checked, atomically: concurrent guesses check at most 5 PINs of a badge, on any terminal
    const limits = { pair: PIN_MAX_FAILURES, user: PIN_MAX_FAILURES };
    const ok = await guardedAttempt(db, lockKey, device, limits, () => verifySecret(b.pin, dip?.pin_hash), LOCK_MINUTES);
    if (ok === 'refused') throw new AppError(429, 'avvisi.badge_bloccato', { minuti: LOCK_MINUTES });
    const today = localNow(tz).data;
    if (!dip || !ok || dip.data_assunzione > today || (dip.data_cessazione && dip.data_cessazione < today)) {
      throw new AppError(401, 'avvisi.pin_errato'); // the reservation stays as the failure
    }
    await db.delete(tentativiLogin).where(eq(tentativiLogin.username, lockKey));
    const { row } = await storePunch(db, tz, { dipendente_id: dip.id, ts: null, verso: b.verso, fonte: 'kiosk', id_richiesta: b.id_richiesta, terminale_id: t.id, mese: today.slice(0, 7) });
    await db.update(terminali).set({ ultimo_uso: now() }).where(eq(terminali.id, t.id));
    return reply.status(201).send({ message: 'avvisi.created', data: { nome: dip.nome, cognome: dip.cognome, ts: row.ts, verso: row.verso } });
  });

}
