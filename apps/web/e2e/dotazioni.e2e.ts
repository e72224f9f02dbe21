/**
 * Issue #17 in Chromium, as a new user would: personale opens a welder hired today in Produzione, gets the proposed
 * kit of his mansione in his sizes, and he signs on the screen (the officer too); the verbale PDF carries both
 * signatures and every item, and the stock of the delivered shoes went down. A fall-arrest harness is refused with
 * the training message until the training is recorded from the same screen. The due dates of this month are listed
 * and one is replaced from there. Afterwards the "who lacks what" report no longer names the new hire. Then the
 * other screens (types, articles and their stock, kits), the home page's tiles and card, and a 390 px phone.
 * Screenshots go to .tmp/screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { codiceFiscaleCheckChar, formazioneRichiesta, type OpResult, type TArticoloRow, type TSchedaDipendente, type TTipologiaRow } from '@tulip/contract';
import type { OPS_DOTAZIONI } from '@tulip/contract/wire';
import { pdfText } from '../../../test/support/pdf';
import { accessible, animationsDone, api, choose, e2e, launch, loginAs, newPage, serverToday, stillShot as shot, tokenOf } from './support';

type Rows<T> = { rows: T[]; total: number };
type Scadenze = OpResult<typeof OPS_DOTAZIONI.scadenze>;
type Mancante = OpResult<typeof OPS_DOTAZIONI.mancanti>[number];


/** The images the PDF's pages draw (not their soft masks), as width×height. */
async function pdfImages(raw: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(raw);
  const out: string[] = [];
  for (const page of doc.getPages()) {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const key of xobjects?.keys() ?? []) {
      const x = xobjects!.lookup(key);
      if (!(x instanceof PDFRawStream) || x.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
      const n = (k: string) => (x.dict.lookup(PDFName.of(k)) as PDFNumber).asNumber();
      out.push(`${n('Width')}x${n('Height')}`);
    }
  }
  return out;
}

/** Signs on a pad with the mouse: a zigzag across it, as a hand would. */
async function sign(page: Page, pad: Locator) {
  // a dialog still zooming in moves its pad: the stroke could start on the mask, which closes the dialog
  await animationsDone(page);
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.15, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width * (0.15 + i * 0.055), y + (i % 2 ? -1 : 1) * box.height * 0.2, { steps: 3 });
  await page.mouse.up();
  // the PNG is made when the stroke ends, then the form holds it
  await expect.poll(() => pad.getAttribute('data-signed')).toBe('true');
}

/** A delivery's verbale as HR downloads it. */
async function pdfOf(id: number): Promise<Buffer> {
  const r = await fetch(`${e2e().baseUrl}/api/dotazioni/consegne/${id}/verbale`, { headers: { authorization: `Bearer ${await tokenOf('personale')}` } });
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}

/** Waits until no select's list is open (its closing animation over). */
async function closedLists(page: Page) {
  // a click on the page's title takes the focus away from the select
  await page.locator('.tl-content h3').first().click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

const monthEnd = (d: string) => {
  const [y, m] = d.split('-').map(Number);
  return `${d.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

describe.skipIf(e2e().skip)('equipment and PPE in the browser', () => {
  let browser: Browser;
  let page: Page;
  const n = String(Math.floor(Math.random() * 9000) + 1000);
  const cognome = `Saldati${String.fromCharCode(65 + (Number(n) % 26))}`;
  const nome = 'Marco';
  const matricola = `S17${n}`;
  let dip = 0;
  const SIZES = { scarpe: '43', abbigliamento: 'L', guanti: '9' };
  const articoli = () => api<Rows<TArticoloRow>>('personale', 'GET', '/api/dotazioni/articoli?size=1000').then((a) => a.rows);
  const stock = (a: TArticoloRow, taglia: string | null) => (a.taglie ? (a.giacenze.find((g) => g.taglia === taglia)?.quantita ?? 0) : a.giacenza);
  const scheda = () => api<TSchedaDipendente>('personale', 'GET', `/api/dotazioni/dipendenti/${dip}`);
  const mancanti = () => api<Mancante[]>('personale', 'GET', `/api/dotazioni/mancanti?dipendente_id=${dip}`);
  let shoesBefore = 0;

  beforeAll(async () => {
    browser = await launch();
    // the new hire, as HR enters him: today, Produzione, Saldatore
    const reparti = await api<Rows<{ id: number; codice: string; cdc_id: number | null }>>('personale', 'GET', '/api/reparti?size=1000');
    const mansioni = await api<Rows<{ id: number; codice: string }>>('personale', 'GET', '/api/mansioni?size=1000');
    const prod = reparti.rows.find((r) => r.codice === 'PROD')!;
    const cf15 = `SLDMRC90A${String(10 + (Number(n) % 18))}A944`.slice(0, 15);
    const created = await api<{ data: { id: number } }>('personale', 'PUT', '/api/dipendenti', {
      matricola, cognome, nome, codice_fiscale: cf15 + codiceFiscaleCheckChar(cf15), reparto_id: prod.id, cdc_id: prod.cdc_id,
      mansione_id: mansioni.rows.find((m) => m.codice === 'SAL')!.id, data_assunzione: serverToday(),
    });
    dip = created.data.id;
    await api('personale', 'POST', `/api/dotazioni/dipendenti/${dip}/taglie`, SIZES);
    shoesBefore = stock((await articoli()).find((a) => a.tipologia_codice === 'SCARPE_S3')!, '43');
    page = await newPage(browser);
    await loginAs(page, 'personale');
  });
  afterAll(async () => browser?.close());

  it('a new hire is at once in the "who lacks what" report', async () => {
    const rows = await mancanti();
    expect(rows.map((r) => r.tipologia_descrizione)).toEqual(expect.arrayContaining(['Scarpe antinfortunistiche S3', 'Guanti antitaglio', 'Maschera per saldatura', 'Occhiali di sicurezza']));
  });

  it('personale proposes his mansione’s kit in his sizes, he signs on the screen, and the verbale has both signatures and every item', async () => {
    await page.goto('/dotazioni/consegne');
    await page.getByTestId('tab-dipendente').waitFor();
    await choose(page, page.getByTestId('tab-dipendente'), 'Dipendente', cognome);
    await page.getByTestId('scheda-dipendente').waitFor();
    const intestazione = page.getByTestId('scheda-intestazione');
    expect(await intestazione.textContent()).toContain('Saldatore');
    expect(await intestazione.textContent()).toContain('Produzione');
    await page.getByTestId('scheda-mancanti').getByText('Maschera per saldatura').waitFor();
    await shot(page, 'dotazioni-scheda-nuovo-assunto');
    await accessible(page, 'scheda del nuovo assunto');

    await page.getByTestId('proponi-consegna').click();
    const form = page.getByTestId('consegna-form');
    await form.waitFor();
    const righe = form.locator('[data-testid^="riga-consegna-"]');
    await expect.poll(() => righe.count()).toBeGreaterThanOrEqual(4);
    // the lines name their articles once the lists of types and articles are in
    await expect.poll(() => form.getByTestId('consegna-righe').innerText()).toContain('Red Lion S3');
    const testo = await form.getByTestId('consegna-righe').innerText();
    for (const w of ['Scarpe antinfortunistiche S3', 'Red Lion S3', '43', 'Guanti antitaglio', 'HyFlex 11-518', '9', 'Maschera per saldatura', 'Speedglas 9100', 'Occhiali di sicurezza', '5X7']) expect(testo).toContain(w);
    expect(await form.getByRole('combobox', { name: 'Causale' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('Prima consegna');
    // what the lines deliver, read back from the form as the server will get it: the sizes are his
    const proposte = await api<{ righe: { tipologia_descrizione: string; taglia: string | null; quantita: number; articolo: string | null }[] }>('personale', 'GET', `/api/dotazioni/dipendenti/${dip}/proposta`);
    expect(proposte.righe.find((r) => r.tipologia_descrizione === 'Scarpe antinfortunistiche S3')).toMatchObject({ taglia: '43', quantita: 1 });
    expect(proposte.righe.find((r) => r.tipologia_descrizione === 'Guanti antitaglio')).toMatchObject({ taglia: '9', quantita: 2 });
    await shot(page, 'dotazioni-proposta', false);
    await accessible(page, 'consegna proposta');

    await sign(page, form.getByTestId('firma-dipendente').getByTestId('signature-pad'));
    await form.getByTestId('con-incaricato').click();
    await sign(page, form.getByTestId('firma-incaricato').getByTestId('signature-pad'));
    await shot(page, 'dotazioni-firme', false);
    await form.getByTestId('consegna-salva').click();
    await page.getByTestId('consegna-fatta').waitFor();
    await page.getByTestId('notification').filter({ hasText: 'Consegna registrata' }).first().waitFor();

    // the verbale opens from the screen: the PDF the browser gets
    const [verbale, tab] = await Promise.all([
      page.waitForResponse((r) => /\/api\/dotazioni\/consegne\/\d+\/verbale/.test(r.url()) && r.ok()),
      page.context().waitForEvent('page'),
      page.getByTestId('consegna-verbale').click(),
    ]);
    // the PDF opened in a new tab; back to the screen (a tab in the background is drawn once a second)
    await tab.close();
    await page.bringToFront();
    expect(verbale.headers()['content-type']).toContain('application/pdf');
    // the same file, read again (the browser has handed its copy to the new tab)
    const pdf = await pdfOf(Number(/consegne\/(\d+)\/verbale/.exec(verbale.url())![1]));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // two signatures, as the pads made them (800×400 PNGs)
    expect((await pdfImages(pdf)).filter((s) => s === '800x400')).toHaveLength(2);
    const text = pdfText(pdf);
    for (const w of ['Red Lion S3', 'HyFlex 11-518', 'Speedglas 9100', '5X7', cognome]) expect(text).toContain(w);
    await shot(page, 'dotazioni-consegna-fatta', false);
    await page.getByTestId('consegna-chiudi').click();
    await page.getByTestId('tabella-in-dotazione').getByText('Red Lion S3').waitFor();
  });

  it('the stock of the delivered shoes went down', async () => {
    const shoes = (await articoli()).find((a) => a.tipologia_codice === 'SCARPE_S3')!;
    expect(stock(shoes, '43')).toBe(shoesBefore - 1);
    expect((await scheda()).in_dotazione.find((r) => r.tipologia_id === shoes.tipologia_id)).toMatchObject({ taglia: '43', in_dotazione: 1 });
  });

  it('a harness is refused with the training message until the training is recorded from the same screen', async () => {
    await page.getByTestId('nuova-consegna').click();
    const form = page.getByTestId('consegna-form');
    await form.waitFor();
    const riga = form.getByTestId('riga-consegna-0');
    await choose(page, riga, 'Tipo', 'Imbracatura anticaduta');
    // the only harness article is chosen with the type; its serial number from the units available
    await expect.poll(() => riga.getByRole('combobox', { name: 'Articolo' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('Kong Ventura');
    await choose(page, riga, 'Numero di serie', 'KV-');
    await riga.getByTestId('riga-formazione-mancante-0').waitFor();
    // the unit's lot dates it: due at the earlier of its end of life (10 years from manufacture) and its replacement
    await expect.poll(() => riga.getByTestId('riga-scadenza-0').innerText()).toMatch(/^scade il \d{2}\/\d{2}\/\d{4}$/);
    await sign(page, form.getByTestId('firma-dipendente').getByTestId('signature-pad'));
    await form.getByTestId('consegna-salva').click();
    const messaggio = 'Manca la formazione su Imbracatura anticaduta';
    await page.getByTestId('notification').filter({ hasText: messaggio }).first().waitFor();
    expect(await form.getByTestId('consegna-errore').textContent()).toContain(messaggio);
    await shot(page, 'dotazioni-imbracatura-rifiutata', false);
    await accessible(page, 'consegna rifiutata per la formazione');

    await riga.getByTestId('riga-registra-formazione-0').click();
    const fm = page.getByTestId('formazione-form');
    await fm.waitFor();
    expect(await fm.innerText()).toContain('Imbracatura anticaduta');
    await fm.getByLabel('Docente o ente').fill('Studio RSPP Bonetti');
    await shot(page, 'dotazioni-formazione', false);
    await fm.getByTestId('formazione-salva').click();
    await page.getByTestId('notification').filter({ hasText: 'Formazione registrata' }).first().waitFor();
    await riga.getByTestId('riga-formazione-mancante-0').waitFor({ state: 'detached' });
    await form.getByTestId('consegna-salva').click();
    await page.getByTestId('consegna-fatta').waitFor();
    await page.getByTestId('consegna-chiudi').click();
    const s = await scheda();
    expect(s.formazione.map((f) => f.tipologia_descrizione)).toContain('Imbracatura anticaduta');
    expect(s.in_dotazione.find((r) => r.tipologia_descrizione === 'Imbracatura anticaduta')).toMatchObject({
      in_dotazione: 1, numero_serie: expect.stringMatching(/^KV-/), lotto: expect.stringMatching(/^L2/), data_fabbricazione: expect.stringMatching(/^\d{4}-/),
    });
    await page.getByTestId('scheda-formazione').getByText('Studio RSPP Bonetti').waitFor();
    await page.getByTestId('tabella-in-dotazione').getByText(/Lotto L2\d+ · fabbricato il/).first().waitFor();
    await shot(page, 'dotazioni-scheda-dopo');
    // the harness's periodic inspection (EN 365), recorded from its line: fit
    const imbracatura = s.in_dotazione.find((r) => r.tipologia_descrizione === 'Imbracatura anticaduta')!;
    expect(imbracatura.ispezione).toBeTruthy();
    await page.getByTestId('tabella-in-dotazione').getByTestId(`ispezione-${imbracatura.id}`).click();
    await page.getByTestId(`ispezione-${imbracatura.id}-popover`).waitFor();
    await accessible(page, 'ispezione di una dotazione');
    await page.getByTestId(`ispezione-${imbracatura.id}-conferma`).click();
    await page.getByTestId('notification').filter({ hasText: 'Ispezione registrata' }).first().waitFor();
  });

  it('the Scadenze tab lists what falls due this month, and one item is replaced from it', async () => {
    const oggi = serverToday();
    const dovute = await api<Scadenze>('personale', 'GET', `/api/dotazioni/scadenze?dal=${oggi}&al=${monthEnd(oggi)}&size=1000`);
    expect(dovute.total, 'the demo has items due this month').toBeGreaterThan(0);
    const arts = await articoli();
    const tipi = await api<Rows<TTipologiaRow>>('personale', 'GET', '/api/dotazioni/tipologie?size=1000').then((a) => a.rows);
    const semplice = (id: number) => !formazioneRichiesta(tipi.find((t) => t.id === id)!);
    // a plain item (no serial number, no training) with stock of its size for the replacement
    const scelta = dovute.rows.find((r) => r.motivo === 'scadenza' && !r.numero_serie && semplice(r.tipologia_id) && stock(arts.find((a) => a.id === r.articolo_id)!, r.taglia) >= r.in_dotazione)!;
    expect(scelta, 'an item due this month that can be replaced').toBeTruthy();

    await page.goto('/dotazioni/consegne?tab=scadenze');
    const tab = page.getByTestId('tab-scadenze');
    await tab.getByTestId(`scadenza-${scelta.id}`).waitFor();
    expect(await tab.locator('tbody tr.ant-table-row').count()).toBe(Math.min(dovute.total, 50));
    await shot(page, 'dotazioni-scadenze');
    await accessible(page, 'scadenze');

    await tab.getByTestId(`sostituisci-${scelta.id}`).click();
    const form = page.getByTestId('consegna-form');
    await form.waitFor();
    await expect.poll(() => form.getByTestId('consegna-righe').innerText()).toContain(scelta.articolo);
    await form.getByText('Sostituzione per scadenza').first().waitFor();
    await shot(page, 'dotazioni-sostituzione', false);
    // the signature may come later here
    await form.getByTestId('consegna-salva').click();
    await page.getByTestId('consegna-fatta').waitFor();
    await page.getByTestId('consegna-chiudi').click();
    await tab.getByTestId(`scadenza-${scelta.id}`).waitFor({ state: 'detached' });
    const dopo = await api<TSchedaDipendente>('personale', 'GET', `/api/dotazioni/dipendenti/${scelta.dipendente_id}`);
    expect(dopo.in_dotazione.map((r) => r.id)).not.toContain(scelta.id);
    expect(dopo.in_dotazione.find((r) => r.articolo_id === scelta.articolo_id && r.taglia === scelta.taglia && r.data_consegna === oggi)).toBeTruthy();

    // an item due for its inspection (the demo's harness, when its year falls in this month) passes it
    const ispezione = dovute.rows.find((r) => r.motivo === 'ispezione');
    if (ispezione) {
      await tab.getByTestId(`ispezione-${ispezione.id}`).click();
      await page.getByTestId(`ispezione-${ispezione.id}-conferma`).click();
      await page.getByTestId('notification').filter({ hasText: 'Ispezione registrata' }).first().waitFor();
      await tab.getByTestId(`scadenza-${ispezione.id}`).waitFor({ state: 'detached' });
    }

    // the replacement, unsigned, is signed later from the list of deliveries
    await page.getByRole('tab', { name: 'Consegne' }).click();
    const elenco = page.getByTestId('tab-consegne');
    const firma = elenco.locator('[data-testid^="firma-"]').first();
    await firma.waitFor();
    await shot(page, 'dotazioni-elenco-consegne');
    await accessible(page, 'elenco consegne');
    await firma.click();
    const fm = page.getByTestId('firma-form');
    await fm.waitFor();
    await sign(page, fm.getByTestId('signature-pad'));
    await shot(page, 'dotazioni-firma-dopo', false);
    await page.getByTestId('firma-conferma').click();
    await page.getByTestId('notification').filter({ hasText: 'Consegna firmata' }).first().waitFor();
  });

  it('the "who lacks what" report is empty for the new hire afterwards', async () => {
    expect(await mancanti()).toEqual([]);
    await page.goto('/dotazioni/mansione?tab=mancanti');
    const tab = page.getByTestId('tab-mancanti');
    await tab.getByTestId('mancanti-reparto').first().waitFor();
    // the welder of the demo who lacks his mask is there, the new hire is not
    await tab.getByText('Maschera per saldatura', { exact: false }).first().waitFor();
    expect(await tab.getByTestId(`mancante-${matricola}`).count()).toBe(0);
    await choose(page, tab, 'Mansione', 'Saldatore');
    await closedLists(page);
    await expect.poll(() => tab.getByText(cognome).count()).toBe(0);
    await shot(page, 'dotazioni-mancanti');
    await accessible(page, 'chi manca di cosa');
    const [file] = await Promise.all([page.waitForEvent('download'), tab.getByTestId('mancanti-excel').click()]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it('the standard kit of Saldatore, the types with the training the law requires, the articles and their stock', async () => {
    await page.getByRole('tab', { name: 'Dotazione standard' }).click();
    await page.getByTestId('mansione-SAL').click();
    // the pointer away from the link it clicked (a hovered link is lighter)
    await page.mouse.move(0, 0);
    const kit = page.getByTestId('kit-editor');
    await kit.getByTestId('righe-righe').locator('[data-testid^="riga-righe-"]').nth(4).waitFor();
    await shot(page, 'dotazioni-kit-saldatore');
    await accessible(page, 'dotazione standard');

    await page.goto('/dotazioni/tipologie');
    await page.getByTestId('resource-table').getByText('IMBRACATURA', { exact: true }).waitFor();
    await shot(page, 'dotazioni-tipologie');
    await page.getByTestId('resource-table').locator('tr', { has: page.getByText('IMBRACATURA', { exact: true }) }).getByRole('button', { name: 'Modifica' }).click();
    const tf = page.getByTestId('resource-form');
    await tf.getByText('D.Lgs 81/2008 art. 77 c. 5').waitFor();
    expect(await tf.getByTestId('tipologia-formazione').isDisabled()).toBe(true);
    expect(await tf.getByTestId('tipologia-formazione').getAttribute('aria-checked')).toBe('true');
    // fall protection is category III by law (Reg. UE 2016/425 Annex I): the category is locked and says why
    await tf.getByTestId('tipologia-categoria-di-legge').getByText('Reg. UE 2016/425 all. I', { exact: false }).waitFor();
    expect(await tf.getByRole('combobox', { name: 'Categoria' }).isDisabled()).toBe(true);
    await shot(page, 'dotazioni-tipologia-imbracatura', false);
    await accessible(page, 'tipo imbracatura');
    await page.keyboard.press('Escape');
    // the ear defenders are category III too, as the list shows
    await page.getByTestId('resource-table').locator('tr', { has: page.getByText('CUFFIE', { exact: true }) }).getByText('III categoria').waitFor();

    await page.goto('/dotazioni/anagrafica');
    const table = page.getByTestId('resource-table');
    await table.getByText('Red Lion S3').waitFor();
    await shot(page, 'dotazioni-articoli');
    const shoes = (await articoli()).find((a) => a.tipologia_codice === 'SCARPE_S3')!;
    await page.getByTestId(`magazzino-${shoes.id}`).click();
    const mag = page.getByTestId('articolo-magazzino');
    await mag.getByTestId('articolo-giacenze').getByText('43').waitFor();
    // a load of two pairs of 43 with its delivery note
    const mf = mag.getByTestId('movimento-form');
    await mf.getByLabel('Taglia', { exact: true }).fill('43');
    await mf.getByLabel('Quantità', { exact: true }).fill('2');
    await mf.getByLabel('Documento', { exact: true }).fill('DDT 77/E2E');
    await mf.getByTestId('movimento-salva').click();
    await page.getByTestId('notification').filter({ hasText: 'Movimento registrato' }).first().waitFor();
    await expect.poll(async () => stock((await articoli()).find((a) => a.id === shoes.id)!, '43')).toBe(shoesBefore - 1 + 2);
    await mag.getByRole('tab', { name: 'Movimenti' }).click();
    await mag.getByTestId('articolo-movimenti').getByText('DDT 77/E2E').waitFor();
    await shot(page, 'dotazioni-magazzino', false);
    await accessible(page, 'magazzino di un articolo');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Da riordinare' }).click();
    await page.getByTestId('dotazioni-riordino').waitFor();
    await shot(page, 'dotazioni-riordino');
  });

  it('an employee who left last month is shown what he still has to give back', async () => {
    await page.goto('/dotazioni/consegne');
    await choose(page, page.getByTestId('tab-dipendente'), 'Dipendente', 'Neri Tommaso');
    const box = page.getByTestId('scheda-da-restituire');
    await box.waitFor();
    expect(await box.innerText()).toMatch(/Cessato il \d\d\/\d\d\/\d{4}: \d+ dotazion[ei] da restituire/);
    await box.getByText('ThinkPad T14').waitFor();
    // no delivery to someone who has left
    expect(await page.getByTestId('proponi-consegna').isDisabled()).toBe(true);
    await closedLists(page);
    await shot(page, 'dotazioni-cessato');
    await accessible(page, 'dotazioni da restituire');
    // the laptop comes back: a return, no reason needed
    await box.locator('tr', { hasText: 'ThinkPad T14' }).locator('[data-testid^="reso-"]').click();
    const pop = page.locator('[data-testid^="reso-"][data-testid$="-popover"]:visible');
    await pop.waitFor();
    await accessible(page, 'reso di una dotazione');
    await pop.locator('[data-testid$="-conferma"]').click();
    await page.getByTestId('notification').filter({ hasText: 'Reso registrato' }).first().waitFor();
    await expect.poll(() => page.getByTestId('tabella-da-restituire').getByText('ThinkPad T14').count()).toBe(0);
  });

  it('the home page: HR’s counts lead to the lists, an employee reads his own equipment', async () => {
    await page.goto('/');
    await page.getByTestId('home').waitFor();
    const tile = page.getByTestId('da-fare-dpi_in_scadenza');
    await tile.waitFor();
    expect(await tile.getAttribute('href')).toBe('/dotazioni/consegne?tab=scadenze');
    expect(await page.getByTestId('da-fare-dpi_mancanti').getAttribute('href')).toBe('/dotazioni/mansione?tab=mancanti');
    await shot(page, 'dotazioni-home-personale');
    await page.context().close();

    const mario = await api<TSchedaDipendente | null>('mario.rossi', 'GET', '/api/dotazioni/mie');
    expect(mario?.in_dotazione.length, 'mario holds the kit of his mansione').toBeGreaterThan(0);
    const m = await newPage(browser);
    await loginAs(m, 'mario.rossi');
    const card = m.getByTestId('mie-dotazioni');
    await card.waitFor();
    expect(await card.innerText()).toContain(mario!.in_dotazione[0].articolo);
    const [verbale] = await Promise.all([
      m.waitForResponse((r) => /\/api\/dotazioni\/consegne\/\d+\/verbale/.test(r.url())),
      card.getByRole('button', { name: /Verbale/ }).first().click(),
    ]);
    expect(verbale.status()).toBe(200);
    await m.bringToFront();
    // the pointer away from the link it clicked (a hovered link is lighter)
    await m.mouse.move(0, 0);
    await card.scrollIntoViewIfNeeded();
    await shot(m, 'dotazioni-home-mario', false);
    await accessible(m, 'le mie dotazioni');
    await m.context().close();
  });

  it('on a 390 px phone the employee’s equipment fits the screen', async () => {
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await loginAs(phone, 'personale', undefined, { at: `/dotazioni/consegne?dipendente=${dip}` });
    await phone.getByTestId('scheda-dipendente').waitFor();
    await phone.getByTestId('tabella-in-dotazione').getByText('Red Lion S3').waitFor();
    const overflow = () => phone.evaluate(() => document.documentElement.scrollWidth);
    expect(await overflow()).toBeLessThanOrEqual(390);
    await shot(phone, 'dotazioni-telefono-scheda');
    await phone.getByTestId('proponi-consegna').click();
    await phone.getByTestId('consegna-form').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(390);
    await shot(phone, 'dotazioni-telefono-consegna', false);
    await accessible(phone, 'consegna sul telefono');
    await phone.goto('/dotazioni/consegne?tab=scadenze');
    await phone.getByTestId('tabella-scadenze').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(390);
    await shot(phone, 'dotazioni-telefono-scadenze');
    await phone.context().close();
  });
});
