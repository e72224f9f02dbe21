/**
 * Hiring documents (issue #18, second slice): the templates' fields, the merge data of an employee or a new hire, the
 * transparency check before a hiring letter (trasparenza.ts, D.Lgs 152/1997 art. 1 and 1-bis), the DOCX and PDF kept in
 * the employee's dossier with their hash, template version and data snapshot, the signed scan, and the delivery by
 * e-mail with its record. The documents' words are Italian on purpose: they are Italian legal documents.
 */
import { aliasedTable, and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  CAMPI_MODELLO, mensileLordo, pagaOraria, sessoDaCodiceFiscale, tabellaLivello, testoClausoleElastiche, testoOrarioPartTime, verificaContratto,
  verificaEstero, verificaTrasparenza, type DatiTrasparenza, type TContrattoRow, type TOrarioPartTime, type TDatiDocumento, type TDocumentoRow, type TModello, type TNuovoDipendente, type TParametriDocumenti,
} from '@tulip/contract';
import { audit } from '../../platform/audit';
import { file } from '../../platform/db/tables';
import { sqlNow } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { dataIt, importoIt, instantToLocal, localNow } from '../../platform/dates';
import { AppError, badRequest, conflict, notFound, pgCode, PG_UNIQUE } from '../../platform/errors';
import { FILE_KINDS, readFile, storeFile } from '../../platform/files';
import { checkZip } from '../../platform/intake';
import type { CurrentUser } from '../../platform/guard';
import { intestazioneRiga } from '../../platform/pdf';
import { readSettings, writeSettings } from '../../platform/settings';
import { companyData, companyLogo, dipendenti, employeeInScope, mansioni, sedi, tipiDocumento, utenti, type Azienda } from '../anagrafica';
import { translate } from '../lingue';
import { fillTemplate, inspectTemplate, paragraphsOf, pdfOf, type Paragrafo } from './docx';
import { ccnlOf, contractError, contractInForce, contractRows, contractValues, levelByCode, levelsOf, noTable, tableRows } from './service';
import { assertChain } from './catena';
import { contrattiDipendenti, documenti, invii, modelli } from './tables';

// ---- the company's declarations ------------------------------------------------------------------------------------------

const PARAMETRI_KEY = 'parametri_documenti';
const PARAMETRI_DEFAULT: TParametriDocumenti = {
  sistemi_automatizzati: false, sistemi: {}, periodicita_retribuzione: 'mensile', modalita_pagamento: 'bonifico bancario', luogo_firma: null,
};
export const readParametri = (db: Db) => readSettings(db, PARAMETRI_KEY, PARAMETRI_DEFAULT);
export const saveParametri = (db: Db, user: CurrentUser, v: TParametriDocumenti) => writeSettings(db, user, PARAMETRI_KEY, PARAMETRI_DEFAULT, v);

// ---- templates -------------------------------------------------------------------------------------------------------------

export const fieldCatalogue = () => CAMPI_MODELLO.map((c) => ({ ...c, figli: c.figli ? [...c.figli] : undefined }));

/** A stored file that is a DOCX, with its bytes, or the 400 that says it is not. */
async function docxFile(db: Db, fileId: string) {
  const f = await readFile(db, fileId);
  if (!f) throw badRequest({ file_id: 'avvisi.valore_non_valido' });
  if (!(FILE_KINDS.docx as readonly string[]).includes(f.tipo)) throw new AppError(400, 'avvisi.modello_non_docx', { fields: { file_id: 'avvisi.modello_non_docx' } });
  // the ZIP's limits before docxtemplater inflates a part: a file stored before uploads were checked is checked here
  await checkZip(f.contenuto, 'file_id');
  return f;
}

/** The tags of an uploaded DOCX: known and unknown (a broken one is a 400 naming it). */
export async function checkTemplate(db: Db, fileId: string) {
  return inspectTemplate((await docxFile(db, fileId)).contenuto);
}

/**
 * Before a template is stored: its file is a DOCX whose tags are all known (else a 400 naming the unknown ones); a
 * new file is a new version. Called by the generic resource inside its transaction.
 */
export async function prepareTemplate(tx: Db, v: TModello & { campi?: string[]; versione?: number }, existing?: Record<string, unknown>) {
  const { campi, sconosciuti } = await checkTemplate(tx, v.file_id);
  if (sconosciuti.length) {
    throw new AppError(400, 'avvisi.modello_campi_sconosciuti', { tag: sconosciuti.join(', '), sconosciuti, fields: { file_id: 'avvisi.modello_campi_sconosciuti' } });
  }
  if (v.tipo_documento_id && !(await tx.select({ id: tipiDocumento.id }).from(tipiDocumento).where(eq(tipiDocumento.id, v.tipo_documento_id))).length) {
    throw badRequest({ tipo_documento_id: 'avvisi.valore_non_valido' });
  }
  v.tipi_contratto = [...new Set(v.tipi_contratto)];
  v.campi = campi;
  const prima = existing as { file_id?: string; versione?: number } | undefined;
  v.versione = !prima ? 1 : prima.file_id === v.file_id ? (prima.versione ?? 1) : (prima.versione ?? 1) + 1;
}

export async function templateDocx(db: Db, id: number) {
  const [m] = await db.select().from(modelli).where(eq(modelli.id, id));
  if (!m) throw notFound();
  const f = await readFile(db, m.file_id);
  if (!f) throw notFound();
  return { ...f, nome: `${m.descrizione} v${m.versione}.docx` };
}

// ---- the merge data --------------------------------------------------------------------------------------------------------

type Persona = Pick<typeof dipendenti.$inferSelect, 'matricola' | 'nome' | 'cognome' | 'codice_fiscale' | 'email' | 'data_assunzione' | 'mansione_id'> & { id?: number };
type Riga = typeof contrattiDipendenti.$inferSelect;

/** The contract this document states: the employee's row in force on the start (or his latest), each field of `dati` laid over it. */
function conditionsOf(p: Persona, row: Riga | null, d: TDatiDocumento) {
  const pick = <K extends keyof TDatiDocumento>(k: K, fallback: unknown) => (d[k] !== undefined && d[k] !== null ? d[k] : fallback);
  const tipo = pick('tipo_contratto', row?.tipo_contratto ?? null) as string | null;
  const partTime = !!pick('part_time', d.percentuale_part_time != null ? true : (row?.part_time ?? false));
  const giorni = pick('periodo_prova_giorni', d.periodo_prova ? null : (row?.periodo_prova_giorni ?? null)) as number | null;
  return {
    tipo_contratto: tipo,
    // the hiring date, or a fixed-term contract's own start: never the date of a later row (a level change)
    data_inizio: (pick('data_inizio', row?.tipo_contratto === 'determinato' ? row.dal : p.data_assunzione) as string | null) ?? null,
    data_fine: tipo === 'determinato' ? (pick('data_fine', row?.data_fine ?? null) as string | null) : null,
    causale: tipo === 'determinato' ? (pick('causale', row?.causale ?? null) as string | null) : null,
    periodo_prova_giorni: giorni,
    periodo_prova: giorni ? null : (pick('periodo_prova', row?.periodo_prova ?? null) as 'ccnl' | 'nessuno' | null),
    ore_settimanali: pick('ore_settimanali', null) as number | null,
    part_time: partTime,
    percentuale_part_time: partTime ? (pick('percentuale_part_time', row?.percentuale_part_time ?? null) as number | null) : null,
    distribuzione_part_time: partTime ? (pick('distribuzione_part_time', row?.distribuzione_part_time ?? null) as string | null) : null,
    orario_part_time: partTime ? (pick('orario_part_time', row?.orario_part_time ?? null) as TOrarioPartTime | null) : null,
    sede_id: pick('sede_id', row?.sede_id ?? null) as number | null,
    mansione_id: pick('mansione_id', row?.mansione_id ?? p.mansione_id ?? null) as number | null,
    ccnl_id: pick('ccnl_id', row?.ccnl_id ?? null) as number | null,
    livello_id: d.livello ? null : (row?.livello_id ?? null),
    livello: (d.livello ?? null) as string | null,
    qualifica: pick('qualifica', row?.qualifica ?? null) as string | null,
    superminimo: pick('superminimo', row?.superminimo ?? 0) as number,
  };
}
type Condizioni = ReturnType<typeof conditionsOf>;

/** A stated contract's own checks (retribuzione.ts): a fixed term without its end, part-time without its percentage... */
function checkConditions(c: Condizioni) {
  if (!c.tipo_contratto || !c.qualifica || !c.data_inizio) return;
  const wrong = verificaContratto({ ...c, dal: c.data_inizio, tipo_contratto: c.tipo_contratto, qualifica: c.qualifica });
  if (wrong) throw contractError(wrong);
}

/** The qualification in the feminine, for a woman's letter (quadro and dirigente do not change). */
const QUALIFICA_F: Record<string, string> = { operaio: 'operaia', impiegato: 'impiegata' };
const TIPO: Record<string, string> = { indeterminato: 'tempo indeterminato', determinato: 'tempo determinato', apprendistato: 'apprendistato professionalizzante' };
const indirizzo = (s: { indirizzo?: string | null; cap?: string | null; comune?: string | null; provincia?: string | null }) =>
  [s.indirizzo, [s.cap, s.comune].filter(Boolean).join(' '), s.provincia ? `(${s.provincia})` : ''].filter(Boolean).join(', ').replace(/, \(/, ' (');

type Unione = Record<string, Record<string, unknown>>;

/**
 * The merge data of a document and what it states for the transparency check. Strict: a CCNL, level or table that
 * does not exist is a 4xx; lenient (the preview): what cannot be found is simply not stated, so the checklist shows it.
 */
async function mergeData(db: Db, tz: string, p: Persona, c: Condizioni, d: TDatiDocumento, strict: boolean) {
  const [azienda, par] = await Promise.all([companyData(db), readParametri(db)]);
  const ccnlRow = c.ccnl_id ? await ccnlOf(db, c.ccnl_id).catch(() => null) : null;
  if (strict && c.ccnl_id && !ccnlRow) throw badRequest({ ccnl_id: 'avvisi.valore_non_valido' });
  let livello: { codice: string; descrizione: string; id: number } | null = null;
  if (ccnlRow) {
    const levels = await levelsOf(db, ccnlRow.id);
    if (c.livello) {
      try {
        livello = levelByCode(levels, c.livello);
      } catch (e) {
        if (strict) throw e;
      }
    } else livello = levels.find((l) => l.id === c.livello_id) ?? null;
  }
  // the pay stated is the one in force when the document takes effect: at the start for a new hire, today for a
  // document given to someone hired years ago (whose starting table may predate the tables kept)
  const oggi = d.data_documento ?? localNow(tz).data;
  const quando = c.data_inizio && c.data_inizio > oggi ? c.data_inizio : oggi;
  const t = ccnlRow && livello ? tabellaLivello(await tableRows(db, ccnlRow.id, livello.id), livello.codice, quando) : null;
  if (strict && ccnlRow && livello && !t) throw noTable(livello.codice, quando);
  const [sede] = c.sede_id ? await db.select().from(sedi).where(eq(sedi.id, c.sede_id)) : [];
  if (strict && c.sede_id && !sede) throw badRequest({ sede_id: 'avvisi.valore_non_valido' });
  const [mansione] = c.mansione_id ? await db.select().from(mansioni).where(eq(mansioni.id, c.mansione_id)) : [];
  if (strict && c.mansione_id && !mansione) throw badRequest({ mansione_id: 'avvisi.valore_non_valido' });

  const ore = c.ore_settimanali ?? ccnlRow?.ore_settimanali ?? null;
  const orePart = ore != null && c.part_time && c.percentuale_part_time ? Math.round(ore * c.percentuale_part_time) / 100 : null;
  const pieno = t ? mensileLordo(t.totale, c.superminimo, null) : null;
  const mensile = t ? mensileLordo(t.totale, c.superminimo, c.part_time ? c.percentuale_part_time : null) : null;
  const voci = t ? [...t.voci, ...(c.superminimo > 0 ? [{ voce: 'Superminimo individuale', importo: c.superminimo }] : [])] : [];
  const minimo = t?.voci.find((v) => /minimo/i.test(v.voce)) ?? t?.voci[0];
  const sedeTesto = sede ? `${sede.descrizione}, ${indirizzo(sede)}` : null;
  const sedeLegale = indirizzo(azienda);
  const prova = c.periodo_prova_giorni
    ? `${c.periodo_prova_giorni} giorni di calendario`
    : c.periodo_prova === 'ccnl' ? 'la durata prevista dal CCNL applicato per il livello di inquadramento' : c.periodo_prova === 'nessuno' ? 'nessun periodo di prova' : '';
  // the whole clause, so that the article agrees with what follows ("pari a 30 giorni", "pari alla durata")
  const clausolaProva = c.periodo_prova_giorni
    ? `Il rapporto è soggetto a un periodo di prova pari a ${c.periodo_prova_giorni} giorni di calendario, ai sensi dell’art. 2096 del codice civile e dell’art. 7 del D.Lgs 104/2022.`
    : c.periodo_prova === 'ccnl'
      ? 'Il rapporto è soggetto a un periodo di prova pari alla durata prevista dal CCNL applicato per il livello di inquadramento, ai sensi dell’art. 2096 del codice civile.'
      : c.periodo_prova === 'nessuno' ? 'Il rapporto non è soggetto a periodo di prova.' : '';
  const femminile = sessoDaCodiceFiscale(p.codice_fiscale) === 'F';
  const orarioPt = c.part_time && c.orario_part_time?.giorni.length ? testoOrarioPartTime(c.orario_part_time) : '';
  const estero = d.estero ?? {};
  const luogoNonFisso = d.luogo_non_fisso === 'luoghi_diversi' ? 'luoghi diversi, senza un luogo di lavoro fisso o prevalente' : d.luogo_non_fisso === 'libero' ? 'luogo scelto dal lavoratore' : null;
  const s = par.sistemi ?? {};

  const unione: Unione = {
    azienda: {
      ragione_sociale: azienda.ragione_sociale, codice_fiscale: azienda.codice_fiscale ?? '', partita_iva: azienda.partita_iva ?? '', sede_legale: sedeLegale,
      posizione_inps: azienda.posizione_inps ?? '', codice_ditta_inail: azienda.codice_ditta_inail ?? '', pat_inail: azienda.pat_inail ?? '',
    },
    dipendente: {
      matricola: p.matricola, nome: p.nome, cognome: p.cognome, nominativo: `${p.nome} ${p.cognome}`, codice_fiscale: p.codice_fiscale,
      residenza: d.residenza ?? '', email: p.email ?? '', femminile, desinenza: femminile ? 'a' : 'o',
    },
    contratto: {
      tipo: c.tipo_contratto ? TIPO[c.tipo_contratto] : '', indeterminato: c.tipo_contratto === 'indeterminato', determinato: c.tipo_contratto === 'determinato',
      apprendistato: c.tipo_contratto === 'apprendistato', part_time: c.part_time,
      data_inizio: c.data_inizio ? dataIt(c.data_inizio) : '', data_fine: c.data_fine ? dataIt(c.data_fine) : '', causale: c.causale ?? '',
      qualifica: (femminile ? QUALIFICA_F[c.qualifica ?? ''] : null) ?? c.qualifica ?? '', livello: livello?.codice ?? '', livello_descrizione: livello?.descrizione ?? '', mansione: mansione?.descrizione ?? '',
      luogo_lavoro: luogoNonFisso ?? sedeTesto ?? '', periodo_prova: prova,
      ore_settimanali: ore != null ? String(ore).replace('.', ',') : '', percentuale_part_time: c.percentuale_part_time ? `${c.percentuale_part_time}%` : '',
      ore_part_time: orePart != null ? String(orePart).replace('.', ',') : '', distribuzione_part_time: c.distribuzione_part_time ?? '',
      periodo_prova_clausola: clausolaProva, orario_part_time: orarioPt, clausole_elastiche: c.part_time ? testoClausoleElastiche(c.orario_part_time?.elastiche) : '',
    },
    estero: {
      paese: estero.paese ?? '', dal: estero.dal ? dataIt(estero.dal) : '', al: estero.al ? dataIt(estero.al) : '', valuta: estero.valuta ?? '',
      prestazioni: estero.prestazioni ?? '', rimpatrio: estero.rimpatrio ?? '', distacco: !!estero.distacco, retribuzione_ospitante: estero.retribuzione_ospitante ?? '',
      indennita_rimborsi: estero.indennita_rimborsi ?? '', sito_istituzionale: estero.sito_istituzionale ?? '',
    },
    modifica: { decorrenza: '', voci: [] as { voce: string; prima: string; dopo: string }[] },
    ccnl: {
      codice: ccnlRow?.codice ?? '', titolo: ccnlRow?.descrizione ?? '', parti_firmatarie: ccnlRow?.parti_firmatarie ?? '',
      mensilita: ccnlRow ? String(ccnlRow.mensilita) : '', divisore_orario: ccnlRow ? String(ccnlRow.divisore_orario) : '',
    },
    retribuzione: {
      minimo_mensile: minimo ? importoIt(minimo.importo) : '', superminimo: importoIt(c.superminimo), totale_mensile: mensile != null ? importoIt(mensile) : '',
      mensile_tempo_pieno: pieno != null ? importoIt(pieno) : '', paga_oraria: pieno != null && ccnlRow ? importoIt(pagaOraria(pieno, ccnlRow.divisore_orario)) : '',
      annuo_lordo: mensile != null && ccnlRow ? importoIt(mensile * ccnlRow.mensilita) : '', periodicita: par.periodicita_retribuzione ?? '',
      modalita_pagamento: par.modalita_pagamento ?? '', voci: voci.map((v) => ({ voce: v.voce, importo: importoIt(v.importo) })),
    },
    sistemi: {
      attivi: par.sistemi_automatizzati, aspetti: s.aspetti ?? '', scopi: s.scopi ?? '', logica: s.logica ?? '', dati: s.dati ?? '', controlli: s.controlli ?? '',
      accuratezza: s.accuratezza ?? '', referente: s.referente ?? '',
    },
    documento: {
      data: dataIt(d.data_documento ?? localNow(tz).data),
      luogo: d.luogo_documento ?? par.luogo_firma ?? sede?.comune ?? azienda.comune ?? '',
    },
  };

  const trasparenza: DatiTrasparenza = {
    datore: { denominazione: azienda.ragione_sociale, codice_fiscale: azienda.codice_fiscale, partita_iva: azienda.partita_iva, sede: sedeLegale },
    lavoratore: { nome: p.nome, cognome: p.cognome, codice_fiscale: p.codice_fiscale, residenza: d.residenza },
    luogo_lavoro: { sede: sedeTesto, non_fisso: d.luogo_non_fisso ?? null },
    inquadramento: { livello: livello?.codice, qualifica: c.qualifica, mansione: mansione?.descrizione },
    contratto: {
      data_inizio: c.data_inizio, tipo_contratto: c.tipo_contratto, data_fine: c.data_fine, causale: c.causale, part_time: c.part_time, percentuale_part_time: c.percentuale_part_time,
      collocazione_part_time: orarioPt,
    },
    periodo_prova: c.periodo_prova_giorni ? { giorni: c.periodo_prova_giorni } : c.periodo_prova,
    retribuzione: { voci, periodicita: par.periodicita_retribuzione, modalita_pagamento: par.modalita_pagamento },
    // the normal hours are the document's own; overtime and shift changes are the CCNL's (art. 1 c. 6)
    orario: { normale: ore != null ? `${orePart ?? ore} ore settimanali` : null },
    ccnl: { codice: ccnlRow?.codice, titolo: ccnlRow?.descrizione, parti_firmatarie: ccnlRow?.parti_firmatarie },
    enti: {
      inps: azienda.posizione_inps ? `INPS ${azienda.posizione_inps}` : null,
      inail: azienda.codice_ditta_inail || azienda.pat_inail ? `INAIL ${[azienda.codice_ditta_inail, azienda.pat_inail].filter(Boolean).join(' / ')}` : null,
    },
    sistemi_automatizzati: par.sistemi_automatizzati,
    sistemi: s,
  };
  return { unione, trasparenza, azienda, livello, ccnlRow };
}

/** The missing items as a 400: their codes, and their Italian names for the message. */
async function missingItems(db: Db, mancanti: string[]) {
  const nomi = await Promise.all(mancanti.map((m) => translate(db, 'it', `trasparenza.${m}`)));
  return new AppError(400, 'avvisi.trasparenza_incompleta', { mancanti, elenco: nomi.join(', ') });
}

/** The missing items of art. 2 (work abroad) as a 400, like the art. 1 ones. */
async function missingAbroad(db: Db, mancanti: string[]) {
  const nomi = await Promise.all(mancanti.map((m) => translate(db, 'it', `estero.${m}`)));
  return new AppError(400, 'avvisi.estero_incompleto', { mancanti, elenco: nomi.join(', ') });
}

const TIPO_BREVE: Record<string, string> = { indeterminato: 'tempo indeterminato', determinato: 'tempo determinato', apprendistato: 'apprendistato' };

/** A condition of a contract row as an art. 3 notice states it, before or after the change. */
function valoreArt1(m: string, r: TContrattoRow): string {
  switch (m) {
    case 'ccnl': return r.ccnl_codice;
    case 'livello': return `${r.livello} (${r.livello_descrizione})`;
    case 'qualifica': return r.qualifica;
    case 'mansione': return r.mansione_descrizione ?? 'non indicata';
    case 'luogo_lavoro': return r.sede_descrizione ?? 'non indicato';
    case 'tipo_contratto': return TIPO_BREVE[r.tipo_contratto] ?? r.tipo_contratto;
    case 'data_fine': return r.data_fine ? dataIt(r.data_fine) : 'nessun termine';
    case 'orario':
      return r.part_time
        ? `tempo parziale al ${r.percentuale_part_time ?? ''}%${r.distribuzione_part_time ? ` ${r.distribuzione_part_time}` : ''}${r.orario_part_time?.giorni.length ? `: ${testoOrarioPartTime(r.orario_part_time)}` : ''}`
        : 'tempo pieno';
    default: return `superminimo individuale euro ${importoIt(r.superminimo)} lordi mensili`;
  }
}

/**
 * What an art. 3 notice states (D.Lgs 152/1997 art. 3): the row's date and each art. 1 item it changes from the row
 * before, as it was and as it becomes. No such row, or one that changes nothing of art. 1: a 400.
 */
async function changeOf(db: Db, tz: string, dipendenteId: number | undefined, contrattoId: number | null | undefined) {
  const rows = dipendenteId ? await contractRows(db, tz, dipendenteId) : [];
  const i = rows.findIndex((r) => r.id === contrattoId);
  if (i < 1) throw new AppError(400, 'avvisi.modifica_senza_riga', { fields: { contratto_id: 'avvisi.modifica_senza_riga' } });
  const [prima, dopo] = [rows[i - 1], rows[i]];
  if (!dopo.modifiche_art1.length) throw new AppError(400, 'avvisi.modifica_nessuna', { fields: { contratto_id: 'avvisi.modifica_nessuna' } });
  const voci = await Promise.all(dopo.modifiche_art1.map(async (m) => ({ voce: await translate(db, 'it', `modifica_art1.${m}`), prima: valoreArt1(m, prima), dopo: valoreArt1(m, dopo) })));
  return { decorrenza: dataIt(dopo.dal), voci };
}

// ---- producing documents ---------------------------------------------------------------------------------------------------

type Modello = typeof modelli.$inferSelect;

async function templatesOf(db: Db, ids: number[]): Promise<Modello[]> {
  const rows = await db.select().from(modelli).where(inArray(modelli.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...new Set(ids)].map((id) => {
    const m = byId.get(id);
    if (!m) throw badRequest({ modello_id: 'avvisi.valore_non_valido' });
    if (!m.attivo) throw new AppError(409, 'avvisi.modello_non_attivo', { modello: m.descrizione });
    return m;
  });
}

/** The row of the employee's contract the document starts from: in force on the start date, else his latest. */
async function baseRow(db: Db, dipendenteId: number, inizio: string | null | undefined, contrattoId?: number | null): Promise<Riga | null> {
  if (contrattoId) {
    const [own] = await db.select().from(contrattiDipendenti).where(and(eq(contrattiDipendenti.id, contrattoId), eq(contrattiDipendenti.dipendente_id, dipendenteId)));
    if (!own) throw badRequest({ contratto_id: 'avvisi.valore_non_valido' });
    return own;
  }
  if (inizio) {
    const inForce = await contractInForce(db, dipendenteId, inizio);
    if (inForce) return inForce;
  }
  const [latest] = await db.select().from(contrattiDipendenti).where(eq(contrattiDipendenti.dipendente_id, dipendenteId)).orderBy(desc(contrattiDipendenti.dal)).limit(1);
  return latest ?? null;
}

type Compilato = { modello: Modello; docx: Buffer; paragrafi: Paragrafo[] };
type Prodotto = Compilato & { unione: Unione; pdf: Buffer; nome: string };

/** Fills each template with the merge data and reads it back as paragraphs, in memory. */
async function fillAll(db: Db, templates: Modello[], unione: Unione): Promise<Compilato[]> {
  const out: Compilato[] = [];
  for (const m of templates) {
    const f = await readFile(db, m.file_id);
    if (!f) throw notFound();
    await checkZip(f.contenuto, 'file_id');
    const docx = fillTemplate(f.contenuto, unione);
    out.push({ modello: m, docx, paragrafi: paragraphsOf(docx) });
  }
  return out;
}

/** Fills each template and draws its PDF from the same paragraphs, in memory: nothing is stored until every one succeeded. */
async function produce(db: Db, templates: Modello[], unione: Unione, azienda: Azienda, p: Persona): Promise<Prodotto[]> {
  const logo = await companyLogo(db, azienda);
  const header = { ...azienda, logo: logo ? { tipo: logo.tipo, contenuto: logo.contenuto } : undefined };
  const nome = (m: Modello) => `${m.descrizione} - ${p.cognome} ${p.nome}`;
  const out: Prodotto[] = [];
  for (const x of await fillAll(db, templates, unione)) {
    out.push({ ...x, unione, nome: nome(x.modello), pdf: Buffer.from(await pdfOf(x.paragrafi, header, nome(x.modello))) });
  }
  return out;
}

/** Stores the files, then the dossier rows in the caller's transaction. */
async function storeProduced(tx: Db, user: CurrentUser, dipendenteId: number, prodotti: Prodotto[], contrattoId: number | null = null) {
  const ids: number[] = [];
  for (const x of prodotti) {
    const docx = await storeFile(tx, { nome: `${x.nome}.docx`, bytes: x.docx, utenteId: user.id, kinds: ['docx'] });
    const pdf = await storeFile(tx, { nome: `${x.nome}.pdf`, bytes: x.pdf, utenteId: user.id, kinds: ['pdf'] });
    const [row] = await tx
      .insert(documenti)
      .values({
        dipendente_id: dipendenteId, modello_id: x.modello.id, modello_versione: x.modello.versione, modello_file_id: x.modello.file_id, descrizione: x.modello.descrizione, contratto_id: contrattoId,
        dati: x.unione, docx_file_id: docx.id, pdf_file_id: pdf.id, sha256: docx.sha256, sha256_pdf: pdf.sha256, creato_da: user.id,
      })
      .returning();
    await audit(tx, user, { entita: 'contratti_documenti', entita_id: row.id, azione: 'create', dopo: { ...row, dati: undefined } });
    ids.push(row.id);
  }
  return ids;
}

/** Checks and fills: the transparency items of the hiring letters among the templates, the merge data, the preview. */
async function prepare(db: Db, tz: string, p: Persona, row: Riga | null, templateIds: number[], d: TDatiDocumento, strict: boolean) {
  const templates = await templatesOf(db, templateIds);
  const c = conditionsOf(p, row, d);
  checkConditions(c);
  const m = await mergeData(db, tz, p, c, d, strict);
  const esito = templates.some((t) => t.lettera_assunzione) ? verificaTrasparenza(m.trasparenza) : { mancanti: [], rinvio_ccnl: [] };
  // a template stating work abroad is checked against art. 2; one stating a change is filled from the contract rows
  const usa = (gruppo: string) => templates.some((t) => t.campi.some((f) => f.startsWith(`${gruppo}.`)));
  const estero = usa('estero') ? verificaEstero(d.estero ?? {}).mancanti : [];
  if (usa('modifica')) {
    if (strict) m.unione.modifica = await changeOf(db, tz, p.id, d.contratto_id);
    else m.unione.modifica = await changeOf(db, tz, p.id, d.contratto_id).catch(() => m.unione.modifica);
  }
  return { templates, c, m, esito, estero };
}

/** The preview: the checklist and each document's paragraphs. Stores nothing. */
export async function preview(db: Db, tz: string, user: CurrentUser, b: { dipendente_id?: number | null; nuovo?: TNuovoDipendente | null; modello_ids: number[]; dati: TDatiDocumento }) {
  const p: Persona = b.dipendente_id ? await employeeInScope(db, user, b.dipendente_id) : newPersona(b.nuovo!, b.dati);
  const row = p.id ? await baseRow(db, p.id, b.dati.data_inizio, b.dati.contratto_id) : null;
  const { templates, m, esito } = await prepare(db, tz, p, row, b.modello_ids, b.dati, false);
  // the preview shows the filled text; the PDF is drawn only when the documents are produced
  const compilati = await fillAll(db, templates, m.unione);
  return {
    ...esito,
    documenti: compilati.map((x) => ({ modello_id: x.modello.id, descrizione: x.modello.descrizione, lettera_assunzione: x.modello.lettera_assunzione, paragrafi: x.paragrafi })),
  };
}

const newPersona = (n: TNuovoDipendente, d: TDatiDocumento): Persona => ({
  matricola: n.matricola, nome: n.nome, cognome: n.cognome, codice_fiscale: n.codice_fiscale, email: n.email ?? null,
  data_assunzione: d.data_inizio ?? '', mansione_id: d.mansione_id ?? null,
});

/** One document for an employee in scope: checked, filled, stored in his dossier. */
export async function generate(db: Db, tz: string, user: CurrentUser, b: { dipendente_id: number; modello_id: number; dati: TDatiDocumento }): Promise<TDocumentoRow> {
  const emp = await employeeInScope(db, user, b.dipendente_id);
  const row = await baseRow(db, emp.id, b.dati.data_inizio, b.dati.contratto_id);
  const { templates, c, m, esito, estero } = await prepare(db, tz, emp, row, [b.modello_id], b.dati, true);
  await checkChain(db, emp.id, templates, c, m.livello?.codice);
  if (esito.mancanti.length) throw await missingItems(db, esito.mancanti);
  if (estero.length) throw await missingAbroad(db, estero);
  const prodotti = await produce(db, templates, m.unione, m.azienda, emp);
  const [id] = await db.transaction((tx) => storeProduced(tx as unknown as Db, user, emp.id, prodotti, b.dati.contratto_id ?? null));
  return (await dossierRows(db, tz, emp.id, [id]))[0];
}

/**
 * A fixed-term hiring letter states a contract of the employee's chain (a new one, an extension, a renewal, or the
 * stored row from the same date): it keeps the chain's limits, checked against the stored rows (catena.ts).
 */
async function checkChain(db: Db, dipendenteId: number, templates: Modello[], c: Condizioni, livello: string | undefined) {
  if (!templates.some((t) => t.lettera_assunzione) || c.tipo_contratto !== 'determinato' || !c.data_inizio || !c.data_fine || !c.qualifica || !livello) return;
  const riga = { ...c, dal: c.data_inizio, tipo_contratto: c.tipo_contratto, data_fine: c.data_fine, qualifica: c.qualifica, livello };
  await db.transaction((tx) => assertChain(tx as unknown as Db, dipendenteId, riga));
}

const required = (c: Condizioni) => {
  // keys from code: the five field names below
  const fields: Record<string, string> = {};
  for (const k of ['ccnl_id', 'livello', 'qualifica', 'tipo_contratto', 'data_inizio'] as const) if (!c[k]) fields[k] = 'avvisi.required';
  if (Object.keys(fields).length) throw new AppError(400, 'avvisi.validation', { fields });
};

/** A new hire: the employee, his first contract row and the documents, all or nothing. */
export async function hire(db: Db, tz: string, user: CurrentUser, b: { nuovo: TNuovoDipendente; modello_ids: number[]; dati: TDatiDocumento }) {
  const p = newPersona(b.nuovo, b.dati);
  const { templates, c, m, esito, estero } = await prepare(db, tz, p, null, b.modello_ids, b.dati, true);
  required(c);
  if (esito.mancanti.length) throw await missingItems(db, esito.mancanti);
  if (estero.length) throw await missingAbroad(db, estero);
  const prodotti = await produce(db, templates, m.unione, m.azienda, p);
  try {
    const ids = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [emp] = await tx
        .insert(dipendenti)
        .values({
          matricola: p.matricola, cognome: p.cognome, nome: p.nome, codice_fiscale: p.codice_fiscale, email: p.email, reparto_id: b.nuovo.reparto_id ?? null,
          mansione_id: c.mansione_id, data_assunzione: c.data_inizio!,
        })
        .returning();
      await audit(tx, user, { entita: 'dipendenti', entita_id: emp.id, azione: 'create', dopo: emp });
      const values = await contractValues(tx, emp, {
        dal: c.data_inizio!, ccnl_id: c.ccnl_id!, livello: m.livello!.codice, qualifica: c.qualifica as never, tipo_contratto: c.tipo_contratto as never,
        data_fine: c.data_fine, causale: c.causale, part_time: c.part_time, percentuale_part_time: c.percentuale_part_time,
        distribuzione_part_time: c.distribuzione_part_time as never, orario_part_time: c.orario_part_time, superminimo: c.superminimo, sede_id: c.sede_id, mansione_id: c.mansione_id,
        periodo_prova_giorni: c.periodo_prova_giorni, periodo_prova: c.periodo_prova,
      });
      const [riga] = await tx.insert(contrattiDipendenti).values({ ...values, dipendente_id: emp.id, creato_da: user.id }).returning();
      await audit(tx, user, { entita: 'contratti_dipendenti', entita_id: riga.id, azione: 'create', dopo: riga });
      return { dipendente_id: emp.id, contratto_id: riga.id, documenti: await storeProduced(tx, user, emp.id, prodotti) };
    });
    return { dipendente_id: ids.dipendente_id, contratto_id: ids.contratto_id, documenti: await dossierRows(db, tz, ids.dipendente_id, ids.documenti) };
  } catch (err) {
    // the matricola or the codice fiscale of someone already employed
    if (pgCode(err) === PG_UNIQUE) throw conflict('avvisi.dipendente_esistente', { fields: { matricola: 'avvisi.dipendente_esistente' } });
    throw err;
  }
}

// ---- the dossier -----------------------------------------------------------------------------------------------------------

async function dossierRows(db: Db, tz: string, dipendenteId: number, only?: number[]): Promise<TDocumentoRow[]> {
  const firmatario = aliasedTable(utenti, 'firmatario');
  const scansione = aliasedTable(file, 'scansione');
  const rows = await db
    .select({
      id: documenti.id, dipendente_id: documenti.dipendente_id, modello_id: documenti.modello_id, descrizione: documenti.descrizione,
      modello_versione: documenti.modello_versione, tipo_documento: tipiDocumento.descrizione, sha256: documenti.sha256, sha256_pdf: documenti.sha256_pdf,
      creato_il: instantToLocal(documenti.creato_il, tz), creato_da: utenti.username, firmato_file_id: documenti.firmato_file_id,
      firmato_nome: scansione.nome, firmato_il: instantToLocal(documenti.firmato_il, tz), firmato_da: firmatario.username,
    })
    .from(documenti)
    .innerJoin(modelli, eq(modelli.id, documenti.modello_id))
    .leftJoin(tipiDocumento, eq(tipiDocumento.id, modelli.tipo_documento_id))
    .leftJoin(utenti, eq(utenti.id, documenti.creato_da))
    .leftJoin(firmatario, eq(firmatario.id, documenti.firmato_da))
    .leftJoin(scansione, eq(scansione.id, documenti.firmato_file_id))
    .where(and(eq(documenti.dipendente_id, dipendenteId), only ? inArray(documenti.id, only) : undefined))
    .orderBy(desc(documenti.creato_il), desc(documenti.id));
  const ids = rows.map((r) => r.id);
  const sent = ids.length
    ? await db
        .select({ documento_id: invii.documento_id, indirizzo: invii.indirizzo, inviato_il: instantToLocal(invii.inviato_il, tz), inviato_da: utenti.username })
        .from(invii)
        .leftJoin(utenti, eq(utenti.id, invii.inviato_da))
        .where(inArray(invii.documento_id, ids))
        .orderBy(asc(invii.inviato_il), asc(invii.id))
    : [];
  return rows.map(({ firmato_file_id, firmato_nome, firmato_il, firmato_da, ...r }) => ({
    ...r,
    firmato: firmato_file_id ? { nome: firmato_nome ?? '', caricato_il: firmato_il ?? '', caricato_da: firmato_da } : null,
    invii: sent.filter((s) => s.documento_id === r.id).map(({ documento_id: _, ...s }) => s),
  }));
}

export async function dossier(db: Db, tz: string, user: CurrentUser, dipendenteId: number) {
  await employeeInScope(db, user, dipendenteId);
  return dossierRows(db, tz, dipendenteId);
}

/** A document of an employee the user may see, or 404 (another's is as absent as a missing one). */
async function documentInScope(db: Db, user: CurrentUser, id: number) {
  const [d] = await db.select().from(documenti).where(eq(documenti.id, id));
  if (!d) throw notFound();
  await employeeInScope(db, user, d.dipendente_id);
  return d;
}

export async function documentDetail(db: Db, tz: string, user: CurrentUser, id: number) {
  const d = await documentInScope(db, user, id);
  const [row] = await dossierRows(db, tz, d.dipendente_id, [id]);
  return { ...row, dati: d.dati };
}

export async function documentFile(db: Db, user: CurrentUser, id: number, kind: 'docx' | 'pdf' | 'firmato') {
  const d = await documentInScope(db, user, id);
  const fileId = kind === 'docx' ? d.docx_file_id : kind === 'pdf' ? d.pdf_file_id : d.firmato_file_id;
  const f = fileId ? await readFile(db, fileId) : undefined;
  if (!f) throw notFound();
  return f;
}

/** The signed scan: a PDF or an image the user uploaded. A second scan replaces the first, audited with both. */
export async function attachSigned(db: Db, tz: string, user: CurrentUser, id: number, fileId: string) {
  const d = await documentInScope(db, user, id);
  const f = await readFile(db, fileId);
  if (!f || f.caricato_da !== user.id) throw badRequest({ file_id: 'avvisi.valore_non_valido' });
  if (![...FILE_KINDS.pdf, ...FILE_KINDS.immagine].includes(f.tipo as never)) throw new AppError(415, 'avvisi.tipo_file_non_ammesso', { tipi: 'pdf, immagine' });
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [after] = await tx.update(documenti).set({ firmato_file_id: f.id, firmato_il: sqlNow(), firmato_da: user.id }).where(eq(documenti.id, id)).returning();
    await audit(tx, user, {
      entita: 'contratti_documenti', entita_id: id, azione: 'firma',
      prima: { firmato_file_id: d.firmato_file_id, firmato_il: d.firmato_il }, dopo: { firmato_file_id: after.firmato_file_id, nome: f.nome, sha256: f.sha256 },
    });
  });
  return (await dossierRows(db, tz, d.dipendente_id, [id]))[0];
}

/** E-mails the documents (DOCX and PDF of each) to the employee, or to the address given, and records each delivery. */
export async function sendDocuments(deps: AppDeps, user: CurrentUser, b: { documento_ids: number[]; indirizzo?: string | null }) {
  const { db } = deps;
  const docs: (typeof documenti.$inferSelect)[] = [];
  for (const id of [...new Set(b.documento_ids)]) docs.push(await documentInScope(db, user, id));
  if (new Set(docs.map((d) => d.dipendente_id)).size > 1) throw badRequest({ documento_ids: 'avvisi.documenti_dipendenti_diversi' });
  const [emp] = await db.select().from(dipendenti).where(eq(dipendenti.id, docs[0].dipendente_id));
  const to = b.indirizzo ?? emp.email;
  if (!to) throw badRequest({ indirizzo: 'avvisi.email_dipendente_mancante' });
  const attachments = [];
  for (const d of docs) {
    for (const [fileId, ext, type] of [[d.docx_file_id, 'docx', FILE_KINDS.docx[0]], [d.pdf_file_id, 'pdf', 'application/pdf']] as const) {
      const f = await readFile(db, fileId);
      if (f) attachments.push({ filename: `${d.descrizione}.${ext}`, content: f.contenuto, contentType: type });
    }
  }
  const lang = await deps.defaultLang();
  const azienda = await companyData(db);
  const params = { azienda: azienda.ragione_sociale, dipendente: `${emp.nome} ${emp.cognome}`, documenti: docs.map((d) => d.descrizione).join(', '), sede: intestazioneRiga(azienda) };
  try {
    await deps.mailer.send({
      to,
      subject: await translate(db, lang, 'mail.documenti_assunzione_oggetto', params),
      text: await translate(db, lang, 'mail.documenti_assunzione_testo', params),
      attachments,
    });
  } catch {
    throw new AppError(502, 'avvisi.mail_non_inviata', { indirizzo: to });
  }
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    for (const d of docs) {
      const [row] = await tx.insert(invii).values({ documento_id: d.id, indirizzo: to, inviato_da: user.id }).returning();
      await audit(tx, user, { entita: 'contratti_documenti', entita_id: d.id, azione: 'invio', dopo: row });
    }
  });
  return { indirizzo: to, documenti: docs.length };
}
