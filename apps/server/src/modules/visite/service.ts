/** The visitor register's services: its counts for reception's home, its settings, and the retention job. */
import { and, count, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { TParametriVisite } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { impostazioni } from '../../platform/db/tables';
import { audit } from '../../platform/audit';
import { sqlNow } from '../../platform/clock';
import { autorizzazioni, tipiVisitatore, visite } from './tables';

/** Authorised visitors expected today who have not come in yet (the register's "Attesi oggi"). */
export async function countExpectedToday(db: Db, today: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(autorizzazioni)
    .where(and(eq(autorizzazioni.stato, 'attiva'), lte(autorizzazioni.dal, today), gte(autorizzazioni.al, today)));
  return n;
}

/** Visitors on site now: in, not out yet. */
export async function countOnSite(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(visite).where(isNull(visite.uscita));
  return n;
}

export const PARAMETRI_KEY = 'parametri_visite';
export const PARAMETRI_DEFAULT: TParametriVisite = {
  informativa_privacy:
    'Informativa ai sensi dell’art. 13 del Regolamento (UE) 2016/679: i dati personali raccolti all’ingresso sono trattati dal titolare al solo fine di gestire la sicurezza degli accessi e dei locali, sono conservati per il periodo indicato e poi resi anonimi. L’interessato può esercitare i diritti degli artt. 15-22 rivolgendosi al titolare.',
  regole_sicurezza:
    'Seguire sempre il referente, indossare il badge in modo visibile, non accedere ai reparti produttivi senza i dispositivi di protezione, in caso di allarme raggiungere il punto di raccolta indicato dalla segnaletica.',
  giorni_conservazione: 180,
  prefisso_badge: 'V',
  email_referente: true,
  autoregistrazione: false,
  campi_obbligatori: ['azienda'],
};

export async function parametriVisite(db: Db): Promise<TParametriVisite> {
  const [row] = await db.select().from(impostazioni).where(eq(impostazioni.chiave, PARAMETRI_KEY));
  return row ? { ...PARAMETRI_DEFAULT, ...(JSON.parse(row.valore) as Partial<TParametriVisite>) } : PARAMETRI_DEFAULT;
}

/** Anonymises personal data of visits older than their type's retention days; the visit itself (counts) stays. */
export async function runRetention(db: Db, user: { id: number; username: string } | null): Promise<number> {
  const def = (await parametriVisite(db)).giorni_conservazione;
  const rows = await db
    .update(visite)
    .set({ nome: 'Visitatore', cognome: 'anonimo', azienda: null, email: null, documento_numero: null, documento_tipo: null, note: null, anonimizzata: true })
    .where(
      and(
        eq(visite.anonimizzata, false),
        isNotNull(visite.uscita),
        sql`${visite.entrata} < ${sqlNow()} - make_interval(days => coalesce((select ${tipiVisitatore.giorni_conservazione} from ${tipiVisitatore} where ${tipiVisitatore.id} = ${visite.tipo_id}), ${def}))`,
      ),
    )
    .returning({ id: visite.id });
  await audit(db, user, { entita: 'visite', azione: 'conservazione', dopo: { anonimizzate: rows.length, giorni_default: def } });
  return rows.length;
}

