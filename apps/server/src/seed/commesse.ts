/**
 * Job orders demo (issue #14): Officine Rossi's customers, about fifteen orders (open, suspended, closed, and the
 * internal ones everyone books on) with their phases, who sees them, the roles and costs per phase, the teams, and
 * eight weeks of planning for Produzione from the current week.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { partitaIvaCheckDigit } from '@tulip/contract';
import type { Db } from '../platform/db';
import { addDays, localNow, mondayOf } from '../platform/dates';
import { dipendenti, mansioni, reparti, repartiResponsabili } from '../modules/anagrafica';
import { clienti, commesse, costiMansione, fasi, fasiMansioni, pianificazioni, team, visibilita } from '../modules/commesse';

/** A modulo that stays positive for the weeks before this one. */
const mod = (a: number, n: number) => ((a % n) + n) % n;
const piva = (first10: string) => `${first10}${partitaIvaCheckDigit(first10)}`;

const CLIENTI = [
  { ragione_sociale: 'Meccanica Emiliana S.p.A.', partita_iva: piva('0231458037'), comune: 'Reggio Emilia', provincia: 'RE', cap: '42122', indirizzo: 'Via dell’Industria 14', referente: 'Giulia Fontana', email: 'acquisti@meccanicaemiliana.it' },
  { ragione_sociale: 'Acciai Padani S.r.l.', partita_iva: piva('0187624019'), comune: 'Cremona', provincia: 'CR', cap: '26100', indirizzo: 'Via Postumia 77', referente: 'Paolo Serra', email: 'ordini@acciaipadani.it' },
  { ragione_sociale: 'Oleodinamica Villa S.r.l.', partita_iva: piva('0341982016'), comune: 'Lecco', provincia: 'LC', cap: '23900', indirizzo: 'Corso Martiri 210', referente: 'Andrea Villa', email: 'tecnico@oleodinamicavilla.it' },
  { ragione_sociale: 'Costruzioni Adriatiche S.r.l.', partita_iva: piva('0278913042'), comune: 'Ancona', provincia: 'AN', cap: '60131', indirizzo: 'Via Flaminia 5', referente: 'Marta Leone', email: 'cantieri@costruzioniadriatiche.it' },
  { ragione_sociale: 'Agrimacchine Bassa S.p.A.', partita_iva: piva('0156730351'), comune: 'Guastalla', provincia: 'RE', cap: '42016', indirizzo: 'Via Po 3', referente: 'Stefano Guidi', email: 'produzione@agrimacchine.it' },
];

/** The phases an order may have, in their order of execution, with the role that does them. */
const FASI: Record<string, { descrizione: string; mansione: string }> = {
  PROG: { descrizione: 'Progettazione', mansione: 'PRG' },
  LASER: { descrizione: 'Taglio laser', mansione: 'OPE' },
  PIEG: { descrizione: 'Piegatura', mansione: 'OPE' },
  SALD: { descrizione: 'Saldatura', mansione: 'SAL' },
  VERN: { descrizione: 'Verniciatura', mansione: 'OPE' },
  MONT: { descrizione: 'Montaggio', mansione: 'OPE' },
  COLL: { descrizione: 'Collaudo', mansione: 'CRP' },
};

/** Standard hourly cost of each role, in cents. */
const COSTI: Record<string, number> = { OPE: 2850, SAL: 3200, MAN: 3100, MAG: 2600, IMP: 3000, PRG: 4200, VEN: 3300, CRP: 3900, RAM: 4500, RCM: 4500 };

type DemoOrder = { codice: string; descrizione: string; cliente: number | null; stato: 'aperta' | 'sospesa' | 'chiusa'; inizio: number; durata: number; ore: number; fasi: string[] };
/** Start and length in weeks from the current week (negative: started earlier). */
const ORDERS: DemoOrder[] = [
  { codice: 'C26-014', descrizione: 'Telai saldati per trattrici serie T', cliente: 4, stato: 'aperta', inizio: -6, durata: 14, ore: 1200, fasi: ['PROG', 'LASER', 'PIEG', 'SALD', 'VERN', 'COLL'] },
  { codice: 'C26-015', descrizione: 'Carpenteria per linea di pressofusione', cliente: 0, stato: 'aperta', inizio: -3, durata: 10, ore: 800, fasi: ['PROG', 'LASER', 'SALD', 'MONT', 'COLL'] },
  { codice: 'C26-016', descrizione: 'Basamenti per centrali oleodinamiche', cliente: 2, stato: 'aperta', inizio: -1, durata: 8, ore: 520, fasi: ['LASER', 'PIEG', 'SALD', 'VERN'] },
  { codice: 'C26-017', descrizione: 'Scaffalature pesanti magazzino coils', cliente: 1, stato: 'aperta', inizio: 0, durata: 9, ore: 640, fasi: ['PROG', 'LASER', 'PIEG', 'SALD', 'MONT'] },
  { codice: 'C26-018', descrizione: 'Parapetti e scale per cantiere porto', cliente: 3, stato: 'aperta', inizio: 1, durata: 7, ore: 450, fasi: ['LASER', 'PIEG', 'SALD', 'VERN', 'MONT'] },
  { codice: 'C26-019', descrizione: 'Protezioni antinfortunistiche presse', cliente: 0, stato: 'aperta', inizio: 2, durata: 6, ore: 300, fasi: ['PROG', 'LASER', 'MONT', 'COLL'] },
  { codice: 'C26-020', descrizione: 'Serbatoi in acciaio inox 2000 l', cliente: 2, stato: 'aperta', inizio: 3, durata: 10, ore: 700, fasi: ['PROG', 'LASER', 'PIEG', 'SALD', 'COLL'] },
  { codice: 'C26-021', descrizione: 'Prototipo rimorchio agricolo', cliente: 4, stato: 'aperta', inizio: -2, durata: 12, ore: 380, fasi: ['PROG', 'LASER', 'SALD', 'VERN', 'MONT', 'COLL'] },
  { codice: 'C26-011', descrizione: 'Ricambi bracci sollevatori', cliente: 4, stato: 'sospesa', inizio: -8, durata: 10, ore: 260, fasi: ['LASER', 'PIEG', 'SALD'] },
  { codice: 'C26-012', descrizione: 'Struttura pensilina carico merci', cliente: 3, stato: 'sospesa', inizio: -5, durata: 8, ore: 340, fasi: ['PROG', 'LASER', 'SALD', 'MONT'] },
  { codice: 'C26-008', descrizione: 'Ripari per nastri trasportatori', cliente: 1, stato: 'chiusa', inizio: -20, durata: 8, ore: 290, fasi: ['LASER', 'PIEG', 'MONT'] },
  { codice: 'C26-009', descrizione: 'Staffe di ancoraggio impianto', cliente: 0, stato: 'chiusa', inizio: -16, durata: 6, ore: 180, fasi: ['LASER', 'SALD', 'VERN', 'COLL'] },
];
const INTERNI = [
  { codice: 'INT-MANUT', descrizione: 'Manutenzione impianti e attrezzature', fase: ['MANUT', 'Manutenzione ordinaria'] },
  { codice: 'INT-FORM', descrizione: 'Formazione e addestramento', fase: ['FORM', 'Formazione'] },
  { codice: 'INT-ATTESA', descrizione: 'Attesa materiale', fase: ['ATTESA', 'Attesa materiale'] },
] as const;

export async function seedCommesseDemo(db: Db, tz: string) {
  const [{ n }] = await db.select({ n: count() }).from(commesse);
  if (Number(n) > 0) return;
  const [laura] = await db
    .select({ id: dipendenti.id })
    .from(repartiResponsabili)
    .innerJoin(reparti, eq(reparti.id, repartiResponsabili.reparto_id))
    .innerJoin(dipendenti, eq(dipendenti.id, repartiResponsabili.dipendente_id))
    .where(eq(reparti.codice, 'PROD'));
  if (!laura) return;
  const today = localNow(tz).data;
  const monday = mondayOf(today);
  const rep = new Map((await db.select().from(reparti)).map((r) => [r.codice, r.id]));
  const man = new Map((await db.select().from(mansioni)).map((m) => [m.codice, m.id]));
  const prod = await db
    .select({ id: dipendenti.id, mansione_id: dipendenti.mansione_id, cessazione: dipendenti.data_cessazione })
    .from(dipendenti)
    .where(eq(dipendenti.reparto_id, rep.get('PROD')!))
    .orderBy(dipendenti.cognome, dipendenti.nome);
  const [tecnico] = await db.select({ id: dipendenti.id }).from(dipendenti).where(eq(dipendenti.reparto_id, rep.get('UTEC')!)).limit(1);

  await db.transaction(async (tx) => {
    const cli = await tx.insert(clienti).values(CLIENTI).returning();
    await tx.insert(costiMansione).values(Object.entries(COSTI).flatMap(([codice, costo_orario]) => (man.has(codice) ? [{ mansione_id: man.get(codice)!, costo_orario }] : [])));
    for (const [i, o] of ORDERS.entries()) {
      const [c] = await tx
        .insert(commesse)
        .values({
          codice: o.codice, descrizione: o.descrizione, cliente_id: o.cliente === null ? null : cli[o.cliente].id, stato: o.stato,
          data_inizio: addDays(monday, o.inizio * 7), data_fine: addDays(monday, (o.inizio + o.durata) * 7 - 3), minuti_budget: o.ore * 60,
          costo_budget: o.ore * 3300 + 150_000, fatturabile: true, capo_commessa_id: i % 4 === 3 && tecnico ? tecnico.id : laura.id,
          note: o.stato === 'sospesa' ? 'In attesa di conferma delle quote dal cliente.' : null,
        })
        .returning();
      const share = Math.floor((o.ore * 60) / o.fasi.length);
      const ph = await tx
        .insert(fasi)
        .values(o.fasi.map((codice, k) => ({ commessa_id: c.id, codice, descrizione: FASI[codice].descrizione, ordine: k + 1, minuti_previsti: share, quantita: ['LASER', 'PIEG'].includes(codice), stato: o.stato === 'chiusa' ? 'chiusa' : 'aperta' })))
        .returning();
      // Produzione and the technical office see the customers' orders; welders see every order with welding
      await tx.insert(visibilita).values([
        { commessa_id: c.id, tipo: 'reparto', rif_id: rep.get('PROD')! },
        { commessa_id: c.id, tipo: 'reparto', rif_id: rep.get('UTEC')! },
      ]);
      if (o.fasi.includes('SALD')) await tx.insert(visibilita).values({ commessa_id: c.id, tipo: 'mansione', rif_id: man.get('SAL')! }).onConflictDoNothing();
      // each role's first phase is its default: a welder booking on the order lands on Saldatura
      const seen = new Set<string>();
      await tx.insert(fasiMansioni).values(
        ph.map((f) => {
          const role = FASI[f.codice].mansione;
          const predefinita = !seen.has(role);
          seen.add(role);
          // the laser's operators are specialised: dearer than the standard rate
          return { fase_id: f.id, mansione_id: man.get(role)!, costo_orario: f.codice === 'LASER' ? 3100 : null, predefinita };
        }),
      );
      const members = prod.filter((_, k) => (k + i) % 3 === 0).slice(0, 6);
      if (members.length) await tx.insert(team).values(members.map((d) => ({ commessa_id: c.id, dipendente_id: d.id })));
    }
    for (const x of INTERNI) {
      const [c] = await tx
        .insert(commesse)
        .values({ codice: x.codice, descrizione: x.descrizione, stato: 'aperta', data_inizio: `${today.slice(0, 4)}-01-01`, fatturabile: false, visibile_tutti: true })
        .returning();
      await tx.insert(fasi).values({ commessa_id: c.id, codice: x.fase[0], descrizione: x.fase[1], ordine: 1 });
    }

    // Produzione planned seven weeks back and eight ahead: each person on one or two running orders, 24 to 38 hours a week
    const open = await tx.select().from(commesse).where(inArray(commesse.codice, ORDERS.filter((o) => o.stato === 'aperta').map((o) => o.codice)));
    const phasesOf = new Map<number, (typeof fasi.$inferSelect)[]>();
    for (const f of await tx.select().from(fasi).where(inArray(fasi.commessa_id, open.map((c) => c.id)))) (phasesOf.get(f.commessa_id) ?? phasesOf.set(f.commessa_id, []).get(f.commessa_id)!).push(f);
    const rows: (typeof pianificazioni.$inferInsert)[] = [];
    const active = prod.filter((d) => !d.cessazione || d.cessazione >= addDays(monday, 56));
    for (let w = -7; w < 8; w++) {
      const week = addDays(monday, w * 7);
      const running = open.filter((c) => c.data_inizio <= addDays(week, 6) && (!c.data_fine || c.data_fine >= week));
      if (!running.length) continue;
      active.forEach((d, k) => {
        const first = running[mod(k + w, running.length)];
        const total = (24 + mod(k * 7 + w * 3, 15)) * 60;
        const split = k % 3 === 0 && running.length > 1;
        const pick = (c: typeof first) => {
          const ph = phasesOf.get(c.id) ?? [];
          const role = ph.find((f) => FASI[f.codice]?.mansione && man.get(FASI[f.codice].mansione) === d.mansione_id);
          return role ?? ph[mod(k + w, Math.max(1, ph.length))] ?? null;
        };
        if (split) {
          const second = running[mod(k + w + 1, running.length)];
          rows.push({ commessa_id: first.id, fase_id: pick(first)?.id ?? null, dipendente_id: d.id, settimana: week, minuti: total - 16 * 60 });
          rows.push({ commessa_id: second.id, fase_id: pick(second)?.id ?? null, dipendente_id: d.id, settimana: week, minuti: 16 * 60 });
        } else rows.push({ commessa_id: first.id, fase_id: pick(first)?.id ?? null, dipendente_id: d.id, settimana: week, minuti: total });
      });
    }
    if (rows.length) await tx.insert(pianificazioni).values(rows);
  });
}
