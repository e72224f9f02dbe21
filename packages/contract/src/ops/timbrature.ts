/** The punches' operations (module timbrature): clock-in and out, the day in progress, corrections. */
import { z } from 'zod';
import { defineOperations, zAnswer, zRows } from '../operation';
import { FONTI_TIMBRATURA, VERSI, ZMotivo, ZTimbraturaCorrezione, ZTimbraturaInput, ZTimbratureQuery, zIstante } from '../schemas/presenze';
import { zId, zNullableText, zRequiredText } from '../schemas/common';

const ROUTES = ['timbrature.calendario'];
const MANAGE = { routes: ROUTES, scopes: ['tutti', 'reparto'] } as const satisfies { routes: string[]; scopes: ('tutti' | 'reparto')[] };

/** One punch as the server sends it: wall-clock times in the company's zone (`YYYY-MM-DDTHH:mm:ss`). */
export const ZTimbratura = z.object({
  id: z.number(),
  dipendente_id: z.number(),
  ts: z.string(),
  verso: z.enum(VERSI),
  fonte: z.enum(FONTI_TIMBRATURA),
  stato: z.enum(['valida', 'annullata']),
  corregge_id: z.number().nullable(),
  motivo: zNullableText,
  motivo_annullamento: zNullableText,
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  terminale_id: z.number().nullable(),
  id_richiesta: z.string(),
  /** When a punch sent later was made on the device (company wall clock), or null. */
  ts_dispositivo: zNullableText,
});
export type TTimbratura = z.infer<typeof ZTimbratura>;

/** The employee's work day in progress: since last night's open entry for a night shift, else today. */
export const ZTimbratureOggi = z.object({
  dipendente: z.object({ id: z.number(), matricola: z.string(), cognome: z.string(), nome: z.string() }),
  /** The day the running shift began (yesterday for a night shift still open at 05:30). */
  data: z.string(),
  /** The company's wall clock now: the panel shows the time a punch is recorded at, whatever the device's zone. */
  ora: z.string(),
  timbrature: z.array(ZTimbratura),
  /**
   * The work day an entry punched now counts for (timecard rule 13) and its shift: the panel asks before recording an
   * entry more than ANTICIPO_ENTRATA_DA_CONFERMARE minutes ahead of the shift's start.
   */
  entrata: z
    .object({
      data: z.string(),
      turno: z.object({ codice: z.string(), descrizione: z.string(), inizio: z.string() }).nullable(),
      anticipo_minuti: z.number(),
    })
    .nullable(),
});

/** Minutes ahead of a shift's start past which an entry is confirmed first (an early start is worked time, hence asked). */
export const ANTICIPO_ENTRATA_DA_CONFERMARE = 60;

const idParams = z.strictObject({ id: zId });
/** "Entrata registrata alle 08:31": the spec's `avvisi.created` with the context that picks its specific text. */
const ZPunchAnswer = zAnswer(ZTimbratura).extend({ params: z.object({ context: z.enum(['entrata', 'uscita']), ora: z.string() }) });

/**
 * A punch from another system's badge reader or turnstile (issue #32 §3), sent with an API token whose profile grants
 * `timbrature.badge`: the employee by badge code, at the server's time, once per `id_richiesta`.
 */
export const ZTimbraturaBadge = z.strictObject({
  badge: zRequiredText(40),
  verso: z.enum(VERSI, { message: 'avvisi.verso_non_valido' }),
  /** When the reader saw the badge, for a punch it queued offline: kept for HR, the punch keeps the server's time. */
  ts_dispositivo: zIstante.optional(),
  id_richiesta: z.uuid(),
});

export const OPS_TIMBRATURE = defineOperations({
  badge: {
    method: 'PUT', path: '/api/timbrature/badge', tag: 'timbrature', summary: 'Timbratura da lettore badge di terzi (token API)',
    access: { routes: ['timbrature.badge'] }, body: ZTimbraturaBadge, responses: { 201: ZPunchAnswer }, idempotency: 'own',
  },
  registra: {
    method: 'PUT', path: '/api/timbrature', tag: 'timbrature', summary: 'Timbratura: registrazione (web, telefono) o inserimento manuale',
    access: { routes: ROUTES }, body: ZTimbraturaInput, responses: { 201: ZPunchAnswer }, idempotency: 'own',
  },
  elenco: {
    method: 'GET', path: '/api/timbrature', tag: 'timbrature', summary: 'Timbrature: elenco',
    access: { routes: [...ROUTES, 'cartellino'] }, query: ZTimbratureQuery, responses: { 200: zRows(ZTimbratura) },
  },
  oggi: {
    method: 'GET', path: '/api/timbrature/oggi', tag: 'timbrature', summary: 'Timbrature della giornata in corso dell’utente',
    access: { routes: ROUTES }, responses: { 200: ZTimbratureOggi },
  },
  correggi: {
    method: 'POST', path: '/api/timbrature/:id', tag: 'timbrature', summary: 'Timbratura: correzione (annulla e reinserisce)',
    access: MANAGE, params: idParams, body: ZTimbraturaCorrezione, responses: { 200: zAnswer(ZTimbratura) },
  },
  annulla: {
    method: 'DELETE', path: '/api/timbrature/:id', tag: 'timbrature', summary: 'Timbratura: annullamento',
    access: MANAGE, params: idParams, query: ZMotivo, responses: { 204: null },
  },
});
