/**
 * Time recording demo (issue #15): eight weeks of bookings for Produzione on the orders each person was planned on,
 * matching the timecard's worked minutes on most days (a few differ), the older weeks approved, last week's sent by
 * some and waiting, and a phase running for the people clocked in now.
 */
import zlib from 'node:zlib';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { addDays, localNow, localToInstant, mondayOf, weekdayMon0 } from '../platform/dates';
import { dipendenti, mansioni, reparti, repartiResponsabili, utenti } from '../modules/anagrafica';
import { clienti, commesse, fasi, pianificazioni } from '../modules/commesse';
import { buildMonths } from '../modules/consultazione';
import { rapportini, rapportiniMateriali, rapportiniRighe, registrazioni, reportById, sealReport, settimane } from '../modules/rilevazione';
import { storeFile } from '../platform/files';
import { punchesBetween } from '../modules/timbrature';

/** Booked minutes of a worked day: rounded to the quarter hour, as people book. */
const quarter = (m: number) => Math.round(m / 15) * 15;

export async function seedRilevazioneDemo(db: Db, tz: string) {
  const [any] = await db.select({ id: registrazioni.id }).from(registrazioni).limit(1);
  if (any) return;
  const [prod] = await db.select().from(reparti).where(eq(reparti.codice, 'PROD'));
  if (!prod) return;
  const today = localNow(tz).data;
  const monday = mondayOf(today);
  const dal = addDays(monday, -7 * 7);
  const staff = await db
    .select({
      id: dipendenti.id, matricola: dipendenti.matricola, cognome: dipendenti.cognome, nome: dipendenti.nome, reparto_id: dipendenti.reparto_id, cdc_id: dipendenti.cdc_id,
      data_assunzione: dipendenti.data_assunzione, data_cessazione: dipendenti.data_cessazione,
    })
    .from(dipendenti)
    .where(eq(dipendenti.reparto_id, prod.id));
  const people = staff.map((s) => ({ ...s, reparto_descrizione: prod.descrizione }));
  const [months, plans, [manager]] = await Promise.all([
    buildMonths(db, tz, people, dal, addDays(today, -1), { detail: false }),
    db.select().from(pianificazioni).where(and(gte(pianificazioni.settimana, dal), lte(pianificazioni.settimana, monday))),
    db.select({ utente: utenti.id }).from(repartiResponsabili).innerJoin(utenti, eq(utenti.dipendente_id, repartiResponsabili.dipendente_id)).where(eq(repartiResponsabili.reparto_id, prod.id)),
  ]);
  const plannedOf = new Map<string, (typeof plans)[number][]>();
  for (const p of plans) (plannedOf.get(`${p.dipendente_id}:${p.settimana}`) ?? plannedOf.set(`${p.dipendente_id}:${p.settimana}`, []).get(`${p.dipendente_id}:${p.settimana}`)!).push(p);

  const rows: (typeof registrazioni.$inferInsert)[] = [];
  const weeks: (typeof settimane.$inferInsert)[] = [];
  // sent on the week's Friday evening, decided the Tuesday after: a week's decision is news for a fortnight only
  const at = (day: string, hhmm: string) => localToInstant(`${day}T${hhmm}:00`, tz) as never;
  for (const m of months) {
    for (const g of m.giorni) {
      if (g.minuti_lavorati < 60) continue;
      const week = mondayOf(g.data);
      const plan = plannedOf.get(`${m.dipendente.id}:${week}`) ?? [];
      if (!plan.length) continue;
      // one day in about twelve is booked an hour short: the reconciliation has something to show
      const short = (m.dipendente.id * 7 + Number(g.data.slice(8, 10))) % 12 === 0;
      let left = quarter(g.minuti_lavorati) - (short ? 60 : 0);
      const total = plan.reduce((s, p) => s + p.minuti, 0);
      plan.forEach((p, i) => {
        const share = i === plan.length - 1 ? left : quarter((quarter(g.minuti_lavorati) * p.minuti) / total);
        const minuti = Math.min(share, left);
        left -= minuti;
        if (minuti > 0) rows.push({ dipendente_id: m.dipendente.id, data: g.data, commessa_id: p.commessa_id, fase_id: p.fase_id, minuti, origine: 'settimanale' });
      });
    }
    // weeks before last are approved; last week is sent by every other person
    for (let w = 0; w < 7; w++) {
      const lunedi = addDays(dal, w * 7);
      const last = w === 6;
      if (last && m.dipendente.id % 2) continue;
      weeks.push({
        dipendente_id: m.dipendente.id, lunedi, stato: last ? 'inviata' : 'approvata', inviata_il: at(addDays(lunedi, 4), '17:00'),
        ...(last ? {} : { decisa_da: manager?.utente ?? null, decisa_il: at(addDays(lunedi, 8), '09:00') }),
      });
    }
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(registrazioni).values(rows.slice(i, i + 500));
    if (weeks.length) await tx.insert(settimane).values(weeks);
    for (const w of weeks) {
      await tx
        .update(registrazioni)
        .set({ stato: w.stato })
        .where(and(eq(registrazioni.dipendente_id, w.dipendente_id), gte(registrazioni.data, w.lunedi), lte(registrazioni.data, addDays(w.lunedi, 6))));
    }
  });

  // a phase running for a few of the people clocked in now, started at their entry
  const now = localNow(tz);
  const punches = await punchesBetween(db, tz, staff.map((s) => s.id), addDays(today, -1) + 'T12:00:00', addDays(today, 1) + 'T00:00:00');
  const thisWeek = plans.filter((p) => p.settimana === monday && p.fase_id);
  const phaseIds = [...new Set(thisWeek.map((p) => p.fase_id!))];
  const open = phaseIds.length ? new Set((await db.select({ id: fasi.id }).from(fasi).where(and(inArray(fasi.id, phaseIds), eq(fasi.stato, 'aperta')))).map((f) => f.id)) : new Set<number>();
  let started = 0;
  for (const s of staff) {
    if (started >= 4) break;
    const mine = punches.filter((p) => p.dipendente_id === s.id && p.stato === 'valida' && p.ts <= now.ts);
    const last = mine[mine.length - 1];
    const plan = thisWeek.find((p) => p.dipendente_id === s.id && open.has(p.fase_id!));
    if (last?.verso !== 'E' || !plan) continue;
    await db.insert(registrazioni).values({
      dipendente_id: s.id, data: last.ts.slice(0, 10), commessa_id: plan.commessa_id, fase_id: plan.fase_id, minuti: 0, inizio: localToInstant(last.ts, tz) as never, origine: 'timer',
    });
    started++;
  }
}

/** A PNG of a hand-drawn-looking signature (a few strokes of ink on a transparent ground), made without a canvas. */
function signaturePng(seed: number): Buffer {
  const w = 400;
  const h = 120;
  const px = Buffer.alloc(w * h * 4);
  const dot = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const X = Math.round(x) + dx;
        const Y = Math.round(y) + dy;
        if (X < 0 || Y < 0 || X >= w || Y >= h) continue;
        const i = (Y * w + X) * 4;
        px[i] = 0x1b;
        px[i + 1] = 0x2a;
        px[i + 2] = 0x4a;
        px[i + 3] = 255;
      }
  };
  for (let t = 0; t < 1; t += 0.0008) {
    const x = 30 + t * 330;
    dot(x, 60 + 28 * Math.sin(t * (14 + seed) ) * Math.cos(t * 5) + 10 * Math.sin(t * 40));
  }
  for (let t = 0; t < 1; t += 0.002) dot(60 + t * 260, 95 + 3 * Math.sin(t * 9));
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) px.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Three interventions of a maintenance technician at customers' sites, signed by the customer, with their PDFs. */
export async function seedRapportiniDemo(db: Db, tz: string) {
  const [any] = await db.select({ id: rapportini.id }).from(rapportini).limit(1);
  if (any) return;
  const [tech] = await db
    .select({ id: dipendenti.id })
    .from(dipendenti)
    .innerJoin(mansioni, eq(mansioni.id, dipendenti.mansione_id))
    .innerJoin(reparti, eq(reparti.id, dipendenti.reparto_id))
    .where(and(eq(mansioni.codice, 'MAN'), eq(reparti.codice, 'PROD')))
    .limit(1);
  const orders = await db.select().from(commesse).where(inArray(commesse.codice, ['C26-015', 'C26-016', 'C26-014']));
  const customers = await db.select().from(clienti);
  if (!tech || !orders.length) return;
  const today = localNow(tz).data;
  const visits = [
    { giorni: -9, ordine: 'C26-015', fase: 'MONT', sito: 'Reparto presse, linea 2', firmatario: 'Giulia Fontana' },
    { giorni: -6, ordine: 'C26-016', fase: 'SALD', sito: 'Sala centrali oleodinamiche', firmatario: 'Andrea Villa' },
    { giorni: -3, ordine: 'C26-014', fase: 'COLL', sito: 'Area collaudo trattrici', firmatario: 'Stefano Guidi' },
  ];
  let n = 0;
  for (const v of visits) {
    let day = addDays(today, v.giorni);
    while (weekdayMon0(day) > 4) day = addDays(day, -1);
    const order = orders.find((o) => o.codice === v.ordine);
    if (!order) continue;
    const [phase] = await db.select().from(fasi).where(and(eq(fasi.commessa_id, order.id), eq(fasi.codice, v.fase)));
    const [r] = await db
      .insert(rapportini)
      .values({ dipendente_id: tech.id, data: day, cliente_id: order.cliente_id ?? customers[0]?.id ?? null, sito: v.sito, commessa_id: order.id, km: 40 + n * 23, minuti_viaggio: 50 + n * 15, note: null })
      .returning();
    await db.insert(rapportiniRighe).values([
      { rapportino_id: r.id, commessa_id: order.id, fase_id: phase?.id ?? null, inizio: '08:30', fine: '12:30', minuti: 240, descrizione: 'Intervento presso il cliente' },
      { rapportino_id: r.id, commessa_id: order.id, fase_id: phase?.id ?? null, inizio: '13:30', fine: '15:00', minuti: 90, descrizione: 'Verifica e prova con il cliente' },
    ]);
    await db.insert(rapportiniMateriali).values({ rapportino_id: r.id, descrizione: 'Bulloneria M10 zincata', quantita_millesimi: 36_000, unita: 'pz' });
    const png = signaturePng(n);
    const stored = await storeFile(db, { nome: `firma-${r.id}.png`, bytes: png, utenteId: null, kinds: ['immagine'] });
    const report = await reportById(db, tz, r.id);
    if (report) await sealReport(db, null, report, { fileId: stored.id, bytes: png }, v.firmatario, null);
    n++;
  }
}
