/** Visitor register contract (issue #4): lookup tables, the register, parameters, retention. */
import { z } from 'zod';
import { FIELD_KEYS, zCode, zDate, zEmail, zId, zRequiredText, zText } from './common';
import { zDateTime } from './presenze';

const zColore = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: FIELD_KEYS.invalid });

export const ZMotivoVisita = z.strictObject({ codice: zCode(20), descrizione: zRequiredText(120), attivo: z.boolean().default(true) });
export const ZTipoVisitatore = z.strictObject({
  codice: zCode(20),
  descrizione: zRequiredText(120),
  briefing_sicurezza: z.boolean().default(false),
  accompagnamento: z.boolean().default(false),
  dpi_richiesti: z.boolean().default(false),
  colore_badge: zColore.default('#1677ff'),
  /** Days the personal data are kept; null = the default of the parameters. */
  giorni_conservazione: z.number().int().min(1).max(3650).nullable().optional(),
  richiede_approvazione: z.boolean().default(false),
  attivo: z.boolean().default(true),
});
export const ZReferenteVisita = z.strictObject({ dipendente_id: zId, notifica_email: z.boolean().default(true), attivo: z.boolean().default(true) });

export const DOCUMENTI_IDENTITA = ['carta_identita', 'passaporto', 'patente', 'permesso_soggiorno', 'altro'] as const;
export const ZVisitaIngresso = z.strictObject({
  nome: zRequiredText(80),
  cognome: zRequiredText(80),
  azienda: zText(120).optional(),
  email: zEmail.optional(),
  tipo_id: zId,
  motivo_id: zId,
  referente_id: zId, // the employee visited (dipendente id)
  documento_tipo: z.enum(DOCUMENTI_IDENTITA).optional(),
  /** Checked at the desk and stored masked: only the last 3 characters are kept. */
  documento_numero: z.string().trim().max(30).regex(/^[A-Za-z0-9 -]*$/, { message: FIELD_KEYS.invalid }).optional(),
  badge: zCode(20).optional(),
  entrata: zDateTime.optional(), // default now
  note: zText(500).optional(),
});
export const ZVisitaUscita = z.strictObject({ uscita: zDateTime.optional(), badge_restituito: z.boolean().default(true) });
export const ZVisiteQuery = z.object({
  dal: zDate.optional(),
  al: zDate.optional(),
  search: zText(100).optional(),
  tipo_id: zId.optional(),
  referente_id: zId.optional(),
  presenti: z.enum(['si', 'no']).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(50),
});
export const ZParametriVisite = z.strictObject({
  informativa_privacy: zText(20000),
  regole_sicurezza: zText(20000),
  giorni_conservazione: z.number().int().min(1).max(3650),
  prefisso_badge: zCode(10),
  email_referente: z.boolean(),
  autoregistrazione: z.boolean(),
  campi_obbligatori: z.array(z.enum(['azienda', 'email', 'documento_tipo', 'documento_numero', 'badge'])).max(5),
});
export type TParametriVisite = z.infer<typeof ZParametriVisite>;

const zOraHHmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'avvisi.orario_non_valido' });
/** An expected visit: who (a person or just a company), when (days and a time window), why, for whom. */
const autorizzazioneFields = {
  referente_id: zId.optional(), // the employee visited; an employee authorises for itself
  nome: zText(80).optional(),
  cognome: zText(80).optional(),
  azienda: zText(120).optional(),
  email: zEmail.optional(),
  tipo_id: zId,
  motivo_id: zId,
  dal: zDate,
  al: zDate,
  ora_da: zOraHHmm.default('08:00'),
  ora_a: zOraHHmm.default('18:00'),
  note: zText(500).optional(),
};
type Window = { dal: string; al: string; ora_da: string; ora_a: string };
const windowChecks = <T extends z.ZodType<Window>>(s: T) =>
  s
    .refine((v) => v.al >= v.dal, { message: 'avvisi.al_prima_di_dal', path: ['al'] })
    .refine((v) => v.ora_a > v.ora_da, { message: 'avvisi.ora_fine_prima_inizio', path: ['ora_a'] });
export const ZAutorizzazione = windowChecks(z.strictObject(autorizzazioneFields)).refine((v) => !!(v.cognome || v.azienda), {
  message: 'avvisi.visitatore_o_azienda',
  path: ['cognome'],
});
/** A self-registration link: an expected visit whose visitor is invited by e-mail to register. */
export const ZLinkVisitatore = windowChecks(
  z.strictObject({ ...autorizzazioneFields, email: zEmail, lingua: zCode(10).optional() }),
);
export const ZLinkQuery = z.object({
  stato: z.enum(['inviato', 'compilato', 'usato', 'scaduto', 'revocato']).optional(),
  search: zText(100).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(50),
});
/** What the visitor fills in on the public page; both texts must be accepted. */
export const ZRegistrazioneVisitatore = z.strictObject({
  nome: zRequiredText(80),
  cognome: zRequiredText(80),
  azienda: zText(120).optional(),
  telefono: z.string().trim().max(30).regex(/^[+0-9 ().-]*$/, { message: FIELD_KEYS.invalid }).optional(),
  privacy: z.literal(true, { message: 'avvisi.accettazione_richiesta' }),
  regole: z.literal(true, { message: 'avvisi.accettazione_richiesta' }),
});


export const ZAutorizzazioniQuery = z.object({
  dal: zDate.optional(),
  al: zDate.optional(),
  oggi: z.enum(['si']).optional(),
  stato: z.enum(['attiva', 'usata', 'scaduta', 'revocata']).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(50),
});
export const ZIngressoAutorizzato = z.strictObject({
  nome: zText(80).optional(),
  cognome: zText(80).optional(),
  documento_tipo: z.enum(DOCUMENTI_IDENTITA).optional(),
  documento_numero: z.string().trim().max(30).regex(/^[A-Za-z0-9 -]*$/, { message: FIELD_KEYS.invalid }).optional(),
  badge: zCode(20).optional(),
});
