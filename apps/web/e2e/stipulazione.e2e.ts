/**
 * Issue #18, hiring documents, in Chromium: personale hires a new worker from /contratti/stipulazione (CCNL
 * Metalmeccanici, C3, open-ended) with the hiring letter and the information on working conditions. Without a trial
 * period the check shows "Periodo di prova" missing and "Genera" stays disabled; with 30 days it passes, the two
 * documents are generated with their SHA-256, the hiring letter's DOCX names the worker and C3, the e-mail reaches
 * the worker with the documents attached, and the worker's dossier lists them with their hash and the delivery.
 * Screenshots go to .tmp/screenshots.
 */
import fs from 'node:fs';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { codiceFiscaleCheckChar } from '@tulip/contract';
import { accessible, animationsDone, choose, e2e, launch, loginAs, newPage, stillShot as shot, waitForMail } from './support';

const LETTERA = 'Lettera di assunzione a tempo indeterminato';
const INFORMATIVA = 'Informativa sulle condizioni di lavoro';
const PRIVACY = 'Informativa privacy al dipendente';

/** Types a date into an antd date picker found by its label and commits it. */
async function setDate(scope: Page | Locator, label: string, ddmmyyyy: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Enter');
}

/** A minimal DOCX whose text is `testo` (with its merge fields), for a template's upload. */
function docx(testo: string): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t xml:space="preserve">${testo}</w:t></w:r></w:p></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' });
}

/** A valid codice fiscale: a man born on 01/01/1990 in Bologna, with its check character. */
const codiceFiscale = () => {
  const first15 = 'VRDGPP90A01A944';
  return first15 + codiceFiscaleCheckChar(first15);
};

describe.skipIf(e2e().skip)('hiring documents in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('personale hires a C3 worker: the check wants the trial period, then the documents are generated, sent and filed', { timeout: 180_000 }, async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale');
    const link = page.locator('nav a[href="/contratti/stipulazione"]').first();
    if (await link.count()) {
      if (!(await link.isVisible())) await page.getByTestId('sider').getByText('Contratti', { exact: true }).first().click();
      await link.click();
    } else await page.goto('/contratti/stipulazione');
    await page.getByRole('heading', { name: 'Generazione documenti assunzione' }).waitFor();
    const form = page.getByTestId('stipulazione-form');

    // the new hire
    const n = String(Date.now()).slice(-5); // real-clock: a fresh matricola and codice fiscale at every run against the same database
    const cognome = `Verdigi${n.replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;
    const email = `nuovo.assunto.${n}@example.com`;
    await form.getByText('Nuova assunzione', { exact: true }).click();
    await form.getByLabel('Matricola', { exact: true }).fill(`N${n}`);
    await form.getByLabel('Cognome', { exact: true }).fill(cognome);
    await form.getByLabel('Nome', { exact: true }).fill('Giuseppe');
    await form.getByLabel('Codice fiscale', { exact: true }).fill(codiceFiscale());
    await form.getByLabel('E-mail', { exact: true }).fill(email);
    await shot(page, 'stipulazione-nuova-assunzione');
    await accessible(page, 'the hiring documents: a new hire');
    await page.getByRole('button', { name: 'Avanti' }).click();

    // the contract: CCNL Metalmeccanici, C3, open-ended, no trial period yet
    await choose(page, form, 'CCNL', 'Metalmeccanici');
    await choose(page, form, 'Livello', 'C3');
    await choose(page, form, 'Qualifica', 'Operaio');
    expect(await form.getByLabel('Tipo di contratto', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('Tempo indeterminato');
    await setDate(form, 'Data di inizio', '01/12/2026');
    await choose(page, form, 'Sede di lavoro', 'Stabilimento di Bologna');
    await choose(page, form, 'Mansione', 'Saldatore');
    await form.getByLabel('Superminimo mensile', { exact: true }).fill('150,00');
    await form.getByLabel('Residenza o domicilio del lavoratore', { exact: true }).fill('Via Emilia 10, 40127 Bologna');
    await shot(page, 'stipulazione-contratto');
    await page.getByRole('button', { name: 'Avanti' }).click();

    // the templates: the hiring letter and the information on working conditions, nothing else
    const modelli = form.locator('.ant-checkbox-wrapper');
    await modelli.first().waitFor();
    for (const m of await modelli.all()) {
      const testo = await m.innerText();
      const voglio = testo.includes(LETTERA) || testo.includes(INFORMATIVA);
      if ((await m.locator('input').isChecked()) !== voglio) await m.click();
    }
    await expect.poll(() => form.locator('.ant-checkbox-wrapper-checked').count()).toBe(2);

    // the check: the trial period is missing, nothing can be generated
    await page.getByTestId('verifica-anteprima').click();
    const checklist = page.getByTestId('checklist');
    await checklist.waitFor();
    await expect.poll(() => checklist.getByTestId('elemento-periodo_prova').getAttribute('data-stato')).toBe('mancante');
    await checklist.getByTestId('elemento-periodo_prova').getByText('Mancante').waitFor();
    expect(await checklist.locator('[data-stato="mancante"]').count()).toBe(1);
    expect(await page.getByTestId('genera').isDisabled()).toBe(true);
    await page.getByTestId('anteprime').getByRole('tab', { name: LETTERA }).waitFor();
    await shot(page, 'stipulazione-verifica-mancante');
    await accessible(page, 'the hiring documents: the checklist with a missing item');

    // 30 days of trial: the check passes
    await page.getByRole('button', { name: 'Completa: Dati del contratto' }).click();
    await form.getByText('Durata in giorni', { exact: true }).click();
    await form.getByLabel('Giorni di prova', { exact: true }).fill('30');
    // the law's maximum beside the field: six months from 1 December are 182 days (D.Lgs 104/2022 art. 7)
    await form.getByTestId('prova-massima').getByText('Massimo di legge: 182 giorni', { exact: false }).waitFor();
    await page.getByTestId('verifica-anteprima').click();
    await expect.poll(() => page.getByTestId('checklist').getByTestId('elemento-periodo_prova').getAttribute('data-stato')).toBe('presente');
    await page.getByTestId('checklist-esito').getByText('Tutte le informazioni obbligatorie').waitFor();
    expect(await page.getByTestId('checklist').locator('[data-stato="mancante"]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('genera').isEnabled()).toBe(true);
    const anteprima = page.getByTestId('anteprime');
    await anteprima.getByText(cognome).first().waitFor();
    await shot(page, 'stipulazione-anteprima');

    // generated: two documents with their hashes
    await page.getByTestId('genera').click();
    const generati = page.getByTestId('documenti-generati');
    await generati.waitFor();
    await expect.poll(() => generati.locator('tbody tr.ant-table-row').count()).toBe(2);
    const hashes = await generati.getByTestId('sha256').evaluateAll((els) => els.map((e) => e.getAttribute('data-hash')));
    expect(hashes).toHaveLength(4);
    for (const h of hashes) expect(h).toMatch(/^[0-9a-f]{64}$/);
    await shot(page, 'stipulazione-generati');
    await accessible(page, 'the hiring documents: the documents generated');

    // the hiring letter's DOCX, downloaded through the page, names the worker and the level
    const riga = generati.locator('tbody tr.ant-table-row').filter({ hasText: LETTERA });
    const [scaricato] = await Promise.all([page.waitForEvent('download'), riga.getByRole('button', { name: `Scarica il DOCX di ${LETTERA}` }).click()]);
    expect(scaricato.suggestedFilename()).toMatch(/\.docx$/);
    const xml = new PizZip(fs.readFileSync((await scaricato.path())!)).file('word/document.xml')!.asText();
    expect(xml).toContain(cognome);
    expect(xml).toContain('C3');

    // sent by e-mail to the worker: the documents attached
    const since = Date.now(); // real-clock: mails are filed by their arrival time
    await generati.getByTestId('invia-email').click();
    const invio = page.locator('.ant-modal').filter({ has: page.getByTestId('invio-form') });
    await invio.getByText(email).waitFor();
    await invio.getByRole('button', { name: 'Invia' }).click();
    await page.getByTestId('invio-esito').getByText(`2 documenti inviati a ${email}`).waitFor();
    const mail = await waitForMail(email, since - 1000);
    // each document as DOCX and PDF
    expect([...mail.matchAll(/Content-Disposition:\s*attachment/gi)].length).toBe(4);
    expect([...mail.matchAll(/Content-Type:\s*application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document/gi)].length).toBe(2);
    expect([...mail.matchAll(/Content-Type:\s*application\/pdf/gi)].length).toBe(2);

    // the worker's dossier: the documents with their hash and the delivery
    await generati.getByTestId('vai-fascicolo').click();
    await page.getByRole('heading', { name: 'Fascicolo del dipendente' }).waitFor();
    const fascicolo = page.getByTestId('fascicolo-documenti');
    await expect.poll(() => fascicolo.locator('tbody tr.ant-table-row').count()).toBe(2);
    const nelFascicolo = await fascicolo.getByTestId('sha256').evaluateAll((els) => els.map((e) => e.getAttribute('data-hash')));
    expect([...nelFascicolo].sort()).toEqual([...hashes].sort());
    await expect.poll(() => fascicolo.getByText(email).count()).toBe(2);

    // the signed scan of the hiring letter, uploaded and then offered for download
    const lettera = fascicolo.locator('tbody tr.ant-table-row').filter({ hasText: LETTERA });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    await lettera.locator('input[type=file]').setInputFiles({ name: 'lettera-firmata.pdf', mimeType: 'application/pdf', buffer: pdf });
    await lettera.getByRole('button', { name: 'lettera-firmata.pdf' }).waitFor();
    await lettera.getByRole('button', { name: `Sostituisci: ${LETTERA}` }).waitFor();
    await shot(page, 'fascicolo-dipendente');
    await accessible(page, 'the employee’s dossier');
  });

  it('the templates, the merge fields and the document data are reachable and accessible', { timeout: 90_000 }, async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale', undefined, { at: '/contratti/stipulazione?tab=modelli' });
    await page.getByTestId('resource-table').getByText(LETTERA).waitFor();
    await shot(page, 'stipulazione-modelli');
    await accessible(page, 'the hiring templates');
    await page.getByTestId('resource-table').locator('tr').filter({ hasText: LETTERA }).getByRole('button', { name: /Modifica/ }).first().click();
    await page.getByTestId('modello-file').waitFor();
    await shot(page, 'stipulazione-modello-form');
    await accessible(page, 'a template’s form');
    await page.getByRole('button', { name: 'Annulla' }).click();

    // a new template whose DOCX has an unknown field: the check names it before any save
    await page.getByRole('button', { name: 'Nuovo' }).click();
    const drawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('modello-file') });
    await drawer.getByLabel('Descrizione', { exact: true }).fill('Modello di prova');
    await drawer.getByTestId('modello-file').locator('input[type=file]').setInputFiles({
      name: 'prova.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docx('Gentile {dipendente.nominativo}, {pippo.sconosciuto}'),
    });
    await drawer.getByTestId('campi-sconosciuti').getByText('{pippo.sconosciuto}').waitFor();
    await drawer.getByTestId('verifica-modello').getByText('dipendente.nominativo', { exact: true }).waitFor();
    await shot(page, 'stipulazione-modello-sconosciuti');
    await accessible(page, 'a template with an unknown field');
    // the server refuses to save it, naming the tag
    await drawer.getByRole('button', { name: 'Salva' }).click();
    await page.getByTestId('notification').getByText(/pippo\.sconosciuto/).first().waitFor();
    await drawer.getByRole('button', { name: 'Annulla' }).click();
    // the form has changes: closing it asks first
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: 'Chiudere senza salvare?' });
    await ask.waitFor();
    await animationsDone(page);
    await ask.getByRole('button', { name: 'Chiudi senza salvare' }).click();
    await expect.poll(() => drawer.getByTestId('modello-file').isVisible()).toBe(false);

    await page.getByRole('tab', { name: 'Campi disponibili' }).click();
    await page.getByTestId('sintassi-dipendente.cognome').waitFor();
    expect(await page.getByTestId('sintassi-retribuzione.voci').innerText()).toContain('{#retribuzione.voci}{voce} {importo}{/retribuzione.voci}');
    await shot(page, 'stipulazione-campi');
    await accessible(page, 'the merge fields');

    await page.getByRole('tab', { name: 'Dati documenti' }).click();
    await page.getByTestId('parametri-documenti').getByLabel('Modalità di pagamento', { exact: true }).waitFor();
    await page.getByTestId('parametri-documenti').getByRole('switch').click();
    await page.getByLabel(/Sistemi automatizzati: scopi/).waitFor();
    await shot(page, 'stipulazione-dati');
    await accessible(page, 'the document data');
  });

  it('a document for an employee in force, prefilled from his contract, is in his own dossier, which he reads without the HR buttons', { timeout: 120_000 }, async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale', undefined, { at: '/contratti/stipulazione' });
    const form = page.getByTestId('stipulazione-form');
    await choose(page, form, 'Dipendente', 'Rossi Mario');
    await page.getByRole('button', { name: 'Avanti' }).click();
    // his latest contract row fills the contract's data; the start is his hiring date, not the row's (a level change)
    await form.getByText(/Dati dalla riga contrattuale scelta/).waitFor();
    expect(await form.getByLabel('Livello', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('C3');
    await expect.poll(() => form.getByLabel('Data di inizio', { exact: true }).inputValue()).toBe('06/04/2009');
    await shot(page, 'stipulazione-dipendente-esistente');
    await page.getByRole('button', { name: 'Avanti' }).click();
    const modelli = form.locator('.ant-checkbox-wrapper');
    await modelli.first().waitFor();
    for (const m of await modelli.all()) {
      const voglio = (await m.innerText()).includes(PRIVACY);
      if ((await m.locator('input').isChecked()) !== voglio) await m.click();
    }
    await page.getByTestId('verifica-anteprima').click();
    // no hiring letter among them: the checklist does not apply, the document can be generated
    await page.getByTestId('verifica').getByText(/Nessuna lettera di assunzione fra i documenti scelti/).waitFor();
    await page.getByTestId('anteprime').getByText('Mario Rossi').first().waitFor();
    await expect.poll(() => page.getByTestId('genera').isEnabled()).toBe(true);
    await page.getByTestId('genera').click();
    const generati = page.getByTestId('documenti-generati');
    await expect.poll(() => generati.locator('tbody tr.ant-table-row').count()).toBe(1);
    const hash = await generati.getByTestId('sha256').first().getAttribute('data-hash');
    await page.context().close();

    // Mario reads his own dossier: the document and its hash, no employee picker, no upload or send
    const mario = await newPage(browser);
    await loginAs(mario, 'mario.rossi', undefined, { at: '/contratti/fascicolo' });
    const fascicolo = mario.getByTestId('fascicolo-documenti');
    await fascicolo.locator('tbody tr.ant-table-row').filter({ hasText: PRIVACY }).first().waitFor();
    expect(await fascicolo.locator(`[data-hash="${hash}"]`).count()).toBe(1);
    expect(await mario.getByLabel('Dipendente', { exact: true }).count()).toBe(0);
    expect(await mario.getByRole('button', { name: /^Carica firmato/ }).count()).toBe(0);
    expect(await mario.getByTestId('invia-email').count()).toBe(0);
    await shot(mario, 'fascicolo-proprio');
    await accessible(mario, 'the employee’s own dossier');
    await mario.context().close();
  });
});
