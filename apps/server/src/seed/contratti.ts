/**
 * Contracts demo (issue #18): the CCNL Metalmeccanici Industria with its nine levels D1–A1, 13 monthly payments, 40
 * weekly hours and divisor 173, and the minimi tabellari from 1 June 2024 and 1 June 2025; then a contract row for
 * every employee of Officine Rossi: operai from D1 to C3 by seniority, welders and maintenance at C3, impiegati at C3
 * and B levels, the heads of department at B3, the two managers quadri at A1; two part-time clerks (75 % horizontal,
 * 50 % vertical), one fixed-term warehouse worker near the 24 months of the chain (a contract, a renewal and an
 * extension ending within 30 days), and Mario Rossi promoted from C2 to C3; the Metalmeccanici reasons for fixed terms.
 */
import { eq } from 'drizzle-orm';
import { aggiungiMesi, catenaTempoDeterminato, verificaContratto, type TQualifica, type TTipoContratto } from '@tulip/contract';
import type { Db } from '../platform/db';
import { addDays, localNow } from '../platform/dates';
import { dipendenti, mansioni, reparti, sedi, utenti } from '../modules/anagrafica';
import { causaliDeterminato, ccnl, contrattiDipendenti, linkDocumentTypes, livelli, voci } from '../modules/contratti';
import { demoDate, DEMO_MATRICOLE, SEDI } from './demo-data';

export const CCNL_METALMECCANICI = {
  codice: 'C011', descrizione: 'CCNL Metalmeccanici Industria (Federmeccanica, Assistal – Fim, Fiom, Uilm)', mensilita: 13, ore_settimanali: 40, divisore_orario: 173,
  valido_dal: '2021-01-01', valido_al: null,
  parti_firmatarie: 'Federmeccanica, Assistal; FIM-CISL, FIOM-CGIL, UILM-UIL',
};

/** The levels of the 2021 classification, lowest first, with the old categories they replaced. */
export const LIVELLI_METALMECCANICI: [codice: string, descrizione: string][] = [
  ['D1', 'Attività semplici, manuali o d’ufficio (ex 1ª categoria)'],
  ['D2', 'Attività semplici con conoscenze pratiche (ex 2ª categoria)'],
  ['C1', 'Attività con specifiche conoscenze tecniche (ex 3ª categoria)'],
  ['C2', 'Attività tecniche di media complessità (ex 4ª categoria)'],
  ['C3', 'Attività tecniche complesse con autonomia operativa (ex 5ª categoria)'],
  ['B1', 'Attività di elevata professionalità (ex 5ª categoria super)'],
  ['B2', 'Attività di concetto con autonomia e coordinamento (ex 6ª categoria)'],
  ['B3', 'Attività di alta specializzazione e conduzione (ex 7ª categoria)'],
  ['A1', 'Quadri (ex 8ª categoria)'],
];

/** Minimi tabellari in cents: [level, from 2024-06-01, from 2025-06-01] (issue #18's table). */
export const MINIMI_METALMECCANICI: [livello: string, dal2024: number, dal2025: number][] = [
  ['D1', 171967, 174203],
  ['D2', 190699, 193178],
  ['C1', 194818, 197351],
  ['C2', 198938, 201524],
  ['C3', 213056, 215826],
  ['B1', 228365, 231334],
  ['B2', 244999, 248184],
  ['B3', 273518, 277074],
  ['A1', 280071, 283712],
];
export const VOCE_MINIMO = 'Minimo tabellare';

/**
 * Reasons for fixed-term contracts beyond 12 months in the spirit of the Metalmeccanici renewal (D.Lgs 81/2015 art. 19
 * c. 1 lett. a, as amended by D.L. 48/2023: the cases the collective agreements set). Written for the demo as the
 * typical cases of the sector: HR must check them against the signed text of the agreement before using them.
 */
export const CAUSALI_METALMECCANICI: [codice: string, descrizione: string][] = [
  ['COMMESSA', 'Punte di attività legate all’acquisizione di commesse o ordini straordinari non programmabili'],
  ['SOSTITUZ', 'Sostituzione di lavoratori assenti con diritto alla conservazione del posto'],
  ['LANCIO', 'Lancio di nuovi prodotti o avvio di nuove linee produttive'],
  ['STAGIONE', 'Attività stagionali, fiere e mostre'],
  ['MANUTENZ', 'Manutenzioni straordinarie e revisione di impianti'],
  ['TECNICHE', 'Esigenze tecniche, organizzative o produttive temporanee individuate dal contratto aziendale'],
  ['INNOVAZ', 'Progetti di innovazione tecnologica, digitalizzazione o transizione ecologica'],
  ['FORMAZ', 'Affiancamento per il passaggio di competenze prima del pensionamento di un lavoratore'],
];

type Riga = {
  dal: string; livello: string; qualifica: TQualifica; tipo_contratto: TTipoContratto; data_fine?: string | null; causale?: string | null;
  part_time?: boolean; percentuale_part_time?: number | null; distribuzione_part_time?: 'orizzontale' | 'verticale' | null; superminimo?: number;
};

export async function seedContrattiDemo(db: Db, tz: string) {
  // the shipped templates were seeded before the demo's document types
  await linkDocumentTypes(db);
  const [any] = await db.select({ id: ccnl.id }).from(ccnl).limit(1);
  if (any) return;
  const today = localNow(tz).data;
  const year = Number(today.slice(0, 4));
  const [hr] = await db.select({ id: utenti.id }).from(utenti).where(eq(utenti.username, 'personale'));
  const by = hr?.id ?? null;

  await db.transaction(async (tx) => {
    const [c] = await tx.insert(ccnl).values(CCNL_METALMECCANICI).returning();
    const levels = await tx
      .insert(livelli)
      .values(LIVELLI_METALMECCANICI.map(([codice, descrizione], i) => ({ ccnl_id: c.id, codice, descrizione, ordine: i + 1 })))
      .returning();
    const levelId = (codice: string) => levels.find((l) => l.codice === codice)!.id;
    await tx.insert(voci).values(
      MINIMI_METALMECCANICI.flatMap(([livello, a, b]) => [
        { ccnl_id: c.id, livello_id: levelId(livello), voce: VOCE_MINIMO, decorrenza: '2024-06-01', importo: a, creato_da: by },
        { ccnl_id: c.id, livello_id: levelId(livello), voce: VOCE_MINIMO, decorrenza: '2025-06-01', importo: b, creato_da: by },
      ]),
    );

    await tx.insert(causaliDeterminato).values(CAUSALI_METALMECCANICI.map(([codice, descrizione]) => ({ ccnl_id: c.id, codice, descrizione })));

    const sites = await tx.select().from(sedi);
    const siteId = (descrizione: string) => sites.find((s) => s.descrizione === descrizione)?.id ?? null;
    const [plant, warehouse] = [siteId(SEDI[0].descrizione), siteId(SEDI[1].descrizione)];
    const staff = await tx
      .select({
        id: dipendenti.id, matricola: dipendenti.matricola, cognome: dipendenti.cognome, nome: dipendenti.nome, hire: dipendenti.data_assunzione,
        mansione_id: dipendenti.mansione_id, mansione: mansioni.codice, reparto: reparti.codice,
      })
      .from(dipendenti)
      .leftJoin(mansioni, eq(mansioni.id, dipendenti.mansione_id))
      .leftJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
      .orderBy(dipendenti.id);

    const rows: (typeof contrattiDipendenti.$inferInsert)[] = [];
    for (const d of staff) {
      const anni = year - Number(d.hire.slice(0, 4));
      const who = `${d.cognome} ${d.nome}`;
      const base = { dal: d.hire, tipo_contratto: 'indeterminato' as const };
      let righe: Riga[];
      switch (d.mansione) {
        case 'OPE':
          righe = [{ ...base, qualifica: 'operaio', livello: anni >= 15 ? 'C3' : anni >= 8 ? 'C2' : anni >= 4 ? 'C1' : anni >= 3 ? 'D2' : 'D1' }];
          break;
        case 'SAL':
          righe = [{ ...base, qualifica: 'operaio', livello: 'C3', superminimo: 6000 }];
          break;
        case 'MAN':
          righe = [{ ...base, qualifica: 'operaio', livello: 'C3', superminimo: 8000 }];
          break;
        case 'MAG':
          righe = [{ ...base, qualifica: 'operaio', livello: anni >= 8 ? 'C2' : 'C1' }];
          break;
        case 'CRP':
          righe = [{ ...base, qualifica: 'impiegato', livello: 'B3', superminimo: 30000 }];
          break;
        case 'PRG':
          righe = [{ ...base, qualifica: 'impiegato', livello: anni >= 10 ? 'B2' : 'B1', superminimo: anni >= 10 ? 10000 : 0 }];
          break;
        case 'VEN':
          righe = [{ ...base, qualifica: 'impiegato', livello: 'B1' }];
          break;
        case 'RAM':
        case 'RCM':
          righe = [{ ...base, qualifica: 'quadro', livello: 'A1', superminimo: 45000 }];
          break;
        default: // IMP and anyone else: clerks
          righe = [{ ...base, qualifica: 'impiegato', livello: anni >= 10 ? 'B1' : 'C3' }];
      }
      // Mario Rossi: hired at C2, promoted to C3 (two rows, the first kept)
      if (d.matricola === DEMO_MATRICOLE.mario) {
        righe = [{ ...base, qualifica: 'operaio', livello: 'C2' }, { ...base, dal: demoDate('2020-01-01', today), qualifica: 'operaio', livello: 'C3' }];
      }
      // two part-time clerks (D.Lgs 81/2015 art. 5): mornings at 75 %, three days a week at 50 %
      if (who === 'Bassi Paola') righe = righe.map((r) => ({ ...r, part_time: true, percentuale_part_time: 75, distribuzione_part_time: 'orizzontale' }));
      if (who === 'Sorrentino Anna') righe = righe.map((r) => ({ ...r, part_time: true, percentuale_part_time: 50, distribuzione_part_time: 'verticale' }));
      // the latest warehouse hire: a fixed-term chain near the 24 months (D.Lgs 81/2015 art. 19 and 21, D.L. 48/2023) –
      // 12 months, a renewal 20 days after (the first lasted more than 6 months), then an extension ending within 30
      // days of the demo's today (28/11/2026), with its reason past 12 months in all: HR's home warns of its term
      if (who === 'Bolognesi Kevin') {
        const causale = CAUSALI_METALMECCANICI[0][1];
        const fixed = { ...righe[0], tipo_contratto: 'determinato' as const };
        righe = [
          { ...fixed, data_fine: addDays(aggiungiMesi(d.hire, 12), -1) },
          { ...fixed, dal: demoDate('2026-02-23', today), data_fine: demoDate('2026-08-31', today), causale },
          { ...fixed, dal: demoDate('2026-09-01', today), data_fine: demoDate('2026-12-20', today), causale },
        ];
      }
      const chain = catenaTempoDeterminato(righe).voci.find((v) => v.errore);
      if (chain) throw new Error(`demo contract of ${who}: ${chain.errore!.errore}`);
      for (const r of righe) {
        const wrong = verificaContratto(r);
        if (wrong) throw new Error(`demo contract of ${who}: ${wrong.errore}`);
        rows.push({
          dipendente_id: d.id, dal: r.dal, ccnl_id: c.id, livello_id: levelId(r.livello), qualifica: r.qualifica, tipo_contratto: r.tipo_contratto,
          data_fine: r.data_fine ?? null, causale: r.causale ?? null, part_time: !!r.part_time, percentuale_part_time: r.percentuale_part_time ?? null,
          distribuzione_part_time: r.distribuzione_part_time ?? null, superminimo: r.superminimo ?? 0, sede_id: d.reparto === 'MAG' ? warehouse : plant,
          mansione_id: d.mansione_id, creato_da: by,
        });
      }
    }
    await tx.insert(contrattiDipendenti).values(rows);
  });
}
