/** The logged-in user's own records: profile, profiles, settings (SPEC §7 api/user). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { HEADER_OVERRIDE, ZUserUpdate } from '@tulip/contract';
import type { AppDeps } from '../../app';
import { audit } from '../../platform/audit';
import { hashSecret, verifySecret } from '../../platform/crypto';
import { AppError, badRequest } from '../../platform/errors';
import { currentUser } from '../../platform/guard';
import { dipendenti, profili, utenti, utentiProfili } from '../anagrafica/tables';
import { lingue } from '../lingue/tables';

export function userRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  const profilesOf = (userId: number) =>
    db
      .select({ id: profili.id, codice: profili.codice, descrizione: profili.descrizione, scope: profili.scope })
      .from(utentiProfili)
      .innerJoin(profili, eq(profili.id, utentiProfili.profilo_id))
      .where(eq(utentiProfili.utente_id, userId))
      .orderBy(profili.codice);

  /** The user, their employee and active profile: one query, prepared once, as every page load asks for it. */
  const profileQuery = db
    .select({
      u: { id: utenti.id, username: utenti.username, email: utenti.email, lingua: utenti.lingua, profilo_attivo_id: utenti.profilo_attivo_id },
      d: {
        id: dipendenti.id, matricola: dipendenti.matricola, cognome: dipendenti.cognome, nome: dipendenti.nome,
        reparto_id: dipendenti.reparto_id, data_assunzione: dipendenti.data_assunzione,
      },
      p: { id: profili.id, codice: profili.codice, descrizione: profili.descrizione, scope: profili.scope },
    })
    .from(utenti)
    .leftJoin(dipendenti, eq(dipendenti.id, utenti.dipendente_id))
    .leftJoin(profili, eq(profili.id, utenti.profilo_attivo_id))
    .where(eq(utenti.id, sql.placeholder('id')))
    .prepare('tulip_user_profile');
  async function profile(userId: number) {
    const [row] = await profileQuery.execute({ id: userId });
    return { utente: row.u, profilo: row.p ?? null, dipendente: row.d ?? null };
  }

  r.get('/api/user/profile', { config: { access: { auth: true } }, schema: { tags } }, async (req) => {
    const user = currentUser(req);
    if (String(req.headers[HEADER_OVERRIDE] ?? '').toLowerCase() === 'profiles') return profilesOf(user.id);
    return profile(user.id);
  });

  r.post('/api/user', { config: { access: { auth: true } }, schema: { tags, body: ZUserUpdate } }, async (req) => {
    const user = currentUser(req);
    const body = req.body;
    const [before] = await db.select().from(utenti).where(eq(utenti.id, user.id));
    const set: Partial<typeof utenti.$inferInsert> = {};
    if (body.email !== undefined) set.email = body.email;
    if (body.lingua !== undefined) {
      if (body.lingua !== null) {
        const [l] = await db.select().from(lingue).where(and(eq(lingue.cod_lingua, body.lingua), eq(lingue.se_attiva, 'Y')));
        if (!l) throw badRequest({ lingua: 'avvisi.valore_non_valido' });
      }
      set.lingua = body.lingua;
    }
    if (body.profilo_attivo_id !== undefined) {
      const [own] = await db
        .select()
        .from(utentiProfili)
        .where(and(eq(utentiProfili.utente_id, user.id), eq(utentiProfili.profilo_id, body.profilo_attivo_id)));
      if (!own) throw new AppError(403, 'avvisi.profilo_non_assegnato');
      set.profilo_attivo_id = body.profilo_attivo_id;
    }
    if (body.password_nuova) {
      if (!(await verifySecret(body.password_attuale ?? '', before.password_hash))) throw badRequest({ password_attuale: 'avvisi.password_attuale_errata' });
      if (body.password_nuova.toLowerCase() === before.username) throw badRequest({ password_nuova: 'avvisi.password_uguale_username' });
      set.password_hash = await hashSecret(body.password_nuova);
    }
    if (Object.keys(set).length) {
      await db.update(utenti).set(set).where(eq(utenti.id, user.id));
      await audit(db, user, {
        entita: 'utenti', entita_id: user.id, azione: 'update_self',
        prima: { email: before.email, lingua: before.lingua, profilo_attivo_id: before.profilo_attivo_id },
        dopo: { ...set, ...(set.password_hash ? { password_hash: 'changed' } : {}) },
      });
    }
    return { message: 'avvisi.updated', data: await profile(user.id) };
  });
}
