import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import PizZip from 'pizzip';
import { changeCounter, changedTables, login, makeTestApp, pdfText, skipReason, uploadFile, type Session, type TestApp } from '../../../test/harness';
import { codiceFiscale } from '../../seed/demo-data';
import { eq } from 'drizzle-orm';
import { storeFile } from '../../platform/files';
import { docxOf, seedModelli } from './modelliBase';
import { modelli as modelliTable } from './tables';
import { hasWhole, keepPdf, outsideBox, pdfLayout } from '../../../../../test/support/pdf';
import { localNow } from '../../platform/dates';

type Row = Record<string, unknown> & { id: number };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const textOf = (docx: Buffer) => new PizZip(docx).file('word/document.xml')!.asText().replace(/<[^>]+>/g, '');

describe.skipIf(skipReason())('contracts: hiring documents from templates, the transparency check, the dossier and the delivery', () => {
  let t: TestApp;
  let personale: Session;
  let mario: Session;
  let read: () => Promise<Record<string, string>>;
  const call = (s: Session | null, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s?.auth ?? {}, payload: payload as never });
  const ids = { ccnl: 0, prod: 0, sede: 0, mansione: 0, indeterminato: 0, informativa: 0, determinato: 0, privacy: 0, mario: 0, parttime: 0, estero: 0, modifica: 0, dpi: 0 };
  const testi = (r: { json: () => { documenti: { paragrafi: { testo: string }[] }[] } }) => r.json().documenti.map((d) => d.paragrafi.map((x) => x.testo).join('\n')).join('\n');
  const refused = async (status: number, message: string, req: () => Promise<{ statusCode: number; body: string; json: () => { message: string; params?: Record<string, unknown> } }>) => {
    const before = await read();
    const r = await req();
    expect([r.statusCode, r.json().message], r.body).toEqual([status, message]);
    expect(changedTables(before, await read())).toEqual([]);
    return r.json();
  };
  const upload = async (name: string, bytes: Buffer) => {
    const r = await uploadFile(t.app, personale.auth, name, bytes, DOCX);
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data.id as string;
  };
  const nuovo = (matricola: string, cognome: string, nome: string) => ({
    matricola, cognome, nome, codice_fiscale: codiceFiscale({ cognome, nome, sesso: 'F', data_nascita: '1996-07-21', comune: 'A944' }), email: `${nome.toLowerCase()}.${cognome.toLowerCase()}@example.it`,
    reparto_id: ids.prod,
  });
  const dati = () => ({
    ccnl_id: ids.ccnl, livello: 'C3', qualifica: 'operaio', tipo_contratto: 'indeterminato', data_inizio: '2026-12-01', sede_id: ids.sede, mansione_id: ids.mansione,
    residenza: 'Via Emilia 10, 40100 Bologna (BO)',
  });

  beforeAll(async () => {
    t = await makeTestApp();
    [personale, mario] = await Promise.all(['personale', 'mario.rossi'].map((u) => login(t.app, u)));
    ids.ccnl = ((await call(personale, 'GET', '/api/contratti/ccnl')).json().rows as Row[]).find((c) => c.codice === 'C011')!.id;
    ids.prod = ((await call(personale, 'GET', '/api/reparti?size=100')).json().rows as Row[]).find((r) => r.codice === 'PROD')!.id;
    ids.sede = ((await call(personale, 'GET', '/api/sedi?size=100')).json().rows as Row[])[0].id;
    ids.mansione = ((await call(personale, 'GET', '/api/mansioni?size=100')).json().rows as Row[])[0].id;
    const modelli = (await call(personale, 'GET', '/api/contratti/modelli?size=100')).json().rows as Row[];
    const by = (d: string) => modelli.find((m) => (m.descrizione as string).startsWith(d))!.id;
    ids.indeterminato = by('Lettera di assunzione a tempo indeterminato');
    ids.determinato = by('Lettera di assunzione a tempo determinato');
    ids.informativa = by('Informativa sulle condizioni');
    ids.privacy = by('Informativa privacy');
    ids.parttime = by('Lettera di assunzione part-time');
    ids.estero = by('Comunicazione lavoro all’estero');
    ids.modifica = by('Comunicazione modifica condizioni');
    ids.dpi = by('Modulo consegna DPI');
    ids.mario = ((await call(personale, 'GET', '/api/dipendenti?size=1000')).json().rows as Row[]).find((e) => e.cognome === 'Rossi' && e.nome === 'Mario')!.id;
    read = await changeCounter(t.handle);
  });
  afterAll(async () => t?.close());

  it('ships the eight templates, each a DOCX whose every field is known, with its document type, and lists the merge fields', async () => {
    const rows = (await call(personale, 'GET', '/api/contratti/modelli?size=100')).json().rows as Row[];
    expect(rows.map((r) => r.descrizione).sort()).toEqual([
      'Comunicazione lavoro all’estero (D.Lgs 152/1997 art. 2)', 'Comunicazione modifica condizioni (D.Lgs 152/1997 art. 3)', 'Informativa privacy al dipendente (GDPR art. 13)', 'Informativa sulle condizioni di lavoro (D.Lgs 152/1997)', 'Lettera di assunzione a tempo determinato',
      'Lettera di assunzione a tempo indeterminato', 'Lettera di assunzione part-time', 'Modulo consegna DPI',
    ]);
    for (const r of rows) expect(r).toMatchObject({ versione: 1, attivo: true, tipo_documento: expect.any(String) });
    const docx = await call(personale, 'GET', `/api/contratti/modelli/${ids.indeterminato}/docx`);
    expect(docx.headers['content-type']).toBe(DOCX);
    expect(textOf(docx.rawPayload)).toContain('{dipendente.nominativo}');
    const campi = (await call(personale, 'GET', '/api/contratti/modelli/campi')).json() as { campo: string; tipo: string }[];
    expect(campi).toEqual(expect.arrayContaining([{ campo: 'dipendente.cognome', tipo: 'testo' }, { campo: 'retribuzione.voci', tipo: 'elenco', figli: ['voce', 'importo'] }]));
  });

  it('refuses a template that is not a DOCX, that has an unclosed tag or an unknown field, naming it; a new file is a new version', async () => {
    const pdf = await uploadFile(t.app, personale.auth, 'x.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'application/pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    await refused(400, 'avvisi.modello_non_docx', () => call(personale, 'POST', '/api/contratti/modelli/verifica', { file_id: pdf.json().data.id }));
    const unclosed = await upload('rotto.docx', await docxOf({ titolo: 'Prova', testo: ['Gentile {dipendente.nome e basta'] }));
    const r = await refused(400, 'avvisi.modello_tag_non_valido', () => call(personale, 'POST', '/api/contratti/modelli/verifica', { file_id: unclosed }));
    expect(r.params?.tag).toContain('dipendente.nome');
    const loop = await upload('ciclo.docx', await docxOf({ titolo: 'Prova', testo: ['{#retribuzione.voci}{voce}'] }));
    expect((await refused(400, 'avvisi.modello_tag_non_valido', () => call(personale, 'POST', '/api/contratti/modelli/verifica', { file_id: loop }))).params?.tag).toBe('retribuzione.voci');
    const unknown = await upload('ignoto.docx', await docxOf({ titolo: 'Prova', testo: ['{dipendente.cognome} {dipendente.stipendio}'] }));
    expect((await call(personale, 'POST', '/api/contratti/modelli/verifica', { file_id: unknown })).json()).toEqual({ campi: ['dipendente.cognome'], sconosciuti: ['dipendente.stipendio'] });
    const saved = await refused(400, 'avvisi.modello_campi_sconosciuti', () => call(personale, 'PUT', '/api/contratti/modelli', { descrizione: 'Prova ignota', file_id: unknown }));
    expect(saved.params?.tag).toBe('dipendente.stipendio');

    const good = await upload('buono.docx', await docxOf({ titolo: 'Patto', testo: ['{dipendente.nominativo}, livello {contratto.livello}'] }));
    const created = await call(personale, 'PUT', '/api/contratti/modelli', { descrizione: 'Patto di prova', file_id: good, tipi_contratto: ['determinato'] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ versione: 1, campi: ['dipendente.nominativo', 'contratto.livello'] });
    const same = await call(personale, 'POST', `/api/contratti/modelli/${id}`, { descrizione: 'Patto di prova', file_id: good, tipi_contratto: ['determinato'], attivo: true });
    expect(same.json().data.versione, same.body).toBe(1);
    const other = await upload('buono2.docx', await docxOf({ titolo: 'Patto', testo: ['{dipendente.nominativo} ({contratto.qualifica})'] }));
    const v2 = await call(personale, 'POST', `/api/contratti/modelli/${id}`, { descrizione: 'Patto di prova', file_id: other, tipi_contratto: ['determinato'], attivo: true });
    expect(v2.json().data.versione, v2.body).toBe(2);
  });

  it('hires a new employee: refused until the trial period is stated, then the employee, his contract row and the documents, with their hash', async () => {
    const body = { nuovo: nuovo('990201', 'Galli', 'Chiara'), modello_ids: [ids.indeterminato, ids.informativa], dati: dati() };
    // the preview lists what is missing and stores nothing
    const before = await read();
    const pre = await call(personale, 'POST', '/api/contratti/documenti/anteprima', body);
    expect(pre.statusCode, pre.body).toBe(200);
    expect(pre.json().mancanti).toEqual(['periodo_prova']);
    expect(pre.json().rinvio_ccnl).toEqual(expect.arrayContaining(['ferie', 'preavviso', 'formazione', 'straordinario']));
    expect(pre.json().documenti[0].paragrafi[0]).toEqual({ stile: 'titolo', testo: 'Lettera di assunzione a tempo indeterminato' });
    expect(JSON.stringify(pre.json().documenti[0].paragrafi)).toContain('Galli');
    expect(changedTables(before, await read())).toEqual([]);

    const no = await refused(400, 'avvisi.trasparenza_incompleta', () => call(personale, 'PUT', '/api/contratti/assunzioni', body));
    expect(no.params?.mancanti).toEqual(['periodo_prova']);
    expect(no.params?.elenco).toMatch(/Periodo di prova/);

    const ok = await call(personale, 'PUT', '/api/contratti/assunzioni', { ...body, dati: { ...dati(), periodo_prova_giorni: 30 } });
    expect(ok.statusCode, ok.body).toBe(201);
    const { dipendente_id, documenti } = ok.json().data as { dipendente_id: number; documenti: Row[] };
    expect(documenti).toHaveLength(2);
    const emp = (await call(personale, 'GET', `/api/dipendenti/${dipendente_id}`)).json();
    expect(emp).toMatchObject({ cognome: 'Galli', data_assunzione: '2026-12-01' });
    const righe = (await call(personale, 'GET', `/api/contratti/dipendenti/${dipendente_id}/contratti`)).json();
    expect(righe).toMatchObject([{ dal: '2026-12-01', livello: 'C3', periodo_prova_giorni: 30 }]);

    const lettera = documenti.find((d) => d.modello_id === ids.indeterminato)!;
    const docx = await call(personale, 'GET', `/api/contratti/documenti/${lettera.id}/docx`);
    expect(docx.headers['content-type']).toBe(DOCX);
    expect(createHash('sha256').update(docx.rawPayload).digest('hex')).toBe(lettera.sha256);
    const text = textOf(docx.rawPayload);
    expect(text).toContain('Chiara Galli');
    expect(text).toContain('livello C3');
    expect(text).toContain('30 giorni di calendario');
    // the C3 minimum in force when the letter takes effect (its start, or today once past), in Italian figures: the
    // renewal of 22/11/2025 (2.211,43 from June 2026, 2.271,01 from June 2027, 2.335,88 from June 2028)
    const oggi = localNow(t.config.timezone).data;
    const quando = oggi > '2026-12-01' ? oggi : '2026-12-01';
    const minimo = quando >= '2028-06-01' ? '2.335,88' : quando >= '2027-06-01' ? '2.271,01' : '2.211,43';
    expect(text).toContain(minimo);
    // the level as the 2021 classification describes it
    expect(text).toContain('livello C3 (ex 5ª categoria: ruoli tecnico-specifici');
    expect(text).not.toMatch(/\{[a-z_.#/^]+\}/);
    const pdf = await call(personale, 'GET', `/api/contratti/documenti/${lettera.id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(lettera.sha256_pdf);
    expect(pdfText(pdf.rawPayload)).toContain('Galli');
    // laid out by the platform's writer (issue #29 §1): the values whole, pages numbered, nothing off the page
    await keepPdf('lettera-assunzione.pdf', pdf.rawPayload);
    const pages = await pdfLayout(pdf.rawPayload);
    const all = pages.map((p) => p.text).join(' ');
    for (const v of ['Chiara Galli', 'livello C3 (ex 5ª categoria: ruoli tecnico-specifici', minimo, '30 giorni di calendario']) expect(hasWhole(all, v), v).toBe(true);
    pages.forEach((p, i) => expect(p.text).toContain(`Pagina ${i + 1} di ${pages.length}`));
    expect(outsideBox(pages)).toEqual([]);

    // the snapshot, the template version, who and when
    const detail = (await call(personale, 'GET', `/api/contratti/documenti/${lettera.id}`)).json();
    expect(detail).toMatchObject({ modello_versione: 1, creato_da: 'personale', dati: { dipendente: { cognome: 'Galli' }, contratto: { livello: 'C3' } } });

    // the same person again is a conflict and stores nothing
    await refused(409, 'avvisi.dipendente_esistente', () => call(personale, 'PUT', '/api/contratti/assunzioni', { ...body, dati: { ...dati(), periodo_prova_giorni: 30 } }));
  });

  it('generates a document for an employee in scope, sends it by e-mail with the record, and keeps the signed scan', async () => {
    const r = await call(personale, 'PUT', '/api/contratti/documenti', { dipendente_id: ids.mario, modello_id: ids.privacy, dati: {} });
    expect(r.statusCode, r.body).toBe(201);
    const doc = r.json().data as Row;
    expect(doc).toMatchObject({ descrizione: 'Informativa privacy al dipendente (GDPR art. 13)', invii: [], firmato: null });

    const sent = await call(personale, 'POST', '/api/contratti/documenti/invio', { documento_ids: [doc.id], indirizzo: 'mario.privato@example.it' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: 'avvisi.documenti_inviati', data: { indirizzo: 'mario.privato@example.it', documenti: 1 } });
    const mail = await t.smtp.waitFor((m) => m.to.includes('mario.privato@example.it'));
    expect(mail.raw).toContain('filename=');
    expect(mail.raw.match(/Content-Disposition: attachment/gi)?.length).toBe(2);

    const scan = await uploadFile(t.app, personale.auth, 'firmata.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'application/pdf');
    const signed = await call(personale, 'POST', `/api/contratti/documenti/${doc.id}/firmato`, { file_id: scan.json().data.id });
    expect(signed.statusCode, signed.body).toBe(200);
    const dossier = (await call(personale, 'GET', `/api/contratti/dipendenti/${ids.mario}/documenti`)).json() as Row[];
    const row = dossier.find((d) => d.id === doc.id)!;
    expect(row).toMatchObject({ firmato: { nome: 'firmata.pdf', caricato_da: 'personale' }, invii: [{ indirizzo: 'mario.privato@example.it', inviato_da: 'personale' }] });
    expect((await call(personale, 'GET', `/api/contratti/documenti/${doc.id}/firmato`)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // the employee reads his own dossier, never another's
    const mine = await call(mario, 'GET', `/api/contratti/dipendenti/${ids.mario}/documenti`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await call(mario, 'GET', `/api/contratti/documenti/${doc.id}/pdf`)).statusCode).toBe(200);
    // ...and may neither generate, nor send, nor attach
    expect((await call(mario, 'PUT', '/api/contratti/documenti', { dipendente_id: ids.mario, modello_id: ids.privacy, dati: {} })).statusCode).toBe(403);
    expect((await call(mario, 'POST', '/api/contratti/documenti/invio', { documento_ids: [doc.id] })).statusCode).toBe(403);
  });

  it('refuses a letter whose trial period passes the law’s maximum (D.Lgs 104/2022 art. 7; L. 203/2024 art. 13), naming the field and the maximum', async () => {
    const body = (d: Record<string, unknown>) => ({ nuovo: nuovo('990301', 'Riva', 'Elena'), modello_ids: [ids.determinato], dati: { ...dati(), ...d } });
    const sei = await refused(400, 'avvisi.periodo_prova_oltre_massimo', () =>
      call(personale, 'PUT', '/api/contratti/assunzioni', body({ tipo_contratto: 'determinato', data_fine: '2027-05-31', periodo_prova_giorni: 60 })));
    expect(sei.params).toMatchObject({ massimo: 12, campo: 'periodo_prova_giorni', fields: { periodo_prova_giorni: 'avvisi.periodo_prova_oltre_massimo' } });
    const pre = await call(personale, 'POST', '/api/contratti/documenti/anteprima', { ...body({ periodo_prova_giorni: 200 }), modello_ids: [ids.indeterminato] });
    expect([pre.statusCode, pre.json().message, pre.json().params?.massimo]).toEqual([400, 'avvisi.periodo_prova_oltre_massimo', 182]);
    const ok = await call(personale, 'PUT', '/api/contratti/assunzioni', body({ tipo_contratto: 'determinato', data_fine: '2027-05-31', periodo_prova_giorni: 12 }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a part-time letter states when the hours are worked (D.Lgs 81/2015 art. 5 c. 2): refused without the schedule, then printed day by day with the elastic clauses', async () => {
    const pt = { ...dati(), part_time: true, percentuale_part_time: 50, distribuzione_part_time: 'orizzontale', periodo_prova_giorni: 30 };
    const body = (d: Record<string, unknown>) => ({ nuovo: nuovo('990302', 'Conti', 'Sara'), modello_ids: [ids.parttime], dati: { ...pt, ...d } });
    const no = await refused(400, 'avvisi.trasparenza_incompleta', () => call(personale, 'PUT', '/api/contratti/assunzioni', body({})));
    expect(no.params?.mancanti).toEqual(['part_time_collocazione']);
    expect(no.params?.elenco).toMatch(/collocazione dell’orario/);
    const orario = {
      giorni: [1, 2, 3, 4, 5].map((giorno) => ({ giorno, dalle: '08:00', alle: '12:00' })),
      elastiche: { condizioni: 'lo spostamento dell’orario entro la fascia 7–19', aumento_massimo: 20, preavviso_giorni: 2, maggiorazione: 15 },
    };
    const ok = await call(personale, 'PUT', '/api/contratti/assunzioni', body({ orario_part_time: orario }));
    expect(ok.statusCode, ok.body).toBe(201);
    const doc = ok.json().data.documenti[0] as Row;
    const text = textOf((await call(personale, 'GET', `/api/contratti/documenti/${doc.id}/docx`)).rawPayload);
    expect(text).toContain('lunedì dalle 08:00 alle 12:00; martedì dalle 08:00 alle 12:00');
    expect(text).toContain('(totale 20 ore settimanali)');
    expect(text).toContain('preavviso di almeno 2 giorni lavorativi');
    expect(text).not.toContain('concordata per iscritto');
    // the contract row keeps the schedule
    const righe = (await call(personale, 'GET', `/api/contratti/dipendenti/${ok.json().data.dipendente_id}/contratti`)).json() as Row[];
    expect(righe[0]).toMatchObject({ orario_part_time: orario, da_comunicare: false });
  });

  it('reads the employee’s own data: mario’s letter about his 2020 row starts on his hiring date, 06/04/2009, with his current level, in the masculine', async () => {
    const righe = (await call(personale, 'GET', `/api/contratti/dipendenti/${ids.mario}/contratti`)).json() as Row[];
    const ultima = righe[righe.length - 1];
    const r = await call(personale, 'POST', '/api/contratti/documenti/anteprima', { dipendente_id: ids.mario, modello_ids: [ids.indeterminato], dati: { contratto_id: ultima.id, residenza: 'Via Emilia 1, Bologna' } });
    expect(r.statusCode, r.body).toBe(200);
    const text = testi(r);
    // his hiring date (06/04/2009 in the demo of today; the demo's dates move with the clock)
    const assunto = ((await call(personale, 'GET', `/api/dipendenti/${ids.mario}`)).json().data_assunzione as string).split('-').reverse().join('/');
    expect(text).toContain(`a decorrere dal ${assunto}`);
    expect(text).toContain(`livello ${ultima.livello as string}`);
    expect(text).toContain('Sarà inquadrato con la qualifica');
    expect(text).toContain('adibito alla mansione');
    expect(text).toContain('Per accettazione, il lavoratore: Mario Rossi');
    expect(text.match(/\p{L}\/\p{L}/gu)).toBeNull();
    // the same without naming the row: his hiring date, never a contract row's
    expect(testi(await call(personale, 'POST', '/api/contratti/documenti/anteprima', { dipendente_id: ids.mario, modello_ids: [ids.indeterminato], dati: {} }))).toContain(`a decorrere dal ${assunto}`);
    // a row of another employee is not his
    const galli = ((await call(personale, 'GET', '/api/dipendenti?size=1000')).json().rows as Row[]).find((e) => e.cognome === 'Galli')!;
    const altrui = ((await call(personale, 'GET', `/api/contratti/dipendenti/${galli.id}/contratti`)).json() as Row[])[0];
    await refused(400, 'avvisi.validation', () => call(personale, 'POST', '/api/contratti/documenti/anteprima', { dipendente_id: ids.mario, modello_ids: [ids.indeterminato], dati: { contratto_id: altrui.id } }));
  });

  it('words the letters in the feminine for a woman (day of birth + 40 in the codice fiscale) and says "pari alla durata prevista dal CCNL"', async () => {
    const r = await call(personale, 'POST', '/api/contratti/documenti/anteprima', {
      nuovo: nuovo('990303', 'Neri', 'Giulia'), modello_ids: [ids.indeterminato, ids.informativa, ids.dpi], dati: { ...dati(), periodo_prova: 'ccnl' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const text = testi(r);
    expect(text).toContain('Sarà inquadrata con la qualifica di operaia');
    expect(text).toContain('adibita alla mansione');
    expect(text).toContain('pari alla durata prevista dal CCNL applicato');
    expect(text).toContain('Per accettazione, la lavoratrice: Giulia Neri');
    expect(text).toContain('Lavoratrice: Giulia Neri');
    expect(text).toContain('la sottoscritta Giulia Neri');
    expect(text).toContain('La lavoratrice si impegna');
    expect(text.match(/\p{L}\/\p{L}|pari a la |inquadrato|adibito|\blavoratore\b|sottoscritto/gu)).toBeNull();
  });

  it('a notice of work abroad states the items of D.Lgs 152/1997 art. 2 before departure: refused naming the missing ones, then produced', async () => {
    const base = { dipendente_id: ids.mario, modello_id: ids.estero };
    const no = await refused(400, 'avvisi.estero_incompleto', () => call(personale, 'PUT', '/api/contratti/documenti', { ...base, dati: { estero: { paese: 'Germania', distacco: true } } }));
    expect(no.params?.mancanti).toEqual(['durata', 'valuta', 'prestazioni', 'rimpatrio', 'distacco_retribuzione', 'distacco_indennita', 'distacco_sito']);
    const estero = { paese: 'Germania', dal: '2027-01-11', al: '2027-04-30', valuta: 'euro', prestazioni: 'alloggio e vitto a carico dell’azienda', rimpatrio: 'viaggio di rientro a carico dell’azienda, anche in caso di cessazione anticipata' };
    const ok = await call(personale, 'PUT', '/api/contratti/documenti', { ...base, dati: { estero } });
    expect(ok.statusCode, ok.body).toBe(201);
    const text = textOf((await call(personale, 'GET', `/api/contratti/documenti/${ok.json().data.id}/docx`)).rawPayload);
    expect(text).toContain('Il lavoro si svolgerà in Germania dal 11/01/2027 al 30/04/2027');
    expect(text).toContain('La retribuzione sarà corrisposta in euro.');
    expect(text).not.toContain('D.Lgs 136/2016');
  });

  it('a change of level is to be notified (D.Lgs 152/1997 art. 3) until the notice about that row is in the dossier, which lists the change', async () => {
    const righe = (await call(personale, 'GET', `/api/contratti/dipendenti/${ids.mario}/contratti`)).json() as Row[];
    const [prima, dopo] = righe.slice(-2);
    expect(dopo).toMatchObject({ modifiche_art1: ['livello'], da_comunicare: true });
    expect(righe[0]).toMatchObject({ modifiche_art1: [], da_comunicare: false });
    const base = { dipendente_id: ids.mario, modello_id: ids.modifica };
    await refused(400, 'avvisi.modifica_senza_riga', () => call(personale, 'PUT', '/api/contratti/documenti', { ...base, dati: {} }));
    await refused(400, 'avvisi.modifica_senza_riga', () => call(personale, 'PUT', '/api/contratti/documenti', { ...base, dati: { contratto_id: righe[0].id } }));
    const ok = await call(personale, 'PUT', '/api/contratti/documenti', { ...base, dati: { contratto_id: dopo.id } });
    expect(ok.statusCode, ok.body).toBe(201);
    const text = textOf((await call(personale, 'GET', `/api/contratti/documenti/${ok.json().data.id}/docx`)).rawPayload);
    expect(text).toContain(`Livello di inquadramento: da ${prima.livello as string} (`);
    expect(text).toContain(`a ${dopo.livello as string} (`);
    expect(text).toContain('Le comunichiamo che dal ');
    const after = (await call(personale, 'GET', `/api/contratti/dipendenti/${ids.mario}/contratti`)).json() as Row[];
    expect(after[after.length - 1]).toMatchObject({ da_comunicare: false });
  });

  it('gives an existing database the corrected text of a shipped template as a new version, and leaves a template HR uploaded as it is', async () => {
    const db = t.handle.db;
    const old = await storeFile(db, { nome: 'vecchio.docx', bytes: await docxOf({ titolo: 'Consegna DPI', testo: ['Il/la sottoscritto/a {dipendente.nominativo}'] }), utenteId: null, kinds: ['docx'] });
    await db.update(modelliTable).set({ file_id: old.id, versione: 1 }).where(eq(modelliTable.id, ids.dpi));
    const hr = await upload('privacy-hr.docx', await docxOf({ titolo: 'Privacy', testo: ['Informativa di {dipendente.nominativo}'] }));
    expect((await call(personale, 'POST', `/api/contratti/modelli/${ids.privacy}`, { descrizione: 'Informativa privacy al dipendente (GDPR art. 13)', file_id: hr, attivo: true })).statusCode).toBe(200);
    await seedModelli(db);
    const rows = (await call(personale, 'GET', '/api/contratti/modelli?size=100')).json().rows as Row[];
    const dpi = rows.find((r) => r.id === ids.dpi)!;
    expect(dpi.versione).toBe(2);
    expect(textOf((await call(personale, 'GET', `/api/contratti/modelli/${ids.dpi}/docx`)).rawPayload)).toContain('{#dipendente.femminile}la sottoscritta');
    expect(rows.find((r) => r.id === ids.privacy)).toMatchObject({ versione: 2, file_id: hr });
    // a second start changes nothing
    await seedModelli(db);
    expect(((await call(personale, 'GET', '/api/contratti/modelli?size=100')).json().rows as Row[]).find((r) => r.id === ids.dpi)!.versione).toBe(2);
  });

  it('answers bad input with a clear 4xx and stores nothing', async () => {
    const base = { dipendente_id: ids.mario, modello_id: ids.determinato };
    // a fixed term without its end, or past 12 months without its reason (D.L. 48/2023)
    await refused(400, 'avvisi.determinato_senza_fine', () => call(personale, 'PUT', '/api/contratti/documenti', { ...base, dati: { tipo_contratto: 'determinato', data_inizio: '2026-12-01' } }));
    await refused(400, 'avvisi.determinato_senza_causale', () =>
      call(personale, 'PUT', '/api/contratti/documenti', { ...base, dati: { tipo_contratto: 'determinato', data_inizio: '2026-12-01', data_fine: '2028-01-31' } }),
    );
    // part-time without its percentage, or outside 1–99
    await refused(400, 'avvisi.part_time_senza_percentuale', () => call(personale, 'PUT', '/api/contratti/documenti', { ...base, modello_id: ids.privacy, dati: { part_time: true } }));
    await refused(400, 'avvisi.part_time_percentuale', () => call(personale, 'PUT', '/api/contratti/documenti', { ...base, modello_id: ids.privacy, dati: { part_time: true, percentuale_part_time: 120 } }));
    // a date with no table in force
    await refused(404, 'avvisi.tabella_non_in_vigore', () =>
      call(personale, 'PUT', '/api/contratti/documenti', { ...base, modello_id: ids.privacy, dati: { data_inizio: '2020-01-01', data_documento: '2020-01-01' } }),
    );
    // an employee outside scope: the manager of another department
    const laura = await login(t.app, 'laura.bianchi');
    const galli = ((await call(personale, 'GET', '/api/dipendenti?size=1000')).json().rows as Row[]).find((e) => e.cognome === 'Galli')!;
    expect([403, 404]).toContain((await call(laura, 'GET', `/api/contratti/dipendenti/${galli.id}/documenti`)).statusCode);
    expect([403, 404]).toContain((await call(mario, 'GET', `/api/contratti/dipendenti/${galli.id}/documenti`)).statusCode);
    await refused(404, 'avvisi.not_found', () => call(personale, 'GET', '/api/contratti/documenti/999999/docx'));
    await refused(400, 'avvisi.validation', () => call(personale, 'POST', '/api/contratti/documenti/anteprima', { modello_ids: [ids.privacy], dati: {} }));
  });
});
