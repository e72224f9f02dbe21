/**
 * The operations of module conformita (issue #31 §1): the working-time rules of D.Lgs 66/2003 over what really
 * happened (the engine's pairs and minutes), their findings by month, and HR's review of each one before the month
 * is closed for payroll.
 */
import { z } from 'zod';
import { defineOperations, zAnswer } from '../operation';
import { zDate, zId, zRequiredText } from '../schemas/common';
import { zMese } from '../schemas/presenze';

/** The rules, in the order the screen lists them (the engine's REGOLE_CONFORMITA, which the contract cannot import). */
export const REGOLE_CONFORMITA = [
  'riposo_giornaliero', 'riposo_settimanale', 'durata_media_settimanale', 'straordinario_annuo', 'pausa', 'lavoro_notturno', 'durata_massima_giornaliera',
] as const;
export const ZRegolaConformita = z.enum(REGOLE_CONFORMITA, { message: 'avvisi.regola_non_valida' });
export type TRegolaConformita = z.infer<typeof ZRegolaConformita>;

/** HR, and managers and employees over their scope; the review is HR's (every employee). */
const LEGGE = { routes: ['conformita'] };
const RIVEDE = { routes: ['conformita'], scopes: ['tutti'] } as const satisfies { routes: string[]; scopes: 'tutti'[] };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ZConformitaQuery = z.object({ mese: zMese, dipendente_id: zId.optional(), reparto_id: zId.optional(), regola: ZRegolaConformita.optional() });
export type TConformitaQuery = z.infer<typeof ZConformitaQuery>;

export const ZRiscontroVerifica = z.object({ nota: z.string(), utente: z.string(), il: z.string() });
/** A finding: `dettaglio` is a translation key, `params` its values; `verifica` HR's note, when reviewed. */
export const ZRiscontroConformita = z.object({
  dipendente_id: z.number(),
  matricola: z.string(),
  nome: z.string(),
  regola: ZRegolaConformita,
  data: z.string(),
  dettaglio: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  verifica: ZRiscontroVerifica.nullable(),
});
export type TRiscontroConformita = z.infer<typeof ZRiscontroConformita>;

export const ZVerificaConformita = z.strictObject({ dipendente_id: zId, regola: ZRegolaConformita, data: zDate, nota: zRequiredText(1000) });
export type TVerificaConformita = z.infer<typeof ZVerificaConformita>;

export const OPS_CONFORMITA = defineOperations({
  elenco: {
    method: 'GET', path: '/api/conformita', tag: 'conformita', summary: 'Riscontri dell’orario di lavoro di un mese (D.Lgs 66/2003)',
    access: LEGGE, query: ZConformitaQuery, responses: { 200: z.object({ mese: z.string(), chiuso: z.boolean(), rows: z.array(ZRiscontroConformita) }) },
  },
  excel: {
    method: 'GET', path: '/api/conformita/excel', tag: 'conformita', summary: 'Riscontri dell’orario di lavoro di un mese: esportazione Excel',
    access: LEGGE, query: ZConformitaQuery, responses: { file: XLSX },
  },
  verifica: {
    method: 'PUT', path: '/api/conformita/verifiche', tag: 'conformita', summary: 'Verifica di un riscontro con una nota (l’ufficio personale), prima della chiusura del mese',
    access: RIVEDE, body: ZVerificaConformita, responses: { 200: zAnswer(ZRiscontroConformita) },
  },
});
