/** The kiosk's operations (module kiosk, issue #3 §6): a shared device registered as a terminal, punches by badge and PIN. */
import { z } from 'zod';
import { defineOperations } from '../operation';
import { VERSI } from '../schemas/presenze';
import { zRequiredText, zText } from '../schemas/common';
import { defineResourceOps } from '../resource';

export const ZKioskTimbra = z.strictObject({
  badge: zText(40).optional(),
  matricola: zText(20).optional(),
  utente: zText(60).optional(),
  pin: z.string().regex(/^\d{4,8}$/, { message: 'avvisi.pin_non_valido' }),
  verso: z.enum(VERSI, { message: 'avvisi.verso_non_valido' }),
  id_richiesta: z.uuid(),
});

/** This device's terminal, and the company's wall clock for the kiosk's clock. */
export const ZKioskTerminale = z.object({ id: z.number(), descrizione: z.string(), ora: z.string() });
/** Who punched and when: the kiosk's confirmation. */
export const ZKioskPunch = z.object({
  message: z.string(),
  data: z.object({ nome: z.string(), cognome: z.string(), ts: z.string(), verso: z.enum(VERSI) }),
});
export type TKioskPunch = z.infer<typeof ZKioskPunch>['data'];

export const OPS_KIOSK = defineOperations({
  terminale: {
    method: 'GET', path: '/api/kiosk/terminale', tag: 'kiosk', summary: 'Chiosco: il terminale di questo dispositivo',
    access: { public: true }, responses: { 200: ZKioskTerminale },
  },
  timbra: {
    method: 'POST', path: '/api/kiosk/timbra', tag: 'kiosk', summary: 'Chiosco: timbratura con badge o matricola e PIN',
    access: { public: true }, body: ZKioskTimbra, responses: { 201: ZKioskPunch }, idempotency: 'own',
  },
});

// ---- resources of the generic layer --------------------------------------------------------------------------------

export const RES_TERMINALI = defineResourceOps({
  name: 'terminali', label: ['Terminale', 'Terminali'], path: '/api/terminali', tag: 'kiosk',
  row: z.object({ id: z.number(), descrizione: z.string(), attivo: z.boolean(), creato_il: z.string(), ultimo_uso: z.string().nullable() }),
  input: z.strictObject({ descrizione: zRequiredText(120), attivo: z.boolean().default(true) }),
  read: ['terminali'], write: ['terminali'],
  /** The terminal's secret link, shown once in the answer to its creation; only its hash is kept. */
  createExtra: { link: z.string(), chiave: z.string() },
});
