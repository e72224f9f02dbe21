import { z } from 'zod';
import { isValidCodiceFiscale } from '../codiceFiscale';
import { isValidPartitaIva } from '../partitaIva';
import { isForbiddenTarget, isWindowsTarget, normalizeFolder } from '../desktop';
import { FIELD_KEYS, zCode, zDate, zEmail, zId, zRequiredText, zText, ZScope } from './common';

/** Code + description tables (reparti, cdc, mansioni, tipi documento) share this shape. */
export const ZCodiceDescrizione = z.strictObject({
  codice: zCode(20),
  descrizione: zRequiredText(120),
});

export const ZCentroCosto = ZCodiceDescrizione;
export const ZMansione = ZCodiceDescrizione;
export const ZTipoDocumento = ZCodiceDescrizione.extend({ note: zText(500).nullable().optional() });
export const ZReparto = ZCodiceDescrizione.extend({
  cdc_id: zId.nullable().optional(),
  responsabili: z.array(zId).max(50).default([]),
});

export const ZDipendente = z
  .strictObject({
    matricola: zCode(20),
    cognome: zRequiredText(80),
    nome: zRequiredText(80),
    codice_fiscale: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isValidCodiceFiscale, { message: FIELD_KEYS.codiceFiscale }),
    email: zEmail.nullable().optional(),
    reparto_id: zId.nullable().optional(),
    cdc_id: zId.nullable().optional(),
    mansione_id: zId.nullable().optional(),
    data_assunzione: zDate,
    data_cessazione: zDate.nullable().optional(),
    badge: zCode(40).nullable().optional(),
    /** Kiosk PIN: write-only, stored hashed; reads say only whether one is set. */
    pin: z.string().regex(/^\d{4,8}$/, { message: 'avvisi.pin_non_valido' }).nullable().optional(),
  })
  .refine((d) => !d.data_cessazione || d.data_cessazione >= d.data_assunzione, {
    message: 'avvisi.cessazione_prima_assunzione',
    path: ['data_cessazione'],
  });

export const ZProfilo = z.strictObject({
  codice: zCode(30),
  descrizione: zRequiredText(120),
  scope: ZScope,
  routes: z.array(zCode(60)).max(200).default([]),
  /** The route its users land on after login; one of its routes, or none for the home page. */
  pagina_iniziale: zCode(60).nullish(),
});

export const ZUtente = z.strictObject({
  username: z
    .string()
    .trim()
    .min(3, { message: FIELD_KEYS.tooShort })
    .max(60, { message: FIELD_KEYS.tooLong })
    .regex(/^[a-z0-9._-]+$/, { message: 'avvisi.username_non_valido' }),
  email: zEmail.nullable().optional(),
  dipendente_id: zId.nullable().optional(),
  profili: z.array(zId).min(1, { message: 'avvisi.profilo_richiesto' }).max(20),
  attivo: z.boolean().default(true),
  lingua: zCode(10).nullable().optional(),
  /** Signs in only through the company's single sign-on (module accesso): no password, no reset link. Absent: unchanged. */
  solo_sso: z.boolean().optional(),
});

export const zProvincia = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { message: 'avvisi.provincia_non_valida' });
export const zCap = z.string().trim().regex(/^\d{5}$/, { message: 'avvisi.cap_non_valido' });
/** A partita IVA: 11 digits with its check digit. */
export const zPartitaIva = z.string().trim().refine(isValidPartitaIva, { message: 'avvisi.partita_iva_non_valida' });
/** A business's codice fiscale: its 11-digit number (usually the partita IVA) or, for a sole trader, a person's 16-character code. */
export const zCodiceFiscaleImpresa = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => isValidPartitaIva(v) || isValidCodiceFiscale(v), { message: FIELD_KEYS.codiceFiscale });

/** An address's fields, as a company, a customer or a workplace keeps them. */
export const INDIRIZZO = {
  indirizzo: zText(160).nullable().optional(),
  cap: zCap.nullable().optional(),
  comune: zText(80).nullable().optional(),
  provincia: zProvincia.nullable().optional(),
};

/**
 * Dati azienda: who the employer is, on every PDF header and hiring letter. The company's codice fiscale is its
 * 11-digit number (usually its partita IVA) or, for a sole trader, a person's 16-character code.
 */
export const ZAzienda = z.strictObject({
  ragione_sociale: zRequiredText(120),
  partita_iva: zPartitaIva.nullable().optional(),
  codice_fiscale: zCodiceFiscaleImpresa.nullable().optional(),
  ...INDIRIZZO,
  posizione_inps: zText(20).nullable().optional(),
  codice_ditta_inail: zText(20).nullable().optional(),
  pat_inail: zText(20).nullable().optional(),
  ccnl: zText(160).nullable().optional(),
  /** An image stored through POST /api/file. */
  logo_file_id: z.uuid().nullable().optional(),
});
export type TAzienda = z.infer<typeof ZAzienda>;

/** A workplace (sede): where people work, for trips (comune_sede) and hiring letters. */
/**
 * A menu item of the desktop build that opens a local program or document (issue #19): shown only on a Windows
 * desktop, to the users of its profiles; the shell opens only what the server's menu says.
 */
export const ZVoceMenu = z.strictObject({
  etichetta: zRequiredText(80),
  destinazione: zRequiredText(1000)
    .refine(isWindowsTarget, { message: 'avvisi.percorso_non_valido' })
    .refine((s) => !isForbiddenTarget(s), { message: 'avvisi.programma_non_ammesso' }),
  argomenti: z.array(zText(200).pipe(z.string().min(1, { message: FIELD_KEYS.required }))).max(20).default([]),
  profili: z.array(zId).max(100).default([]),
});

/** The folders whose programs and documents the desktop menu items may open (the administrator's allow-list). */
export const ZCartelleVociMenu = z.strictObject({
  cartelle: z.array(zRequiredText(260).refine((s) => normalizeFolder(s) !== null, { message: 'avvisi.cartella_non_valida' })).max(50),
});
export type TCartelleVociMenu = z.infer<typeof ZCartelleVociMenu>;

export const ZSede = z.strictObject({
  descrizione: zRequiredText(120),
  indirizzo: zText(160).nullable().optional(),
  cap: zCap.nullable().optional(),
  comune: zRequiredText(80),
  provincia: zProvincia.nullable().optional(),
  attiva: z.boolean().default(true),
});
