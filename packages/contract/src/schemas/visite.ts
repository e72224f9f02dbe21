/** Visitor register contract (issue #4): lookup tables, the register, parameters, retention. */
import { z } from 'zod';
import { FIELD_KEYS, zCode, zDate, zEmail, zId, zNullableText, zRequiredText, zText } from './common';
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
/** The check-in fields the parameters may make required. */
export const CAMPI_OBBLIGATORI_VISITA = ['azienda', 'email', 'documento_tipo', 'documento_numero', 'badge'] as const;
export type TCampoObbligatorioVisita = (typeof CAMPI_OBBLIGATORI_VISITA)[number];
export const ZParametriVisite = z.strictObject({
  informativa_privacy: zText(20000),
  regole_sicurezza: zText(20000),
  giorni_conservazione: z.number().int().min(1).max(3650),
  prefisso_badge: zCode(10),
  email_referente: z.boolean(),
  autoregistrazione: z.boolean(),
  campi_obbligatori: z.array(z.enum(CAMPI_OBBLIGATORI_VISITA)).max(5),
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
/** A link's state: the authorisation's, and for an active one whether the window is over or the visitor registered. */
export const STATI_LINK_VISITATORE = ['inviato', 'compilato', 'usato', 'scaduto', 'revocato'] as const;
export type TStatoLinkVisitatore = (typeof STATI_LINK_VISITATORE)[number];
export const ZLinkQuery = z.object({
  stato: z.enum(STATI_LINK_VISITATORE).optional(),
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

/** An authorisation's state: `scaduta` is derived from its window. */
export const STATI_AUTORIZZAZIONE_VISITA = ['attiva', 'usata', 'scaduta', 'revocata'] as const;
/** The second approval of a visitor type that needs it. */
export const APPROVAZIONI_VISITA = ['non_richiesta', 'in_attesa', 'approvata', 'rifiutata'] as const;
export type TStatoAutorizzazioneVisita = (typeof STATI_AUTORIZZAZIONE_VISITA)[number];
export type TApprovazioneVisita = (typeof APPROVAZIONI_VISITA)[number];
export const ZAutorizzazioniQuery = z.object({
  dal: zDate.optional(),
  al: zDate.optional(),
  oggi: z.enum(['si']).optional(),
  stato: z.enum(STATI_AUTORIZZAZIONE_VISITA).optional(),
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

// ---- answers (issue #13): what the server sends, each nullable column `.nullable()`, instants as wall-clock text ----


/** One visit of the register: the document masked (`•••••5XY`), entry and exit in the company's wall clock. */
export const ZVisita = z.object({
  id: z.number(),
  nome: z.string(),
  cognome: z.string(),
  azienda: zNullableText,
  email: zNullableText,
  tipo_id: z.number(),
  tipo_descrizione: z.string(),
  colore_badge: z.string(),
  motivo_id: z.number(),
  motivo_descrizione: z.string(),
  referente_id: z.number(),
  referente_nome: z.string(),
  documento_tipo: zNullableText,
  documento_numero: zNullableText,
  badge: zNullableText,
  entrata: z.string(),
  uscita: zNullableText,
  note: zNullableText,
  anonimizzata: z.boolean(),
});
export type TVisita = z.infer<typeof ZVisita>;

/** A visitor already registered, to take the data again (the latest visit of each name and company). */
export const ZVisitaPrecedente = z.object({
  nome: z.string(),
  cognome: z.string(),
  azienda: zNullableText,
  email: zNullableText,
  tipo_id: z.number(),
  ultima_visita: z.string(),
});
export type TVisitaPrecedente = z.infer<typeof ZVisitaPrecedente>;

/** The evacuation list: the employees whose last punch is an entry, and the visitors on site. */
export const ZEvacuazione = z.object({
  generato_il: z.string(),
  dipendenti: z.array(z.object({ matricola: z.string(), cognome: z.string(), nome: z.string(), reparto_descrizione: zNullableText, entrata: z.string() })),
  visitatori: z.array(
    z.object({ id: z.number(), nome: z.string(), cognome: z.string(), azienda: zNullableText, badge: zNullableText, referente_nome: z.string(), entrata: z.string() }),
  ),
});
export type TEvacuazione = z.infer<typeof ZEvacuazione>;

/** An expected visit as the server reads it, with its visitor link when it has one. */
const ZAutorizzazioneLetta = z.object({
  id: z.number(),
  referente_id: z.number(),
  richiesta_da: z.number().nullable(),
  referente_nome: z.string(),
  nome: zNullableText,
  cognome: zNullableText,
  azienda: zNullableText,
  email: zNullableText,
  tipo_id: z.number(),
  tipo_descrizione: z.string(),
  colore_badge: z.string(),
  motivo_id: z.number(),
  motivo_descrizione: z.string(),
  dal: z.string(),
  al: z.string(),
  ora_da: z.string(),
  ora_a: z.string(),
  note: zNullableText,
  stato: z.enum(STATI_AUTORIZZAZIONE_VISITA),
  approvazione: z.enum(APPROVAZIONI_VISITA),
  visita_id: z.number().nullable(),
  creata_il: z.string(),
  link_id: z.number().nullable(),
  codice: zNullableText,
  telefono: zNullableText,
  lingua: zNullableText,
  inviato_il: zNullableText,
  compilato_il: zNullableText,
  stato_link: z.enum(STATI_LINK_VISITATORE),
  /** Active, approved if it needs to be, and today inside its days. */
  puo_entrare: z.boolean(),
});
/** A row of the authorisations. */
export const ZAutorizzazioneVisita = ZAutorizzazioneLetta.extend({
  /** The user created it, is its referent or an administrator, and it is still active. */
  puo_revocare: z.boolean(),
});
export type TAutorizzazioneVisita = z.infer<typeof ZAutorizzazioneVisita>;
/** The authorisation found by a check-in code, the code formatted as the visitor sees it (`ABCD-EFGH`). */
export const ZAutorizzazioneCodice = ZAutorizzazioneLetta.extend({ codice: z.string() });
export type TAutorizzazioneCodice = z.infer<typeof ZAutorizzazioneCodice>;

/** A self-registration link as its list shows it. */
export const ZLinkVisitatoreRiga = z.object({
  id: z.number(),
  autorizzazione_id: z.number(),
  email: zNullableText,
  nome: zNullableText,
  cognome: zNullableText,
  azienda: zNullableText,
  telefono: zNullableText,
  tipo_id: z.number(),
  tipo_descrizione: z.string(),
  motivo_descrizione: z.string(),
  referente_id: z.number(),
  referente_nome: z.string(),
  dal: z.string(),
  al: z.string(),
  ora_da: z.string(),
  ora_a: z.string(),
  approvazione: z.enum(APPROVAZIONI_VISITA),
  stato: z.enum(STATI_LINK_VISITATORE),
  /** `ABCD-EFGH` once the visitor has registered. */
  codice: zNullableText,
  inviato_il: zNullableText,
  compilato_il: zNullableText,
  visita_id: z.number().nullable(),
  /** The user made it, is its referent or an administrator, and it is still active. */
  puo_revocare: z.boolean(),
});
export type TLinkVisitatoreRiga = z.infer<typeof ZLinkVisitatoreRiga>;
/** The answer of a sending and a resending: the row and the link, shown only then. */
export const ZLinkCreato = ZLinkVisitatoreRiga.extend({ url: z.string() });
export type TLinkCreato = z.infer<typeof ZLinkCreato>;

/** What the visitor's public page receives: only this visit, with the texts to accept and, once registered, its code. */
export const ZVisitaPubblica = z.object({
  stato: z.enum(['da_compilare', 'compilato']),
  ospitante: z.string(),
  referente_nome: z.string(),
  tipo_descrizione: z.string(),
  motivo_descrizione: z.string(),
  dal: z.string(),
  al: z.string(),
  ora_da: z.string(),
  ora_a: z.string(),
  nome: zNullableText,
  cognome: zNullableText,
  azienda: zNullableText,
  email: zNullableText,
  telefono: zNullableText,
  briefing_sicurezza: z.boolean(),
  accompagnamento: z.boolean(),
  dpi_richiesti: z.boolean(),
  in_attesa_approvazione: z.boolean(),
  informativa_privacy: z.string(),
  regole_sicurezza: z.string(),
  codice: zNullableText,
  qr_svg: zNullableText,
});
export type TVisitaPubblica = z.infer<typeof ZVisitaPubblica>;

/** The parameters as stored (checked by ZParametriVisite when saved), over their defaults. */
export const ZParametriVisiteLetti = z.object({
  informativa_privacy: z.string(),
  regole_sicurezza: z.string(),
  giorni_conservazione: z.number(),
  prefisso_badge: z.string(),
  email_referente: z.boolean(),
  autoregistrazione: z.boolean(),
  campi_obbligatori: z.array(z.enum(CAMPI_OBBLIGATORI_VISITA)),
});
export type TParametriVisiteLetti = z.infer<typeof ZParametriVisiteLetti>;
