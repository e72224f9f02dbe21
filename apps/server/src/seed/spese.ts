/**
 * Expense notes demo (issue #16): three vehicles (two employees' own cars with their ACI costs, a company car), three
 * months of ECB rates for USD, GBP and CHF, and about twenty notes in every state — a trip to Milan with lodging on the
 * company card and a cash dinner, a trip to Zurich in CHF, a local taxi within Bologna, a note with an advance, a visit
 * within Bologna by car with its parking (both exempt, D.Lgs 192/2024), a Munich trip whose cash taxi to Bologna
 * airport is taxable and whose cash taxi in Munich is not (D.L. 84/2025) — every line split by the tax rules as the
 * screens would have.
 */
import { eq, inArray } from 'drizzle-orm';
import { importoInEuro, rimborsoChilometrico, spesaDocumentata, type TCategoriaSpesa } from '@tulip/contract';
import { audit } from '../platform/audit';
import type { Db } from '../platform/db';
import { addDays, localNow, localToInstant, mondayOf } from '../platform/dates';
import { dipendenti, repartiResponsabili, utenti } from '../modules/anagrafica';
import { commesse } from '../modules/commesse';
import { anticipi, cambi, note, recomputeNote, righe, tariffeAci, tipiPagamento, tipiSpesa, veicoli, veicoliCosti } from '../modules/spese';
import { DEMO_MATRICOLE } from './demo-data';

/** A plausible rate per 1 EUR on a day: a slow wave around the currency's level, 4 decimals. */
const rate = (base: number, day: number) => (base * (1 + 0.012 * Math.sin(day / 9) + 0.004 * Math.cos(day / 3))).toFixed(4);

/** `estero`: where the line was paid, when not where its trip went. */
type Line = { d: number; tipo: string; importo?: number; valuta?: string; pag?: string; doc?: boolean; km?: number; car?: string; descr?: string; da?: string; a?: string; estero?: boolean };
type Trip = { dest: string; estero?: boolean; comune_sede?: boolean; days: number; regime: 'forfettario' | 'misto' | 'analitico'; commessa?: string };
type Demo = { who: string; descr: string; start: number; trip?: Trip; lines: Line[]; stato: 'bozza' | 'inviata' | 'approvata' | 'rifiutata' | 'liquidata'; motivo?: string; anticipo?: number };

const MARIO = DEMO_MATRICOLE.mario;
const LAURA = DEMO_MATRICOLE.laura;

export async function seedSpeseDemo(db: Db, tz: string) {
  const [any] = await db.select({ id: note.id }).from(note).limit(1);
  if (any) return;
  const today = localNow(tz).data;
  const people = await db.select({ id: dipendenti.id, matricola: dipendenti.matricola, cognome: dipendenti.cognome, reparto_id: dipendenti.reparto_id }).from(dipendenti);
  const by = (cognome: string) => people.find((p) => p.cognome === cognome)!;
  const mario = people.find((p) => p.matricola === MARIO)!;
  const laura = people.find((p) => p.matricola === LAURA)!;
  const tecnico = by('Tagliavini');
  const tecnico2 = by('Righi');
  const anno = Number(today.slice(0, 4));

  // ---- vehicles ----
  const cars = await db
    .insert(veicoli)
    .values([
      { targa: 'EZ482KL', marca: 'Fiat', modello: 'Tipo 1.6 Multijet', alimentazione: 'gasolio', dipendente_id: mario.id },
      { targa: 'FK771BR', marca: 'Volkswagen', modello: 'Golf 1.5 TSI', alimentazione: 'benzina', dipendente_id: tecnico.id },
      { targa: 'GD210AZ', marca: 'Fiat', modello: 'Doblò Cargo', alimentazione: 'gasolio', dipendente_id: null },
    ])
    .returning();
  const car = (targa: string) => cars.find((c) => c.targa === targa)!;
  await db.insert(veicoliCosti).values([
    { veicolo_id: car('EZ482KL').id, anno: anno - 1, euro_km: '0.4981' },
    { veicolo_id: car('EZ482KL').id, anno, euro_km: '0.5123' },
    { veicolo_id: car('FK771BR').id, anno: anno - 1, euro_km: '0.5870' },
    { veicolo_id: car('FK771BR').id, anno, euro_km: '0.6012' },
    { veicolo_id: car('GD210AZ').id, anno, euro_km: '0.4420' },
  ]);
  // the rows of the ACI tables the office keeps for the employees' cars (issue #27 §7)
  await db.insert(tariffeAci).values([
    { anno: anno - 1, descrizione: 'FIAT Tipo 1.6 Multijet 130cv', alimentazione: 'gasolio', euro_km: '0.4981' },
    { anno, descrizione: 'FIAT Tipo 1.6 Multijet 130cv', alimentazione: 'gasolio', euro_km: '0.5123' },
    { anno: anno - 1, descrizione: 'VOLKSWAGEN Golf 1.5 TSI 130cv', alimentazione: 'benzina', euro_km: '0.5870' },
    { anno, descrizione: 'VOLKSWAGEN Golf 1.5 TSI 130cv', alimentazione: 'benzina', euro_km: '0.6012' },
    { anno, descrizione: 'FIAT Panda 1.0 Hybrid 70cv', alimentazione: 'ibrida', euro_km: '0.4475' },
  ]);

  // ---- three months of ECB rates, working days ----
  const from = addDays(today, -100);
  const rates: (typeof cambi.$inferInsert)[] = [];
  for (let i = 0; i <= 100; i++) {
    const d = addDays(from, i);
    const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (wd === 0 || wd === 6 || d > today) continue;
    rates.push({ valuta: 'USD', data: d, cambio: rate(1.085, i) }, { valuta: 'GBP', data: d, cambio: rate(0.842, i) }, { valuta: 'CHF', data: d, cambio: rate(0.938, i) });
  }
  await db.insert(cambi).values(rates).onConflictDoNothing();

  // ---- notes ----
  const types = new Map((await db.select().from(tipiSpesa)).map((t) => [t.codice, t]));
  const pays = new Map((await db.select().from(tipiPagamento)).map((p) => [p.codice, p]));
  const orders = new Map((await db.select({ id: commesse.id, codice: commesse.codice }).from(commesse)).map((c) => [c.codice, c.id]));
  const [manager] = await db.select({ id: utenti.id, username: utenti.username }).from(repartiResponsabili).innerJoin(utenti, eq(utenti.dipendente_id, repartiResponsabili.dipendente_id)).where(eq(repartiResponsabili.reparto_id, mario.reparto_id!));
  const [hr] = await db.select({ id: utenti.id, username: utenti.username }).from(utenti).where(eq(utenti.username, 'personale'));
  const ownUser = new Map((await db.select({ id: utenti.id, username: utenti.username, dip: utenti.dipendente_id }).from(utenti).where(inArray(utenti.dipendente_id, people.map((p) => p.id)))).map((u) => [u.dip!, u]));
  const monday = mondayOf(today);
  const internal = [...orders.keys()].find((c) => !c.startsWith('INT-'));

  const demos: Demo[] = [
    {
      who: MARIO, descr: 'Trasferta Milano - installazione presso cliente', start: -9, stato: 'inviata',
      trip: { dest: 'Milano', days: 2, regime: 'misto', commessa: internal },
      lines: [
        { d: 0, tipo: 'VIAGGIO', importo: 4590, pag: 'CARTA_PERSONALE', doc: true, da: 'Bologna', a: 'Milano Centrale', descr: 'Frecciarossa' },
        { d: 0, tipo: 'ALLOGGIO', importo: 11800, pag: 'CARTA_AZIENDALE', doc: true, descr: 'Hotel, una notte' },
        { d: 0, tipo: 'VITTO', importo: 3250, pag: 'CONTANTI', doc: true, descr: 'Cena' },
        { d: 0, tipo: 'DIARIA', importo: 4648, pag: 'BONIFICO' },
        { d: 1, tipo: 'VITTO', importo: 1450, pag: 'BANCOMAT', doc: true, descr: 'Pranzo' },
        { d: 1, tipo: 'VIAGGIO', importo: 4590, pag: 'CARTA_PERSONALE', doc: true, da: 'Milano Centrale', a: 'Bologna' },
        { d: 1, tipo: 'DIARIA', importo: 4648, pag: 'BONIFICO' },
      ],
    },
    {
      who: tecnico.matricola, descr: 'Intervento a Zurigo - manutenzione linea', start: -30, stato: 'approvata',
      trip: { dest: 'Zurigo (CH)', estero: true, days: 3, regime: 'forfettario' },
      lines: [
        { d: 0, tipo: 'VIAGGIO', importo: 16400, pag: 'CARTA_PERSONALE', doc: true, da: 'Bologna', a: 'Zürich HB', descr: 'Treno EuroCity' },
        { d: 0, tipo: 'VITTO', importo: 4800, valuta: 'CHF', pag: 'CONTANTI', doc: true, descr: 'Cena' },
        { d: 0, tipo: 'DIARIA', importo: 7747, pag: 'BONIFICO' },
        { d: 1, tipo: 'TRASPORTO_LOCALE', importo: 880, valuta: 'CHF', pag: 'CONTANTI', doc: true, descr: 'Tram' },
        { d: 1, tipo: 'DIARIA', importo: 7747, pag: 'BONIFICO' },
        { d: 2, tipo: 'TAXI', importo: 5200, valuta: 'CHF', pag: 'CARTA_PERSONALE', doc: true, descr: 'Taxi per la stazione' },
        { d: 2, tipo: 'DIARIA', importo: 7747, pag: 'BONIFICO' },
      ],
    },
    {
      who: tecnico2.matricola, descr: 'Taxi per consegna urgente in città', start: -40, stato: 'liquidata',
      trip: { dest: 'Bologna, zona industriale Roveri', comune_sede: true, days: 1, regime: 'analitico' },
      lines: [{ d: 0, tipo: 'TAXI', importo: 1850, pag: 'CARTA_PERSONALE', doc: true, descr: 'Andata e ritorno' }],
    },
    {
      who: tecnico.matricola, descr: 'Trasferta Roma - fiera di settore', start: -20, stato: 'approvata', anticipo: 20000,
      trip: { dest: 'Roma', days: 2, regime: 'analitico' },
      lines: [
        { d: 0, tipo: 'CHILOMETRICO', km: 380, car: 'FK771BR', descr: 'Bologna - Roma' },
        { d: 0, tipo: 'PEDAGGIO', importo: 2710, pag: 'CONTANTI', doc: true },
        { d: 0, tipo: 'ALLOGGIO', importo: 9500, pag: 'CARTA_PERSONALE', doc: true },
        { d: 0, tipo: 'VITTO', importo: 2800, pag: 'CARTA_PERSONALE', doc: true },
        { d: 0, tipo: 'ALTRO', importo: 1200, pag: 'CONTANTI', descr: 'Mance e piccole spese' },
        { d: 1, tipo: 'PARCHEGGIO', importo: 1800, pag: 'BANCOMAT', doc: true },
        { d: 1, tipo: 'CHILOMETRICO', km: 380, car: 'FK771BR', descr: 'Roma - Bologna' },
      ],
    },
    { who: MARIO, descr: 'Acquisto minuteria per la linea 2', start: -3, stato: 'bozza', lines: [{ d: 0, tipo: 'ALTRO', importo: 2390, pag: 'CONTANTI', doc: true, descr: 'Ferramenta' }] },
    {
      who: MARIO, descr: 'Trasferta Modena - collaudo', start: -45, stato: 'liquidata',
      trip: { dest: 'Modena', days: 1, regime: 'misto' },
      lines: [
        { d: 0, tipo: 'CHILOMETRICO', km: 94, car: 'EZ482KL' },
        { d: 0, tipo: 'VITTO', importo: 1600, pag: 'BANCOMAT', doc: true },
        { d: 0, tipo: 'DIARIA', importo: 3000, pag: 'BONIFICO' },
      ],
    },
    {
      who: by('Zanardi').matricola, descr: 'Corso saldatura a Brescia', start: -25, stato: 'rifiutata', motivo: 'Manca la ricevuta dell’albergo: allegala e rinvia',
      trip: { dest: 'Brescia', days: 2, regime: 'misto' },
      lines: [
        { d: 0, tipo: 'VIAGGIO', importo: 2250, pag: 'CARTA_PERSONALE', doc: true },
        { d: 0, tipo: 'ALLOGGIO', importo: 8900, pag: 'CONTANTI', doc: false },
      ],
    },
    {
      who: by('Guidetti').matricola, descr: 'Trasferta Londra - visita fornitore', start: -55, stato: 'liquidata',
      trip: { dest: 'Londra (UK)', estero: true, days: 2, regime: 'misto' },
      lines: [
        { d: 0, tipo: 'VIAGGIO', importo: 23800, pag: 'CARTA_PERSONALE', doc: true, descr: 'Volo BLQ-LHR' },
        { d: 0, tipo: 'ALLOGGIO', importo: 16500, valuta: 'GBP', pag: 'CARTA_AZIENDALE', doc: true },
        { d: 0, tipo: 'VITTO', importo: 3400, valuta: 'GBP', pag: 'CARTA_PERSONALE', doc: true },
        { d: 1, tipo: 'TAXI', importo: 4200, valuta: 'GBP', pag: 'CONTANTI', doc: true },
        { d: 1, tipo: 'DIARIA', importo: 5165, pag: 'BONIFICO' },
      ],
    },
    {
      // within the municipality, documented transport is exempt (D.Lgs 192/2024; circ. 15/E 2025): the km with vehicle,
      // km and purpose, and the parking with its receipt
      who: MARIO, descr: 'Visita al cliente Ceramiche Felsinee', start: -12, stato: 'inviata',
      trip: { dest: 'Bologna, via della Beverara', comune_sede: true, days: 1, regime: 'analitico' },
      lines: [
        { d: 0, tipo: 'CHILOMETRICO', km: 18, car: 'EZ482KL', da: 'Sede', a: 'Ceramiche Felsinee', descr: 'Collaudo del forno presso il cliente' },
        { d: 0, tipo: 'PARCHEGGIO', importo: 450, pag: 'CONTANTI', doc: true, descr: 'Sosta EZ482KL, 9:10 – 12:40' },
      ],
    },
    {
      // where each expense is paid (D.L. 84/2025): the cash taxi to Bologna airport is taxable, the one in Munich not
      who: MARIO, descr: 'Trasferta Monaco di Baviera - fiera automatica', start: -8, stato: 'bozza',
      trip: { dest: 'Monaco di Baviera (DE)', estero: true, days: 2, regime: 'misto' },
      lines: [
        { d: 0, tipo: 'TAXI', importo: 2800, pag: 'CONTANTI', doc: true, estero: false, descr: 'Taxi per l’aeroporto di Bologna' },
        { d: 0, tipo: 'VIAGGIO', importo: 21400, pag: 'CARTA_PERSONALE', doc: true, da: 'Bologna BLQ', a: 'München MUC', descr: 'Volo andata e ritorno' },
        { d: 0, tipo: 'TAXI', importo: 6500, pag: 'CONTANTI', doc: true, descr: 'Taxi dall’aeroporto alla fiera' },
        { d: 0, tipo: 'DIARIA', importo: 7747, pag: 'BONIFICO' },
        { d: 1, tipo: 'DIARIA', importo: 7747, pag: 'BONIFICO' },
      ],
    },
  ];
  // more of the department's usual small notes, spread over the quarter and every state
  const others = ['Malaguti', 'Benassi', 'Govoni', 'Montanari', 'Lambertini', 'Esposito', 'Cavazza', 'Bonfiglioli', 'Lenzi', 'Ionescu', 'Golinelli', 'Gherardi'];
  const states: Demo['stato'][] = ['liquidata', 'liquidata', 'approvata', 'inviata', 'liquidata', 'bozza', 'inviata', 'liquidata', 'approvata', 'liquidata', 'inviata', 'bozza'];
  others.forEach((cognome, i) =>
    demos.push({
      who: by(cognome).matricola, descr: i % 3 === 0 ? 'Trasferta Reggio Emilia - assistenza' : i % 3 === 1 ? 'Trasferta Ferrara - cliente' : 'Trasferta Parma - sopralluogo', start: -6 - i * 6, stato: states[i],
      trip: { dest: i % 3 === 0 ? 'Reggio Emilia' : i % 3 === 1 ? 'Ferrara' : 'Parma', days: 1, regime: 'misto' },
      lines: [
        { d: 0, tipo: 'VIAGGIO', importo: 780 + i * 35, pag: i % 2 ? 'CONTANTI' : 'CARTA_PERSONALE', doc: true, descr: 'Treno regionale' },
        { d: 0, tipo: 'VITTO', importo: 1200 + i * 90, pag: i % 4 === 1 ? 'CONTANTI' : 'BANCOMAT', doc: i % 5 !== 2 },
        { d: 0, tipo: 'DIARIA', importo: 2500, pag: 'BONIFICO' },
      ],
    }),
  );

  const at = (day: string, hhmm: string) => localToInstant(`${day}T${hhmm}:00`, tz) as never;
  for (const demo of demos) {
    const dip = people.find((p) => p.matricola === demo.who)!;
    const start = addDays(today, demo.start);
    const dal = start < addDays(monday, -90) ? addDays(monday, -90) : start;
    const t = demo.trip;
    // the people without an account of their own hand their receipts to HR, who records the note
    const owner = ownUser.get(dip.id) ?? hr;
    const [n] = await db
      .insert(note)
      .values({
        dipendente_id: dip.id, descrizione: demo.descr, data: dal, stato: 'bozza', creata_da: owner?.id ?? null, creata_il: at(dal, '08:00'),
        ...(t ? { destinazione: t.dest, estero: !!t.estero, comune_sede: !!t.comune_sede, dal, al: addDays(dal, t.days - 1), regime: t.regime, commessa_id: t.commessa ? orders.get(t.commessa) ?? null : null } : {}),
      })
      .returning();
    for (const l of demo.lines) {
      const data = addDays(dal, l.d);
      const tipo = types.get(l.tipo)!;
      let values: Partial<typeof righe.$inferInsert>;
      if (l.tipo === 'CHILOMETRICO') {
        const v = car(l.car!);
        const costs = await db.select().from(veicoliCosti).where(eq(veicoliCosti.veicolo_id, v.id));
        const euro = (costs.find((x) => x.anno === Number(data.slice(0, 4))) ?? costs[0]).euro_km;
        values = { importo: null, valuta: 'EUR', km: String(l.km), veicolo_id: v.id, euro_km: euro, importo_eur: rimborsoChilometrico(l.km!, euro) };
      } else {
        const valuta = l.valuta ?? 'EUR';
        let cambio: string | null = null;
        let cambioData: string | null = null;
        if (valuta !== 'EUR') {
          const r = rates.filter((x) => x.valuta === valuta && x.data <= data).at(-1) ?? rates.find((x) => x.valuta === valuta)!;
          cambio = r.cambio;
          cambioData = r.data;
        }
        values = { importo: l.importo!, importo_dichiarato: l.importo!, valuta, cambio, cambio_data: cambioData, tipo_pagamento_id: pays.get(l.pag!)!.id, importo_eur: importoInEuro(l.importo!, 2, cambio ?? '1') };
      }
      const documentata = spesaDocumentata({ categoria: tipo.categoria as TCategoriaSpesa, documentata: !!l.doc, ricevuta: false, veicolo: !!l.car, km: !!l.km, motivo: l.descr });
      await db.insert(righe).values({
        nota_id: n.id, data, tipo_spesa_id: tipo.id, documentata, estero: l.estero ?? !!t?.estero, descrizione: l.descr ?? null, da: l.da ?? null, a: l.a ?? null,
        rimborsabile: 0, esente: 0, imponibile: 0, importo_eur: 0, valuta: 'EUR', ...values,
      } as typeof righe.$inferInsert);
    }
    await recomputeNote(db, n.id);
    if (demo.anticipo) await db.insert(anticipi).values({ nota_id: n.id, data: addDays(dal, -2), importo: demo.anticipo, note: 'Anticipo in contanti', registrato_da: hr?.id ?? null });
    // its way through the states, as the people involved would have moved it
    const end = addDays(dal, (t?.days ?? 1) - 1);
    const sent = addDays(end, 1) > today ? today : addDays(end, 1);
    const decided = addDays(sent, 2) > today ? today : addDays(sent, 2);
    const who = (u: { id: number; username: string } | undefined) => (u ? { id: u.id, username: u.username } : null);
    await audit(db, who(owner), { entita: 'note_spese', entita_id: n.id, azione: 'create' });
    if (demo.stato === 'bozza') continue;
    await db.update(note).set({ stato: 'inviata', inviata_il: at(sent, '17:30') }).where(eq(note.id, n.id));
    await audit(db, who(owner), { entita: 'note_spese', entita_id: n.id, azione: 'invia' });
    if (demo.stato === 'inviata') continue;
    // the department's manager decides; Laura's own notes would go to HR
    const decider = dip.id === laura.id ? hr : manager;
    if (demo.stato === 'rifiutata') {
      await db.update(note).set({ stato: 'rifiutata', motivo: demo.motivo ?? null, decisa_da: decider?.id ?? null, decisa_il: at(decided, '10:00') }).where(eq(note.id, n.id));
      await audit(db, who(decider), { entita: 'note_spese', entita_id: n.id, azione: 'rifiuta', motivo: demo.motivo ?? null });
      continue;
    }
    await db.update(note).set({ stato: 'approvata', decisa_da: decider?.id ?? null, decisa_il: at(decided, '10:00'), approvata_il: at(decided, '10:00') }).where(eq(note.id, n.id));
    await audit(db, who(decider), { entita: 'note_spese', entita_id: n.id, azione: 'approva' });
    if (demo.stato === 'approvata') continue;
    const liquidazione = addDays(decided, 3) > today ? today : addDays(decided, 3);
    await db.update(note).set({ stato: 'liquidata', liquidata_da: hr?.id ?? null, liquidata_il: liquidazione, mese_paghe: liquidazione.slice(0, 7), decisa_da: hr?.id ?? null, decisa_il: at(decided, '11:00') }).where(eq(note.id, n.id));
    await audit(db, who(hr), { entita: 'note_spese', entita_id: n.id, azione: 'liquida', dopo: { data: liquidazione, mese_paghe: liquidazione.slice(0, 7) } });
  }
}
