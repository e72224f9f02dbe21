/**
 * The hiring templates Tulip ships (issue #18), written in Italian for this project and built as DOCX with the
 * `docx` library at the first start: HR downloads them, edits them in Word and uploads new versions. Each uses only
 * the fields of campiModello.ts. A corrected text is a new version of the template (seedModelli).
 */
import { createHash } from 'node:crypto';
import type { Paragraph } from 'docx';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { readMark, writeMark } from '../../platform/settings';
import { sqlNow } from '../../platform/clock';
import { readFile, storeFile } from '../../platform/files';
import { tipiDocumento } from '../anagrafica';
import { inspectTemplate, paragraphsOf } from './docx';
import { modelli } from './tables';

type Blocco = string | { h: string } | { b: string };
type ModelloBase = { descrizione: string; tipo: string; tipi: string[]; lettera: boolean; titolo: string; testo: Blocco[] };

const INTESTAZIONE: Blocco[] = [
  '{azienda.ragione_sociale} - {azienda.sede_legale} - C.F. {azienda.codice_fiscale} - P.IVA {azienda.partita_iva}',
  '',
  'Gentile {dipendente.nominativo}',
  'C.F. {dipendente.codice_fiscale}',
  '{dipendente.residenza}',
  '',
  '{documento.luogo}, {documento.data}',
];

/** What every hiring letter states (D.Lgs 152/1997 art. 1 c. 1), in the law's order. */
const CONDIZIONI: Blocco[] = [
  { h: 'Inquadramento e mansioni' },
  'Sarà inquadrat{dipendente.desinenza} con la qualifica di {contratto.qualifica}, livello {contratto.livello} ({contratto.livello_descrizione}) del {ccnl.titolo} (codice {ccnl.codice}), stipulato da {ccnl.parti_firmatarie}, e adibit{dipendente.desinenza} alla mansione di {contratto.mansione}.',
  { h: 'Luogo di lavoro' },
  'La prestazione si svolgerà presso: {contratto.luogo_lavoro}. La sede legale del datore di lavoro è in {azienda.sede_legale}.',
  { h: 'Periodo di prova' },
  '{contratto.periodo_prova_clausola}',
  { h: 'Orario di lavoro' },
  '{^contratto.part_time}L’orario normale di lavoro è di {contratto.ore_settimanali} ore settimanali.{/contratto.part_time}{#contratto.part_time}L’orario è a tempo parziale: {contratto.ore_part_time} ore settimanali, pari al {contratto.percentuale_part_time} dell’orario pieno, con distribuzione {contratto.distribuzione_part_time}, così collocate: {contratto.orario_part_time}.{/contratto.part_time} Il lavoro straordinario, supplementare e i cambi di turno sono regolati dal CCNL applicato.',
  { h: 'Retribuzione' },
  'La retribuzione lorda iniziale, corrisposta con periodicità {retribuzione.periodicita} mediante {retribuzione.modalita_pagamento}, in {ccnl.mensilita} mensilità, è composta da:',
  '{#retribuzione.voci}',
  '- {voce}: euro {importo} lordi mensili',
  '{/retribuzione.voci}',
  'per un totale di euro {retribuzione.totale_mensile} lordi mensili (paga oraria euro {retribuzione.paga_oraria}, divisore {ccnl.divisore_orario}).',
  { h: 'Ferie, permessi, formazione e preavviso' },
  'La durata delle ferie e dei permessi retribuiti, il diritto alla formazione e i termini di preavviso in caso di recesso sono quelli stabiliti dal CCNL applicato, che Le viene consegnato o reso disponibile insieme alla presente (art. 1 c. 6 e 6-bis D.Lgs 152/1997).',
  { h: 'Enti previdenziali e assicurativi' },
  'I contributi sono versati all’INPS (posizione {azienda.posizione_inps}); l’assicurazione contro gli infortuni è presso l’INAIL (codice ditta {azienda.codice_ditta_inail}, PAT {azienda.pat_inail}).',
  '{#sistemi.attivi}',
  { h: 'Sistemi decisionali o di monitoraggio automatizzati (art. 1-bis D.Lgs 152/1997)' },
  'Aspetti del rapporto interessati: {sistemi.aspetti}',
  'Scopi e finalità: {sistemi.scopi}',
  'Logica e funzionamento: {sistemi.logica}',
  'Dati e parametri principali: {sistemi.dati}',
  'Misure di controllo e processi di correzione: {sistemi.controlli}',
  'Livello di accuratezza, robustezza e cybersicurezza: {sistemi.accuratezza}',
  'Per ulteriori informazioni può rivolgersi a: {sistemi.referente}',
  '{/sistemi.attivi}',
];

/** The right of precedence, which a fixed-term letter must state (D.Lgs 81/2015 art. 24 c. 4). */
export const PRECEDENZA: Blocco[] = [
  { h: 'Diritto di precedenza (art. 24 D.Lgs 81/2015)' },
  'Se, anche per effetto di più contratti a termine con la nostra azienda, il rapporto avrà superato complessivamente i sei mesi, Lei avrà diritto di precedenza nelle assunzioni a tempo indeterminato che l’azienda effettuerà entro i dodici mesi successivi alla cessazione, con riferimento alle mansioni già svolte nei rapporti a termine (art. 24 c. 1). Per esercitarlo deve manifestare per iscritto la Sua volontà entro sei mesi dalla data di cessazione del rapporto; il diritto si estingue trascorso un anno da tale data (art. 24 c. 4).',
  'Il congedo di maternità fruito nell’ambito del rapporto a termine concorre a determinare il periodo di attività utile a conseguire il diritto di precedenza, che in tal caso si estende alle assunzioni a tempo determinato effettuate entro i successivi dodici mesi per le stesse mansioni (art. 24 c. 2).',
];

const FIRME: Blocco[] = [
  '',
  'La preghiamo di restituirci copia della presente firmata per accettazione.',
  '',
  '{azienda.ragione_sociale}',
  '',
  'Per accettazione, {#dipendente.femminile}la lavoratrice{/dipendente.femminile}{^dipendente.femminile}il lavoratore{/dipendente.femminile}: {dipendente.nominativo} ______________________________',
];

export const MODELLI_BASE: ModelloBase[] = [
  {
    descrizione: 'Lettera di assunzione a tempo indeterminato', tipo: 'LETT', tipi: ['indeterminato', 'apprendistato'], lettera: true,
    titolo: 'Lettera di assunzione a tempo indeterminato',
    testo: [
      ...INTESTAZIONE,
      { b: 'Oggetto: assunzione a tempo indeterminato' },
      'Con la presente Le comunichiamo la Sua assunzione alle dipendenze di {azienda.ragione_sociale} con {#contratto.apprendistato}contratto di apprendistato professionalizzante{/contratto.apprendistato}{^contratto.apprendistato}contratto di lavoro subordinato a {contratto.tipo}{/contratto.apprendistato}, a decorrere dal {contratto.data_inizio}, alle condizioni che seguono.',
      ...CONDIZIONI,
      ...FIRME,
    ],
  },
  {
    descrizione: 'Lettera di assunzione a tempo determinato', tipo: 'LETT', tipi: ['determinato'], lettera: true,
    titolo: 'Lettera di assunzione a tempo determinato',
    testo: [
      ...INTESTAZIONE,
      { b: 'Oggetto: assunzione a tempo determinato' },
      'Con la presente Le comunichiamo la Sua assunzione alle dipendenze di {azienda.ragione_sociale} con contratto di lavoro subordinato a tempo determinato dal {contratto.data_inizio} al {contratto.data_fine} compreso, ai sensi dell’art. 19 del D.Lgs 81/2015.',
      'Causale: {contratto.causale}',
      ...CONDIZIONI,
      ...PRECEDENZA,
      ...FIRME,
    ],
  },
  {
    descrizione: 'Lettera di assunzione part-time', tipo: 'LETT', tipi: ['part_time'], lettera: true,
    titolo: 'Lettera di assunzione a tempo parziale',
    testo: [
      ...INTESTAZIONE,
      { b: 'Oggetto: assunzione a tempo parziale' },
      'Con la presente Le comunichiamo la Sua assunzione alle dipendenze di {azienda.ragione_sociale} con {#contratto.apprendistato}contratto di apprendistato professionalizzante{/contratto.apprendistato}{^contratto.apprendistato}contratto di lavoro subordinato a {contratto.tipo}{/contratto.apprendistato} e a tempo parziale {contratto.distribuzione_part_time}, a decorrere dal {contratto.data_inizio}{#contratto.determinato} fino al {contratto.data_fine} compreso{/contratto.determinato}, ai sensi degli artt. 4–12 del D.Lgs 81/2015.',
      'Ai sensi dell’art. 5 c. 2 del D.Lgs 81/2015 la prestazione, di {contratto.ore_part_time} ore settimanali, è collocata come segue: {contratto.orario_part_time}.',
      '{contratto.clausole_elastiche} Il lavoro supplementare segue il CCNL applicato.',
      ...CONDIZIONI,
      ...FIRME,
    ],
  },
  {
    descrizione: 'Informativa privacy al dipendente (GDPR art. 13)', tipo: 'PRIV', tipi: [], lettera: false,
    titolo: 'Informativa sul trattamento dei dati personali del dipendente',
    testo: [
      ...INTESTAZIONE,
      'Ai sensi dell’art. 13 del Regolamento (UE) 2016/679 (GDPR), {azienda.ragione_sociale}, titolare del trattamento, La informa di quanto segue.',
      { h: 'Finalità e base giuridica' },
      'I Suoi dati personali sono trattati per instaurare e gestire il rapporto di lavoro: retribuzione, adempimenti fiscali, previdenziali e assicurativi, rilevazione delle presenze, sicurezza sul lavoro. La base giuridica è l’esecuzione del contratto (art. 6 par. 1 lett. b) e l’adempimento di obblighi di legge (art. 6 par. 1 lett. c; art. 9 par. 2 lett. b per le categorie particolari di dati).',
      { h: 'Destinatari' },
      'I dati sono comunicati agli enti previdenziali e assicurativi (INPS, INAIL), all’amministrazione finanziaria, al consulente del lavoro, al medico competente e ai fondi previsti dal CCNL; non sono diffusi.',
      { h: 'Conservazione' },
      'I dati sono conservati per la durata del rapporto e, dopo la sua cessazione, per il tempo previsto dalle norme civilistiche, fiscali e previdenziali.',
      { h: 'Diritti' },
      'Lei può chiedere l’accesso ai dati, la rettifica, la cancellazione nei limiti di legge, la limitazione e la portabilità, opporsi al trattamento e proporre reclamo al Garante per la protezione dei dati personali (artt. 15–22 e 77 GDPR).',
      '{#sistemi.attivi}',
      'Il rapporto è gestito anche con sistemi decisionali o di monitoraggio automatizzati, descritti nell’informativa sulle condizioni di lavoro. Referente: {sistemi.referente}.',
      '{/sistemi.attivi}',
      '',
      'Per presa visione: {dipendente.nominativo} ______________________________',
    ],
  },
  {
    descrizione: 'Informativa sulle condizioni di lavoro (D.Lgs 152/1997)', tipo: 'CONTR', tipi: [], lettera: true,
    titolo: 'Informativa sulle condizioni di lavoro',
    testo: [
      ...INTESTAZIONE,
      'Ai sensi dell’art. 1 del D.Lgs 152/1997, come modificato dal D.Lgs 104/2022 (attuazione della Direttiva UE 2019/1152), Le forniamo le informazioni sul Suo rapporto di lavoro.',
      { h: 'Le parti' },
      'Datore di lavoro: {azienda.ragione_sociale}, sede legale {azienda.sede_legale}, C.F. {azienda.codice_fiscale}. {#dipendente.femminile}Lavoratrice{/dipendente.femminile}{^dipendente.femminile}Lavoratore{/dipendente.femminile}: {dipendente.nominativo}, C.F. {dipendente.codice_fiscale}, residente in {dipendente.residenza}.',
      { h: 'Inizio e tipo di rapporto' },
      'Il rapporto decorre dal {contratto.data_inizio} ed è {#contratto.apprendistato}un apprendistato professionalizzante{/contratto.apprendistato}{^contratto.apprendistato}a {contratto.tipo}{/contratto.apprendistato}{#contratto.determinato}, con termine il {contratto.data_fine}{/contratto.determinato}.',
      ...CONDIZIONI,
      '',
      'Per ricevuta: {dipendente.nominativo} ______________________________',
    ],
  },
  {
    descrizione: 'Comunicazione lavoro all’estero (D.Lgs 152/1997 art. 2)', tipo: 'CONTR', tipi: [], lettera: false,
    titolo: 'Comunicazione per lo svolgimento del lavoro all’estero',
    testo: [
      ...INTESTAZIONE,
      { b: 'Oggetto: lavoro all’estero per più di quattro settimane consecutive' },
      'Ai sensi dell’art. 2 del D.Lgs 152/1997, prima della Sua partenza Le comunichiamo per iscritto, oltre alle condizioni del Suo rapporto già comunicate ai sensi dell’art. 1, le informazioni seguenti.',
      { h: 'Paese e durata' },
      'Il lavoro si svolgerà in {estero.paese} dal {estero.dal} al {estero.al} (durata prevista).',
      { h: 'Valuta della retribuzione' },
      'La retribuzione sarà corrisposta in {estero.valuta}.',
      { h: 'Prestazioni in denaro o in natura' },
      'Prestazioni connesse agli incarichi svolti all’estero: {estero.prestazioni}.',
      { h: 'Rimpatrio' },
      'Condizioni del rimpatrio: {estero.rimpatrio}.',
      '{#estero.distacco}',
      { h: 'Distacco nell’ambito di una prestazione transnazionale di servizi (D.Lgs 136/2016)' },
      'Retribuzione dovuta secondo la legislazione dello Stato ospitante: {estero.retribuzione_ospitante}.',
      'Indennità di distacco e rimborso delle spese di viaggio, vitto e alloggio: {estero.indennita_rimborsi}.',
      'Sito istituzionale dello Stato ospitante con le informazioni sul distacco: {estero.sito_istituzionale}.',
      '{/estero.distacco}',
      '',
      '{azienda.ragione_sociale}',
      '',
      'Per ricevuta, {#dipendente.femminile}la lavoratrice{/dipendente.femminile}{^dipendente.femminile}il lavoratore{/dipendente.femminile}: {dipendente.nominativo} ______________________________',
    ],
  },
  {
    descrizione: 'Comunicazione modifica condizioni (D.Lgs 152/1997 art. 3)', tipo: 'CONTR', tipi: [], lettera: false,
    titolo: 'Comunicazione di modifica delle condizioni di lavoro',
    testo: [
      ...INTESTAZIONE,
      { b: 'Oggetto: modifica delle condizioni del rapporto di lavoro' },
      'Ai sensi dell’art. 3 del D.Lgs 152/1997, Le comunichiamo che dal {modifica.decorrenza} le condizioni del Suo rapporto di lavoro sono modificate come segue:',
      '{#modifica.voci}',
      '- {voce}: da {prima} a {dopo}',
      '{/modifica.voci}',
      'Restano invariate tutte le altre condizioni già comunicate.',
      '',
      '{azienda.ragione_sociale}',
      '',
      'Per ricevuta, {#dipendente.femminile}la lavoratrice{/dipendente.femminile}{^dipendente.femminile}il lavoratore{/dipendente.femminile}: {dipendente.nominativo} ______________________________',
    ],
  },
  {
    descrizione: 'Modulo consegna DPI', tipo: 'FORM', tipi: [], lettera: false,
    titolo: 'Consegna dei dispositivi di protezione individuale',
    testo: [
      ...INTESTAZIONE,
      'Ai sensi degli artt. 18, 77 e 78 del D.Lgs 81/2008, {#dipendente.femminile}la sottoscritta{/dipendente.femminile}{^dipendente.femminile}il sottoscritto{/dipendente.femminile} {dipendente.nominativo}, matricola {dipendente.matricola}, mansione {contratto.mansione}, dichiara di ricevere i dispositivi di protezione individuale previsti per la propria mansione, elencati nel verbale di consegna registrato in Tulip.',
      '{#dipendente.femminile}La lavoratrice{/dipendente.femminile}{^dipendente.femminile}Il lavoratore{/dipendente.femminile} si impegna a:',
      '- utilizzare i DPI conformemente all’informazione, alla formazione e all’addestramento ricevuti;',
      '- averne cura e non apportarvi modifiche di propria iniziativa;',
      '- segnalare immediatamente al datore di lavoro, al dirigente o al preposto qualsiasi difetto o inconveniente rilevato.',
      '',
      'Data: {documento.data}',
      'Firma {#dipendente.femminile}della lavoratrice{/dipendente.femminile}{^dipendente.femminile}del lavoratore{/dipendente.femminile}: ______________________________',
    ],
  },
];

// the docx library is loaded when a template is built, not at every start (seedModelli mostly builds none)
function paragraph({ HeadingLevel, Paragraph, TextRun }: typeof import('docx'), b: Blocco): Paragraph {
  if (typeof b === 'string') return new Paragraph({ children: [new TextRun(b)], spacing: { after: 120 } });
  if ('h' in b) return new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(b.h)] });
  return new Paragraph({ children: [new TextRun({ text: b.b, bold: true })], spacing: { before: 120, after: 120 } });
}

/** A template as a DOCX: its title, then its blocks. */
export async function docxOf(m: Pick<ModelloBase, 'titolo' | 'testo'>): Promise<Buffer> {
  const docx = await import('docx');
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = docx;
  const doc = new Document({
    creator: 'Tulip',
    title: m.titolo,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [{ children: [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(m.titolo)] }), ...m.testo.map((b) => paragraph(docx, b))] }],
  });
  return Packer.toBuffer(doc);
}

/** The templates shipped after the first six (issue #28): added to a database that already has templates. */
const AGGIUNTI = new Set(['Comunicazione lavoro all’estero (D.Lgs 152/1997 art. 2)', 'Comunicazione modifica condizioni (D.Lgs 152/1997 art. 3)']);

const testoDi = (docx: Buffer) => JSON.stringify(paragraphsOf(docx));

/**
 * The shipped templates, at every start: all of them in a new database; in an existing one, the templates shipped
 * since, and a new version of a shipped template whose text Tulip changed (a corrected wording) as long as its file is
 * still Tulip's (stored by nobody): a template HR uploaded a version of is HR's and stays as it is. Documents keep the
 * version they were made from. Their document types are linked when those exist (the demo's).
 */
export async function seedModelli(db: Db) {
  // the check below builds every template and reads every file (a third of a second): skipped while neither the
  // shipped texts nor the shipped templates' rows changed since the last check that ran to its end
  const checked = await fingerprint(db);
  if ((await readMark(db, MODELLI_VERIFICATI)) === checked) return;
  const [any] = await db.select({ id: modelli.id }).from(modelli).limit(1);
  let added = false;
  for (const m of MODELLI_BASE) {
    const bytes = await docxOf(m);
    const { campi } = inspectTemplate(bytes);
    const [row] = await db.select().from(modelli).where(eq(modelli.descrizione, m.descrizione));
    if (!row) {
      if (any && !AGGIUNTI.has(m.descrizione)) continue;
      const f = await storeFile(db, { nome: `${m.descrizione}.docx`, bytes, utenteId: null, kinds: ['docx'] });
      await db.insert(modelli).values({ descrizione: m.descrizione, tipi_contratto: m.tipi, lettera_assunzione: m.lettera, file_id: f.id, campi });
      added = true;
      continue;
    }
    const stored = await readFile(db, row.file_id);
    if (!stored || stored.caricato_da != null || testoDi(stored.contenuto) === testoDi(bytes)) continue;
    const f = await storeFile(db, { nome: `${m.descrizione}.docx`, bytes, utenteId: null, kinds: ['docx'] });
    await db.update(modelli).set({ file_id: f.id, campi, versione: row.versione + 1, aggiornato_il: sqlNow() }).where(eq(modelli.id, row.id));
  }
  // once, with the ones added: the demo's document types come later, and its seed links them then
  if (added) await linkDocumentTypes(db);
  const value = await fingerprint(db);
  await writeMark(db, MODELLI_VERIFICATI, value);
}

const MODELLI_VERIFICATI = 'modelli_base_verificati';

/**
 * What the check of seedModelli depends on: the shipped texts, and which of their templates exist with which file (a
 * stored file never changes; a new version, an upload or a deletion changes the rows), whether the table is empty.
 * Equal: the check would do nothing.
 */
async function fingerprint(db: Db): Promise<string> {
  const rows = await db
    .select({ descrizione: modelli.descrizione, file_id: modelli.file_id })
    .from(modelli)
    .where(inArray(modelli.descrizione, MODELLI_BASE.map((m) => m.descrizione)))
    .orderBy(modelli.descrizione, modelli.id);
  // a table with no template at all gets every shipped one back
  const [any] = await db.select({ id: modelli.id }).from(modelli).limit(1);
  return createHash('sha256').update(JSON.stringify([MODELLI_BASE, [...AGGIUNTI], rows, !!any])).digest('hex');
}

/** Sets the document type of the shipped templates that have none, by the type's code, where it exists. */
export async function linkDocumentTypes(db: Db) {
  for (const m of MODELLI_BASE) {
    await db
      .update(modelli)
      .set({ tipo_documento_id: sql`(select ${tipiDocumento.id} from ${tipiDocumento} where ${tipiDocumento.codice} = ${m.tipo})` })
      .where(sql`${eq(modelli.descrizione, m.descrizione)} and ${isNull(modelli.tipo_documento_id)}`);
  }
}
