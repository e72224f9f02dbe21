/**
 * Contracts demo (issue #18): the CCNL Metalmeccanici Industria with its nine levels D1–A1, 13 monthly payments, 40
 * weekly hours and divisor 173, and the minimi tabellari from 1 June 2024 and 1 June 2025 and those of the renewal of
 * 22/11/2025 from 1 June 2026, 2027 and 2028 (issue #28; a demo database seeded before gets them at its next start,
 * upgradeContrattiDemo); then a contract row for
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
  // the renewal of 22/11/2025 runs to 30/6/2028
  valido_dal: '2021-01-01', valido_al: '2028-06-30',
  parti_firmatarie: 'Federmeccanica, Assistal e Fim-Cisl, Fiom-Cgil, Uilm-Uil (rinnovo del 22 novembre 2025)',
};

/**
 * The levels of the 2021 classification (renewal of 5/2/2021, Sezione quarta Titolo II), lowest first: the field of
 * role responsibility (D operational, C technical-specific, B specialist and managerial, A change and innovation) and
 * the old categories each replaced. The description prints on hiring letters after the code ("livello C3 (…)").
 */
export const LIVELLI_METALMECCANICI: [codice: string, descrizione: string][] = [
  ['D1', 'ex 1ª e 2ª categoria: ruoli operativi, attività semplici, manuali o d’ufficio'],
  ['D2', 'ex 3ª categoria: ruoli operativi, attività con conoscenze pratiche e capacità operative specifiche'],
  ['C1', 'ex 3ª categoria super: ruoli tecnico-specifici, attività con specifiche conoscenze tecniche'],
  ['C2', 'ex 4ª categoria: ruoli tecnico-specifici, attività tecniche di media complessità'],
  ['C3', 'ex 5ª categoria: ruoli tecnico-specifici, attività tecniche complesse con autonomia operativa'],
  ['B1', 'ex 5ª categoria super: ruoli specialistici e gestionali, attività di elevata professionalità'],
  ['B2', 'ex 6ª categoria: ruoli specialistici e gestionali, attività di concetto con autonomia e coordinamento'],
  ['B3', 'ex 7ª categoria: ruoli specialistici e gestionali, alta specializzazione e conduzione di unità organizzative'],
  ['A1', 'ex 8ª categoria (quadri): ruoli di gestione del cambiamento e dell’innovazione'],
];

/** What the seed wrote before issue #28 (a wrong mapping: D2 is the former 3rd category, not the 2nd): replaced on upgrade, an edited text stays. */
const LIVELLI_PRIMA: Record<string, string> = {
  D1: 'Attività semplici, manuali o d’ufficio (ex 1ª categoria)',
  D2: 'Attività semplici con conoscenze pratiche (ex 2ª categoria)',
  C1: 'Attività con specifiche conoscenze tecniche (ex 3ª categoria)',
  C2: 'Attività tecniche di media complessità (ex 4ª categoria)',
  C3: 'Attività tecniche complesse con autonomia operativa (ex 5ª categoria)',
  B1: 'Attività di elevata professionalità (ex 5ª categoria super)',
  B2: 'Attività di concetto con autonomia e coordinamento (ex 6ª categoria)',
  B3: 'Attività di alta specializzazione e conduzione (ex 7ª categoria)',
  A1: 'Quadri (ex 8ª categoria)',
};
const FIRMATARI_PRIMA = 'Federmeccanica, Assistal; FIM-CISL, FIOM-CGIL, UILM-UIL';

/** The decorrenze of the minimi below: the 2021 renewal's adjustments of 2024 and 2025, then the renewal of 22/11/2025. */
export const DECORRENZE_METALMECCANICI = ['2024-06-01', '2025-06-01', '2026-06-01', '2027-06-01', '2028-06-01'] as const;

/** Minimi tabellari in cents, one per decorrenza above (issue #18's table, then issue #28's: the renewal of 22/11/2025). */
export const MINIMI_METALMECCANICI: [livello: string, importi: number[]][] = [
  ['D1', [171967, 174203, 178494, 183302, 188537]],
  ['D2', [190699, 193178, 197937, 203270, 209076]],
  ['C1', [194818, 197351, 202212, 207659, 213589]],
  ['C2', [198938, 201524, 206488, 212052, 218109]],
  ['C3', [213056, 215826, 221143, 227101, 233588]],
  ['B1', [228365, 231334, 237033, 243419, 250372]],
  ['B2', [244999, 248184, 254298, 261149, 268608]],
  ['B3', [273518, 277074, 283899, 291548, 299876]],
  ['A1', [280071, 283712, 290701, 298533, 307061]],
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
    await tx.insert(voci).values(minimiRows(c.id, levelId, by));

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

/** The minimi as rows of the table, every decorrenza of every level the CCNL has. */
function minimiRows(ccnlId: number, levelId: (codice: string) => number | undefined, by: number | null) {
  return MINIMI_METALMECCANICI.flatMap(([livello, importi]) => {
    const id = levelId(livello);
    return id === undefined ? [] : importi.map((importo, i) => ({ ccnl_id: ccnlId, livello_id: id, voce: VOCE_MINIMO, decorrenza: DECORRENZE_METALMECCANICI[i], importo, creato_da: by }));
  });
}

/**
 * A demo database seeded before the renewal of 22/11/2025 (issue #28): the demo is seeded once, on an empty database,
 * so at every start this brings its CCNL Metalmeccanici up to date. Idempotent: the minimi it lacks are added as new
 * versions (a decorrenza already there, typed by HR or added before, stays as it is); the validity, the signatories and
 * the level descriptions change only where they still hold what the old seed wrote (an administrator's edit stays).
 */
export async function upgradeContrattiDemo(db: Db) {
  const [c] = await db.select().from(ccnl).where(eq(ccnl.codice, CCNL_METALMECCANICI.codice));
  if (!c) return;
  await db.transaction(async (tx) => {
    if (c.valido_al === null) await tx.update(ccnl).set({ valido_al: CCNL_METALMECCANICI.valido_al }).where(eq(ccnl.id, c.id));
    if (c.parti_firmatarie === FIRMATARI_PRIMA) await tx.update(ccnl).set({ parti_firmatarie: CCNL_METALMECCANICI.parti_firmatarie }).where(eq(ccnl.id, c.id));
    const levels = await tx.select().from(livelli).where(eq(livelli.ccnl_id, c.id));
    for (const [codice, descrizione] of LIVELLI_METALMECCANICI) {
      const l = levels.find((x) => x.codice === codice);
      if (l && l.descrizione === LIVELLI_PRIMA[codice]) await tx.update(livelli).set({ descrizione }).where(eq(livelli.id, l.id));
    }
    const [hr] = await tx.select({ id: utenti.id }).from(utenti).where(eq(utenti.username, 'personale'));
    const rows = minimiRows(c.id, (codice) => levels.find((l) => l.codice === codice)?.id, hr?.id ?? null);
    // the unique version (CCNL, level, component, decorrenza): what is there already is kept
    if (rows.length) await tx.insert(voci).values(rows).onConflictDoNothing();
  });
}
