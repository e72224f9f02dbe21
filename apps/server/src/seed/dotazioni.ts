/**
 * Equipment and PPE demo (issue #17): Officine Rossi's types (safety shoes, helmet, gloves, glasses, ear defenders,
 * high-visibility vest, welding mask, a category III harness inspected yearly, laptops and phones), articles with
 * stock per size and serial-numbered units, the standard kits of Saldatore, Operaio, Manutentore, Magazziniere,
 * Impiegato and Progettista, the employees' sizes, training records, and two years of deliveries so that some items
 * fall due this month. One welder lacks his welding mask; a maintenance technician holds a harness with his training
 * recorded; an office worker who left last month still has a laptop to give back.
 */
import { eq } from 'drizzle-orm';
import { categoriaDpi, formazioneRichiesta, prossimaIspezione, scadenzaConsegna, scadenzaDotazione, aggiungiMesi, type TCategoriaDpi, type TProtezioneDpi, type TTipoTaglia } from '@tulip/contract';
import type { Db } from '../platform/db';
import { addDays, localNow } from '../platform/dates';
import { dipendenti, mansioni, reparti, utenti } from '../modules/anagrafica';
import { articoli, consegne, consegneRighe, formazione, kit, movimenti, taglie, tipologie, unita } from '../modules/dotazioni';
import { codiceFiscale } from './demo-data';

type Tipo = {
  codice: string; descrizione: string; dpi: boolean; categoria?: TCategoriaDpi; protezione?: TProtezioneDpi; norma?: string; durata?: number; ispezione?: number;
  taglia?: TTipoTaglia; restituibile?: boolean; serie?: boolean; vita?: number;
};

const TIPI: Tipo[] = [
  { codice: 'SCARPE_S3', descrizione: 'Scarpe antinfortunistiche S3', dpi: true, categoria: 'II', protezione: 'piedi', norma: 'EN ISO 20345 S3', durata: 12, taglia: 'scarpe' },
  { codice: 'ELMETTO', descrizione: 'Elmetto di protezione', dpi: true, categoria: 'II', protezione: 'testa', norma: 'EN 397', durata: 60 },
  { codice: 'GUANTI_TAGLIO', descrizione: 'Guanti antitaglio', dpi: true, categoria: 'II', protezione: 'mani', norma: 'EN 388', durata: 6, taglia: 'guanti' },
  { codice: 'GUANTI_CHIMICI', descrizione: 'Guanti per rischio chimico', dpi: true, categoria: 'III', protezione: 'mani', norma: 'EN ISO 374-1', durata: 3, taglia: 'guanti' },
  { codice: 'OCCHIALI', descrizione: 'Occhiali di sicurezza', dpi: true, categoria: 'II', protezione: 'occhi', norma: 'EN 166', durata: 24 },
  // Reg. (UE) 2016/425 Annex I: hearing protection is category III (categoriaDpi)
  { codice: 'CUFFIE', descrizione: 'Cuffie antirumore', dpi: true, categoria: 'III', protezione: 'udito', norma: 'EN 352-1', durata: 36 },
  { codice: 'GILET_AV', descrizione: 'Gilet ad alta visibilità', dpi: true, categoria: 'II', protezione: 'corpo', norma: 'EN ISO 20471', durata: 24, taglia: 'abbigliamento' },
  { codice: 'MASCHERA_SALD', descrizione: 'Maschera per saldatura', dpi: true, categoria: 'II', protezione: 'occhi', norma: 'EN 175', durata: 36 },
  { codice: 'IMBRACATURA', descrizione: 'Imbracatura anticaduta', dpi: true, categoria: 'III', protezione: 'anticaduta', norma: 'EN 361', durata: 120, ispezione: 12, serie: true, vita: 120 },
  { codice: 'NOTEBOOK', descrizione: 'Computer portatile', dpi: false, restituibile: true, serie: true },
  { codice: 'TELEFONO', descrizione: 'Telefono aziendale', dpi: false, restituibile: true, serie: true },
];

type Articolo = {
  tipo: string; marca: string; modello: string; fornitore: string; costo: number; organismo?: string; minima?: number; stock?: Record<string, number>; serie?: string[];
  /** The lot and date of manufacture of each serial number's unit (its first letters), from the label. */
  lotti?: Record<string, { lotto: string; data_fabbricazione: string }>;
};

const scarpe = ['38', '39', '40', '41', '42', '43', '44', '45', '46'];
const guanti = ['7', '8', '9', '10'];
const vestiti = ['S', 'M', 'L', 'XL', 'XXL'];
const each = (sizes: string[], n: number) => Object.fromEntries(sizes.map((s) => [s, n]));

const ARTICOLI: Articolo[] = [
  { tipo: 'SCARPE_S3', marca: 'U-Power', modello: 'Red Lion S3', fornitore: 'Antinfortunistica Emiliana srl', costo: 7990, minima: 3, stock: { ...each(scarpe, 6), '38': 2, '46': 2 } },
  { tipo: 'ELMETTO', marca: 'JSP', modello: 'EVO3', fornitore: 'Antinfortunistica Emiliana srl', costo: 1450, minima: 5, stock: { '': 14 } },
  { tipo: 'GUANTI_TAGLIO', marca: 'Ansell', modello: 'HyFlex 11-518', fornitore: 'Antinfortunistica Emiliana srl', costo: 690, minima: 10, stock: { ...each(guanti, 30), '7': 8 } },
  { tipo: 'GUANTI_CHIMICI', marca: 'Ansell', modello: 'AlphaTec 58-270', fornitore: 'Antinfortunistica Emiliana srl', costo: 1290, organismo: '0493', minima: 4, stock: each(guanti, 10) },
  { tipo: 'OCCHIALI', marca: 'Univet', modello: '5X7', fornitore: 'Antinfortunistica Emiliana srl', costo: 850, minima: 5, stock: { '': 25 } },
  { tipo: 'CUFFIE', marca: '3M', modello: 'Peltor X4A', fornitore: 'Sicurezza Lavoro Bologna spa', costo: 3290, organismo: '0194', minima: 3, stock: { '': 9 } },
  { tipo: 'GILET_AV', marca: 'Portwest', modello: 'C470', fornitore: 'Sicurezza Lavoro Bologna spa', costo: 490, minima: 3, stock: each(vestiti, 8) },
  { tipo: 'MASCHERA_SALD', marca: '3M', modello: 'Speedglas 9100', fornitore: 'Sicurezza Lavoro Bologna spa', costo: 38900, minima: 1, stock: { '': 3 } },
  { tipo: 'IMBRACATURA', marca: 'Kong', modello: 'Ventura', fornitore: 'Sicurezza Lavoro Bologna spa', costo: 11900, organismo: '0426', serie: ['KV-23001', 'KV-23002', 'KV-23003', 'KV-24011', 'KV-24012'],
    lotti: { 'KV-23': { lotto: 'L2303', data_fabbricazione: '2023-03-15' }, 'KV-24': { lotto: 'L2402', data_fabbricazione: '2024-02-09' } },
  },
  { tipo: 'NOTEBOOK', marca: 'Lenovo', modello: 'ThinkPad T14', fornitore: 'Informatica Felsinea srl', costo: 119000, serie: Array.from({ length: 30 }, (_, i) => `PF4${String(1001 + i)}`) },
  { tipo: 'TELEFONO', marca: 'Samsung', modello: 'Galaxy A55', fornitore: 'Informatica Felsinea srl', costo: 39900, serie: Array.from({ length: 12 }, (_, i) => `R58W${String(7001 + i)}`) },
];

/** The standard kits: [type, quantity, mandatory]. */
const KIT: Record<string, [string, number, boolean][]> = {
  SAL: [['SCARPE_S3', 1, true], ['GUANTI_TAGLIO', 2, true], ['MASCHERA_SALD', 1, true], ['OCCHIALI', 1, true], ['GILET_AV', 1, false]],
  OPE: [['SCARPE_S3', 1, true], ['ELMETTO', 1, true], ['GUANTI_TAGLIO', 2, true], ['OCCHIALI', 1, true], ['CUFFIE', 1, true]],
  MAN: [['SCARPE_S3', 1, true], ['ELMETTO', 1, true], ['GUANTI_TAGLIO', 2, true], ['GUANTI_CHIMICI', 2, true], ['OCCHIALI', 1, true], ['IMBRACATURA', 1, false]],
  MAG: [['SCARPE_S3', 1, true], ['ELMETTO', 1, true], ['GUANTI_TAGLIO', 2, true], ['GILET_AV', 1, true]],
  IMP: [['NOTEBOOK', 1, true], ['TELEFONO', 1, false]],
  PRG: [['NOTEBOOK', 1, true]],
};

/** A small deterministic hash: the same demo on every start. */
const h = (...n: number[]) => n.reduce((a, b) => (a * 31 + b * 17 + 7) % 1009, 11);

export async function seedDotazioniDemo(db: Db, tz: string) {
  const [any] = await db.select({ id: tipologie.id }).from(tipologie).limit(1);
  if (any) return;
  const today = localNow(tz).data;
  const [hr] = await db.select({ id: utenti.id }).from(utenti).where(eq(utenti.username, 'personale'));
  const by = hr?.id ?? null;

  const tipi = await db
    .insert(tipologie)
    .values(
      TIPI.map((t) => ({
        codice: t.codice, descrizione: t.descrizione, dpi: t.dpi, categoria: t.dpi ? categoriaDpi(t.protezione, t.categoria) : null, protezione: t.protezione ?? null, norma: t.norma ?? null, durata_mesi: t.durata ?? null,
        ispezione_mesi: t.ispezione ?? null, vita_utile_mesi: t.vita ?? null, taglie: !!t.taglia, tipo_taglia: t.taglia ?? null, restituibile: !!t.restituibile, numero_serie: !!t.serie,
        formazione: formazioneRichiesta({ dpi: t.dpi, categoria: categoriaDpi(t.protezione, t.categoria), protezione: t.protezione }),
      })),
    )
    .returning();
  const tipo = (codice: string) => tipi.find((t) => t.codice === codice)!;
  const arts = await db
    .insert(articoli)
    .values(ARTICOLI.map((a) => ({ tipologia_id: tipo(a.tipo).id, marca: a.marca, modello: a.modello, fornitore: a.fornitore, costo: a.costo, marcatura_ce: tipo(a.tipo).dpi, organismo_notificato: a.organismo ?? null, scorta_minima: a.minima ?? null })))
    .returning();
  const articolo = (codice: string) => arts.find((a) => a.tipologia_id === tipo(codice).id)!;
  // the opening loads (plus what the deliveries below take, so the stock left is the table above)
  const loads = new Map<string, number>();
  for (const a of ARTICOLI) for (const [taglia, n] of Object.entries(a.stock ?? {})) loads.set(`${articolo(a.tipo).id}|${taglia}`, n);
  const units = new Map<number, string[]>();
  for (const a of ARTICOLI) if (a.serie) units.set(articolo(a.tipo).id, [...a.serie]);
  const lotOf = (aid: number, numero: string) => {
    const lotti = ARTICOLI.find((a) => articolo(a.tipo).id === aid)?.lotti ?? {};
    return Object.entries(lotti).find(([prefix]) => numero.startsWith(prefix))?.[1] ?? { lotto: null, data_fabbricazione: null };
  };
  const unitRows = await db.insert(unita).values([...units].flatMap(([aid, list]) => list.map((numero_serie) => ({ articolo_id: aid, numero_serie, ...lotOf(aid, numero_serie) })))).returning();

  // ---- kits ----
  const mans = await db.select().from(mansioni);
  const mansioneId = (codice: string) => mans.find((m) => m.codice === codice)?.id;
  await db.insert(kit).values(
    Object.entries(KIT).flatMap(([m, rows]) => (mansioneId(m) ? rows.map(([t, quantita, obbligatoria]) => ({ mansione_id: mansioneId(m)!, tipologia_id: tipo(t).id, quantita, obbligatoria })) : [])),
  );

  // ---- an office worker who left last month, laptop still at home ----
  const [amm] = await db.select().from(reparti).where(eq(reparti.codice, 'AMM'));
  const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
  const [maxMatricola] = await db.select({ m: dipendenti.matricola }).from(dipendenti).orderBy(dipendenti.matricola).then((r) => r.slice(-1));
  const hire = aggiungiMesi(today, -26);
  await db.insert(dipendenti).values({
    matricola: String(Number(maxMatricola.m) + 1).padStart(6, '0'), cognome: 'Neri', nome: 'Tommaso', email: 'tommaso.neri@officinerossi.example',
    codice_fiscale: codiceFiscale({ cognome: 'Neri', nome: 'Tommaso', sesso: 'M', data_nascita: '1995-05-14', comune: 'A944' }), reparto_id: amm?.id ?? null, cdc_id: amm?.cdc_id ?? null,
    mansione_id: mansioneId('IMP') ?? null, data_assunzione: hire, data_cessazione: lastMonthEnd,
  });

  // ---- the people: sizes, training, deliveries ----
  const people = await db.select().from(dipendenti).orderBy(dipendenti.id);
  const sizeRows = [];
  const trainingRows: (typeof formazione.$inferInsert)[] = [];
  type Line = {
    articolo_id: number; tipologia_id: number; taglia: string; quantita: number; numero_serie: string | null; unita_id: number | null; lotto: string | null; data_fabbricazione: string | null;
    scadenza: string | null; ispezione: string | null;
  };
  const deliveries: { dipendente_id: number; data: string; causale: string; righe: Line[] }[] = [];
  const mansioneOf = new Map(mans.map((m) => [m.id, m.codice]));
  const freeUnit = (aid: number) => {
    const n = units.get(aid)!.shift()!;
    const u = unitRows.find((x) => x.articolo_id === aid && x.numero_serie === n)!;
    return { numero_serie: n, unita_id: u.id, lotto: u.lotto, data_fabbricazione: u.data_fabbricazione };
  };
  const monthEnd = addDays(aggiungiMesi(`${today.slice(0, 7)}-01`, 1), -1);
  for (const p of people) {
    const m = p.mansione_id ? mansioneOf.get(p.mansione_id) : undefined;
    const rows = m ? KIT[m] : undefined;
    if (!rows || (p.data_cessazione && p.data_cessazione < lastMonthEnd)) continue;
    const s = { scarpe: scarpe[1 + (h(p.id) % 7)], abbigliamento: vestiti[h(p.id, 2) % 5], guanti: guanti[h(p.id, 3) % 4] };
    sizeRows.push({ dipendente_id: p.id, ...s });
    const byDate = new Map<string, Line[]>();
    for (const [codice, quantita, obbligatoria] of rows) {
      const t = tipo(codice);
      if (!obbligatoria && h(p.id, t.id) % 3 === 0) continue;
      // one welder lacks his welding mask (the "who lacks what" report shows him)
      if (codice === 'MASCHERA_SALD' && p.cognome === 'Guidetti') continue;
      if (codice === 'IMBRACATURA' && p.cognome !== 'Tagliavini') continue;
      // when the item falls due: mostly months ahead, some this month, a few overdue
      const k = h(p.id, t.id, 5) % 20;
      let due = k === 0 || k === 1 ? addDays(today, (h(p.id, t.id) % Math.max(1, Number(monthEnd.slice(8)) - Number(today.slice(8)) + 1))) : k === 2 ? addDays(today, -(5 + (h(p.id) % 20))) : addDays(today, 35 + (h(p.id, t.id, 9) % 300));
      let data = t.durata_mesi ? aggiungiMesi(due, -t.durata_mesi) : addDays(today, -(30 + (h(p.id, t.id) % 600)));
      if (data < p.data_assunzione) data = p.data_assunzione;
      const a = articolo(codice);
      const lines = t.numero_serie ? Array.from({ length: quantita }, () => ({ ...freeUnit(a.id), quantita: 1 })) : [{ numero_serie: null, unita_id: null, lotto: null, data_fabbricazione: null, quantita }];
      // never handed out before it was made: two months after its manufacture at the earliest
      const made = lines[0].data_fabbricazione;
      if (made && data < addDays(made, 60)) data = addDays(made, 60);
      if (data > today) data = today;
      due = scadenzaDotazione(data, t.durata_mesi) ?? due;
      const taglia = t.tipo_taglia ? s[t.tipo_taglia as TTipoTaglia] : '';
      if (t.formazione) trainingRows.push({ dipendente_id: p.id, tipologia_id: t.id, data: addDays(data, -3) < p.data_assunzione ? p.data_assunzione : addDays(data, -3), docente: 'Studio RSPP Bonetti', note: 'Addestramento pratico (D.Lgs 81/2008 art. 77 c. 5)', creato_da: by });
      for (const l of lines) {
        const scadenza = scadenzaConsegna(data, t.durata_mesi, l.data_fabbricazione, t.vita_utile_mesi);
        byDate.set(data, [...(byDate.get(data) ?? []), { articolo_id: a.id, tipologia_id: t.id, taglia, ...l, scadenza, ispezione: prossimaIspezione(data, null, t.ispezione_mesi) }]);
        if (!t.numero_serie) loads.set(`${a.id}|${taglia}`, (loads.get(`${a.id}|${taglia}`) ?? 0) + l.quantita);
      }
    }
    for (const [data, righe] of [...byDate].sort()) deliveries.push({ dipendente_id: p.id, data, causale: data === p.data_assunzione ? 'prima_consegna' : 'sostituzione_scadenza', righe });
  }
  if (sizeRows.length) await db.insert(taglie).values(sizeRows);
  if (trainingRows.length) await db.insert(formazione).values(trainingRows);
  await db.insert(movimenti).values(
    [...loads].map(([key, quantita]) => {
      const [aid, taglia] = key.split('|');
      return { articolo_id: Number(aid), taglia, quantita, causale: 'carico', riferimento: 'DDT 118/2024 - giacenza iniziale', creato_da: by };
    }),
  );
  const taken = new Set<number>();
  for (const d of deliveries) {
    const [c] = await db.insert(consegne).values({ dipendente_id: d.dipendente_id, data: d.data, causale: d.causale, creato_da: by }).returning();
    await db.insert(consegneRighe).values(d.righe.map((r) => ({ consegna_id: c.id, articolo_id: r.articolo_id, tipologia_id: r.tipologia_id, taglia: r.taglia || null, quantita: r.quantita, unita_id: r.unita_id, numero_serie: r.numero_serie, lotto: r.lotto, data_fabbricazione: r.data_fabbricazione, scadenza: r.scadenza, ispezione: r.ispezione, in_dotazione: r.quantita })));
    await db.insert(movimenti).values(d.righe.map((r) => ({ articolo_id: r.articolo_id, taglia: r.taglia, quantita: -r.quantita, causale: 'consegna', consegna_id: c.id, numero_serie: r.numero_serie, lotto: r.lotto, creato_da: by })));
    for (const r of d.righe) if (r.unita_id) taken.add(r.unita_id);
  }
  for (const id of taken) await db.update(unita).set({ stato: 'assegnato' }).where(eq(unita.id, id));
}
