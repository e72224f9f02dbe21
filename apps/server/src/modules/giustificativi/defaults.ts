/**
 * The leave types every installation starts with (the usual Italian ones), written at every start when missing: the
 * module's base data, declared in its manifest (`seed.base`). What an administrator changed stays.
 */
import type { Db } from '../../platform/db';
import { causali } from './tables';

const H = 60;
export const CAUSALI = [
  { codice: 'FERIE', descrizione: 'Ferie', unita: 'G', saldo: true, spettanza_annua_minuti: 160 * H, codice_paghe: 'FER', colore: '#52c41a' },
  { codice: 'ROL', descrizione: 'Riduzione orario di lavoro', unita: 'H', saldo: true, spettanza_annua_minuti: 72 * H, codice_paghe: 'ROL', colore: '#13c2c2' },
  { codice: 'EX_FESTIVITA', descrizione: 'Ex festività', unita: 'H', saldo: true, spettanza_annua_minuti: 32 * H, codice_paghe: 'EXF', colore: '#2f54eb' },
  { codice: 'PERMESSO', descrizione: 'Permesso retribuito', unita: 'H', codice_paghe: 'PER', colore: '#722ed1' },
  { codice: 'PERMESSO_NR', descrizione: 'Permesso non retribuito', unita: 'H', retribuita: false, codice_paghe: 'PNR', colore: '#9254de' },
  { codice: 'MALATTIA', descrizione: 'Malattia', unita: 'G', richiede_approvazione: false, richiede_certificato: true, codice_paghe: 'MAL', colore: '#f5222d' },
  { codice: 'INFORTUNIO', descrizione: 'Infortunio sul lavoro', unita: 'G', richiede_approvazione: false, richiede_certificato: true, codice_paghe: 'INF', colore: '#cf1322' },
  { codice: 'L104_G', descrizione: 'Permesso legge 104 (giorni)', unita: 'G', codice_paghe: 'L104', colore: '#fa8c16' },
  { codice: 'L104_H', descrizione: 'Permesso legge 104 (ore)', unita: 'H', codice_paghe: 'L104H', colore: '#fa8c16' },
  { codice: 'CONGEDO_PARENTALE', descrizione: 'Congedo parentale', unita: 'G', codice_paghe: 'CPA', colore: '#eb2f96' },
  { codice: 'MATRIMONIO', descrizione: 'Congedo matrimoniale', unita: 'G', codice_paghe: 'MAT', colore: '#f759ab' },
  { codice: 'LUTTO', descrizione: 'Permesso per lutto', unita: 'G', codice_paghe: 'LUT', colore: '#595959' },
  { codice: 'DONAZIONE_SANGUE', descrizione: 'Donazione sangue', unita: 'G', codice_paghe: 'DON', colore: '#a8071a' },
  { codice: 'STUDIO', descrizione: 'Permesso studio (150 ore)', unita: 'H', codice_paghe: 'STU', colore: '#1d39c4' },
  { codice: 'SINDACALE', descrizione: 'Permesso sindacale', unita: 'H', codice_paghe: 'SIN', colore: '#874d00' },
  { codice: 'TRASFERTA', descrizione: 'Trasferta', unita: 'G', conta_come_lavorato: true, codice_paghe: 'TRA', colore: '#d4b106' },
  { codice: 'SMART_WORKING', descrizione: 'Lavoro agile', unita: 'G', conta_come_lavorato: true, codice_paghe: 'SMW', colore: '#7cb305' },
  { codice: 'FORMAZIONE', descrizione: 'Formazione', unita: 'H', conta_come_lavorato: true, codice_paghe: 'FOR', colore: '#08979c' },
  { codice: 'BANCA_ORE', descrizione: 'Banca ore (recupero)', unita: 'H', saldo: true, spettanza_annua_minuti: 0, codice_paghe: 'BOR', colore: '#1677ff' },
];


export async function seedCausali(db: Db) {
  await db.insert(causali).values(CAUSALI).onConflictDoNothing();
}
