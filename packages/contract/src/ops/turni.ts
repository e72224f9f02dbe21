/**
 * The shifts' operations (module turni) beyond the generic resources (turni, orari, assegnazioni-orario, festivita,
 * which defineResource declares): the preview of a shift's rules on one day, a year's holidays.
 */
import { z } from 'zod';
import { defineOperations } from '../operation';
import { zNullableText } from '../schemas/common';
import { TIPI_FESTIVITA, ZRisultatoGiorno, ZAssegnazioneOrario, ZFestivita, ZOrarioSettimanale, ZTurno, zOrario } from '../schemas/presenze';
import { defineResourceOps } from '../resource';

const PLANNERS = ['turni.definizione', 'turni.calendario', 'turni.orari'];

/** A shift being edited, with sample punches and leave: the preview computes the day they make. */
export const ZAnteprimaTurno = z.strictObject({
  turno: ZTurno,
  tipo_giorno: z.enum(['lavorativo', 'riposo', 'festivo']).default('lavorativo'),
  timbrature: z.array(z.strictObject({ ora: zOrario, verso: z.enum(['E', 'U']), giorno_dopo: z.boolean().optional() })).max(20),
  giustificativi: z.array(z.strictObject({ codice: z.string().max(20), unita: z.enum(['G', 'H']), minuti: z.number().int().min(0).max(1440).optional() })).max(10).default([]),
});
export type TAnteprimaTurno = z.infer<typeof ZAnteprimaTurno>;

/** The day the timecard engine computes (DESIGN §8): minutes, anomaly codes, the worked pairs. */
/** The preview's day: the engine's result (never in progress: a preview has no clock). */
export const ZAnteprimaRisultato = ZRisultatoGiorno;
export type TAnteprimaRisultato = z.infer<typeof ZAnteprimaRisultato>;

/** A holiday of the year: national ones are computed, the company's (patron saint, closures) are stored. */
export const ZFestivitaAnno = z.object({ data: z.string(), descrizione: z.string(), tipo: z.enum(['nazionale', 'patrono', 'chiusura']) });
export type TFestivitaAnno = z.infer<typeof ZFestivitaAnno>;

export const OPS_TURNI = defineOperations({
  anteprima: {
    method: 'POST', path: '/api/turni/anteprima', tag: 'turni', summary: 'Turno: anteprima del calcolo di una giornata',
    access: { routes: PLANNERS }, body: ZAnteprimaTurno, responses: { 200: ZAnteprimaRisultato },
  },
  festivitaAnno: {
    method: 'GET', path: '/api/festivita/anno/:anno', tag: 'turni', summary: 'Festività di un anno (nazionali e aziendali)',
    access: { auth: true }, params: z.strictObject({ anno: z.coerce.number().int().min(1900).max(2200) }), responses: { 200: z.array(ZFestivitaAnno) },
  },
});

// ---- resources of the generic layer --------------------------------------------------------------------------------

const READERS = [...PLANNERS, 'timbrature.calendario', 'cartellino', 'giustificativi.calendario'];
const ZFasciaRow = z.object({ inizio: z.string(), fine: z.string() });

export const RES_TURNI = defineResourceOps({
  name: 'turni', label: ['Turno', 'Turni'], path: '/api/turni', tag: 'turni',
  row: z.object({
    id: z.number(), codice: z.string(), descrizione: z.string(), colore: z.string(), fasce: z.array(ZFasciaRow), minuti_teorici: z.number().nullable(),
    flessibilita: z.number(), tolleranza: z.number(), arrotondamento_entrata: z.number(), arrotondamento_uscita: z.number(),
    soglia_straordinario: z.number(), blocco_straordinario: z.number(), pausa_minima: z.number(), pausa_retribuita: z.number(), notturno: ZFasciaRow,
  }),
  input: ZTurno, read: READERS, write: ['turni.definizione'], writeScopes: ['tutti'], lookupForAll: true,
});
export const RES_ORARI = defineResourceOps({
  name: 'orari_settimanali', label: ['Orario settimanale', 'Orari settimanali'], path: '/api/orari', tag: 'turni',
  /** `giorni`: Monday to Sunday, the shift of each day or null for a rest day. */
  row: z.object({ id: z.number(), codice: z.string(), descrizione: z.string(), giorni: z.array(z.number().nullable()) }),
  input: ZOrarioSettimanale, read: READERS, write: ['turni.orari'], writeScopes: ['tutti'], lookupForAll: true,
});
export const RES_ASSEGNAZIONI_ORARIO = defineResourceOps({
  name: 'assegnazioni_orario', label: ['Assegnazione di orario', 'Assegnazioni di orario'], path: '/api/assegnazioni-orario', tag: 'turni',
  filters: ['dipendente_id', 'orario_id'],
  row: z.object({
    id: z.number(), dipendente_id: z.number(), orario_id: z.number(), dal: z.string(), al: zNullableText, dipendente_nome: z.string(), orario_descrizione: z.string(),
  }),
  input: ZAssegnazioneOrario, read: READERS, write: ['turni.orari'], writeScopes: ['tutti'],
});
export const RES_FESTIVITA = defineResourceOps({
  name: 'festivita', label: ['Festività', 'Festività'], path: '/api/festivita', tag: 'turni',
  row: z.object({ id: z.number(), data: z.string(), descrizione: z.string(), tipo: z.enum(TIPI_FESTIVITA) }),
  input: ZFestivita, read: READERS, write: ['turni.festivita'], writeScopes: ['tutti'], lookupForAll: true,
});
