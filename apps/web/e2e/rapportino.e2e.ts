/**
 * Issue #15, the daily work report in Chromium, as a new user would: mario.rossi (Produzione) writes a report of an
 * intervention at a customer's site on order C26-015 — activities on its phases from–to, materials with decimals,
 * travel — saves it, and the customer signs it on the screen, drawn with the mouse; a signature that is not a PNG is
 * refused first, with the server's words. The signed report is read-only with its PDF, and the PDF reaches the test
 * SMTP server as an attachment. laura.bianchi finds it among mario's reports and approves it: its activities become
 * approved bookings. On a phone the form fits the screen. Screenshots go to .tmp/screenshots.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { pdfPages } from '../../../test/support/pdf';
import { accessible, choose, e2e, launch, loginAs, newPage, serverToday, stillShot as shot, waitForMail } from './support';

const CODICE = 'C26-015';
const CLIENTE = 'Meccanica Emiliana S.p.A.';
const EMAIL = 'giulia.fontana@meccanica-emiliana.e2e.it';
const dd = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
/** A JPEG of one pixel: an image the file store keeps, but no signature. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

/**
 * The report's day: Monday of next week. This week is the weekly grid's spec's (rilevazione.e2e.ts sends mario's week
 * and approves it, after which its days take no report), and the approved report's bookings stay out of that grid.
 */
function giornoRapportino(): string {
  const d = new Date(`${serverToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  return d.toISOString().slice(0, 10);
}

/** Types a time into a time field and leaves it with Tab (Enter would save the form). */
async function ora(scope: Locator, label: string, hhmm: string) {
  const field = scope.getByLabel(label, { exact: true });
  await field.click();
  await field.fill(hhmm);
  await field.press('Tab');
}

/** Opens a screen from the menu. */
async function menu(page: Page, href: string) {
  await page.locator(`nav a[href="${href}"]`).first().click();
  await page.waitForURL((u) => u.pathname === href);
}

/** Sets the list's period (the range picker) to the month of `day`. */
async function periodo(page: Page, day: string) {
  const first = `01/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  const d = new Date(`${day.slice(0, 8)}01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  const last = dd(d.toISOString().slice(0, 10));
  const range = page.getByTestId('rapportini').locator('.ant-picker-range input');
  await range.nth(0).click();
  await range.nth(0).fill(first);
  await range.nth(0).press('Enter');
  await range.nth(1).fill(last);
  await range.nth(1).press('Enter');
  await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
  await expect.poll(() => range.nth(1).inputValue()).toBe(last);
}

/** A signature drawn with the mouse: a few strokes across the pad, like a hand's. */
async function firmaAMano(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  const strokes: [number, number][][] = [
    [[0.1, 0.6], [0.16, 0.3], [0.22, 0.7], [0.28, 0.35], [0.34, 0.65], [0.4, 0.4]],
    [[0.45, 0.55], [0.52, 0.3], [0.58, 0.6], [0.66, 0.38], [0.74, 0.62], [0.86, 0.45]],
    [[0.2, 0.8], [0.5, 0.78], [0.8, 0.8]],
  ];
  for (const s of strokes) {
    await page.mouse.move(...at(...s[0]));
    await page.mouse.down();
    for (const p of s.slice(1)) await page.mouse.move(...at(...p), { steps: 6 });
    await page.mouse.up();
  }
  // the PNG is made when a stroke ends, then the form holds it
  await expect.poll(() => pad.getAttribute('data-signed')).toBe('true');
}

describe.skipIf(e2e().skip)('the daily work report in the browser', () => {
  let browser: Browser;
  let id = 0;
  const giorno = giornoRapportino();

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('mario writes a report of an intervention and saves it', async () => {
    const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
    await loginAs(page, 'mario.rossi', undefined, { landing: true });
    await menu(page, '/rilevazione/rapportino');
    await page.getByTestId('rapportini-tabella').waitFor();
    await accessible(page, 'the list of reports');
    // the header names the page, as the browser's tab does
    expect(await page.getByTestId('header-titolo').textContent()).toBe('Rapportino');
    expect(await page.title()).toBe('Rapportino - Tulip');

    await page.getByTestId('rapportino-nuovo').click();
    await page.waitForURL((u) => u.pathname === '/rilevazione/rapportino/nuovo');
    const modulo = page.getByTestId('rapportino-modulo');
    await modulo.waitFor();
    expect(await page.getByTestId('rapportino-titolo').textContent()).toBe('Nuovo rapportino');
    // the day: typed into the date field
    const data = modulo.getByLabel('Data', { exact: true });
    await data.click();
    await data.fill(dd(giorno));
    await data.press('Tab');
    // the header's order names the customer and the first activity's order
    const testata = page.getByTestId('rapportino-testata');
    await choose(page, testata, 'Commessa', CODICE);
    await expect.poll(() => testata.locator('.ant-form-item').filter({ hasText: 'Cliente' }).textContent()).toContain(CLIENTE);
    await testata.getByLabel('Luogo dell’intervento').fill('Reparto presse, linea 2');

    const riga0 = page.getByTestId('riga-righe-0');
    await expect.poll(() => riga0.locator('.ant-form-item').filter({ hasText: 'Commessa' }).textContent()).toContain(CODICE);
    await choose(page, riga0, 'Fase', 'MONT');
    await ora(riga0, 'Inizio', '08:30');
    await ora(riga0, 'Fine', '12:30');
    await riga0.getByLabel('Descrizione', { exact: true }).fill('Montaggio carpenteria sulla linea');
    await page.getByRole('button', { name: 'Aggiungi un’attività' }).click();
    const riga1 = page.getByTestId('riga-righe-1');
    expect(await riga1.locator('.ant-form-item').filter({ hasText: 'Commessa' }).textContent()).toContain(CODICE); // the header's order again
    await choose(page, riga1, 'Fase', 'COLL');
    await ora(riga1, 'Inizio', '13:30');
    await ora(riga1, 'Fine', '15:15');
    await riga1.getByLabel('Descrizione', { exact: true }).fill('Collaudo con il cliente');

    await page.getByRole('button', { name: 'Aggiungi un materiale' }).click();
    const materiale = page.getByTestId('riga-materiali-0');
    await materiale.getByLabel('Materiale', { exact: true }).fill('Bulloneria M10 zincata');
    await materiale.getByLabel('Quantità').fill('2,5');
    await materiale.getByLabel('Unità').fill('kg');
    await modulo.getByLabel('Km percorsi').fill('38');
    await modulo.getByLabel('Tempo di viaggio').fill('0:45');
    await modulo.getByLabel('Note', { exact: true }).fill('Linea ferma dalle 12:30 alle 13:30 per la pausa');
    await accessible(page, 'the report form');
    await shot(page, 'rapportino-modulo');

    // an end before its start is said on the line, in words about times
    await ora(riga1, 'Fine', '13:00');
    await page.getByTestId('rapportino-salva').click();
    await expect.poll(() => riga1.locator('.ant-form-item-explain-error').allTextContents()).toContain('L’ora di fine deve seguire quella di inizio');
    await ora(riga1, 'Fine', '15:15');

    await page.getByTestId('rapportino-salva').click();
    await page.waitForURL((u) => /^\/rilevazione\/rapportino\/\d+$/.test(u.pathname));
    id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.getByTestId('rapportino-titolo').textContent()).toBe(`Rapportino n. ${id} del ${dd(giorno)}`);
    expect(await page.getByTestId('rapportino-stato').textContent()).toBe('Bozza');
    // saved as typed: the lines, the decimal quantity
    expect(await page.getByTestId('riga-righe-1').getByLabel('Fine', { exact: true }).inputValue()).toBe('15:15');
    expect(await page.getByTestId('riga-materiali-0').getByLabel('Quantità').inputValue()).toBe('2,5');

    // a phone, turned upright: the form fits its width
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await loginAs(phone, 'mario.rossi', undefined, { at: `/rilevazione/rapportino/${id}` });
    await phone.getByTestId('rapportino-modulo').waitFor();
    await phone.getByTestId('riga-righe-0').waitFor();
    await shot(phone, 'rapportino-telefono');
    await phone.getByTestId('rapportino-attivita').evaluate((el) => el.scrollIntoView());
    await shot(phone, 'rapportino-telefono-attivita', false);
    await phone.getByTestId('rapportino-firma').evaluate((el) => el.scrollIntoView());
    await shot(phone, 'rapportino-telefono-firma', false);
    // nothing of the report reaches past the screen's right edge (the page's own header is the layout's)
    const largo = await phone.getByTestId('rapportino-scheda').evaluate((el) => Math.max(...[...el.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
    expect(largo).toBeLessThanOrEqual(390);
    await phone.context().close();
    await page.context().close();
  });

  it('the customer signs on the screen: not a PNG is refused, then the report is signed and its PDF mailed', async () => {
    const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
    await loginAs(page, 'mario.rossi', undefined, { landing: true });
    await menu(page, '/rilevazione/rapportino');
    await periodo(page, giorno);
    const riga = page.getByTestId('rapportini-tabella').locator('tr', { hasText: dd(giorno) });
    await expect.poll(() => riga.textContent()).toContain(CLIENTE);
    expect(await riga.textContent()).toContain('5:45'); // 4:00 + 1:45
    expect(await riga.textContent()).toContain('Bozza');
    await shot(page, 'rapportino-elenco');
    await riga.getByRole('link', { name: dd(giorno) }).click();
    await page.waitForURL((u) => u.pathname === `/rilevazione/rapportino/${id}`);

    const firma = page.getByTestId('rapportino-firma');
    await firma.waitFor();
    // a last correction, left unsaved: signing saves it first
    await page.getByTestId('rapportino-testata').getByLabel('Luogo dell’intervento').fill('Reparto presse, linea 3');
    await page.getByTestId('rapportino-da-salvare').waitFor();
    await firma.getByLabel('Nome di chi firma').fill('Giulia Fontana');
    await firma.getByLabel('E-mail del cliente').fill(EMAIL);
    await firmaAMano(page);
    await accessible(page, 'the signature');
    await shot(page, 'rapportino-firma', false);

    // the first upload goes as a JPEG: the server refuses it as a signature, and the screen says so
    let swapped = false;
    await page.route('**/api/file', async (route) => {
      const request = route.request();
      if (swapped || request.method() !== 'POST') return route.continue();
      swapped = true;
      const boundary = /boundary=(.+)$/.exec(request.headers()['content-type'] ?? '')![1];
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="firma.png"\r\nContent-Type: image/png\r\n\r\n`),
        JPEG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      await route.continue({ postData: body });
    });
    await page.getByTestId('rapportino-firma-invia').click();
    await expect.poll(() => page.getByTestId('rapportino-firma-errore').textContent()).toContain('La firma deve essere un’immagine PNG');
    expect(await page.getByTestId('rapportino-stato').textContent()).toBe('Bozza');
    await shot(page, 'rapportino-firma-rifiutata', false);
    await page.unroute('**/api/file');
    // the correction was saved on the way
    expect(await page.getByTestId('rapportino-da-salvare').count()).toBe(0);
    const notes = page.getByTestId('notification');
    while (await notes.count()) await notes.first().getByRole('button', { name: 'Chiudi' }).click();

    const since = Date.now(); // real-clock: mails are filed by their arrival time
    await page.getByTestId('rapportino-firma-invia').click();
    await page.getByTestId('rapportino-firmato').waitFor();
    expect(await page.getByTestId('rapportino-stato').textContent()).toBe('Firmato');
    const firmato = await page.getByTestId('rapportino-firmato').textContent();
    expect(firmato).toContain('Firmato da Giulia Fontana');
    expect(firmato).toContain(`PDF inviato a ${EMAIL}`);
    expect(await page.getByTestId('rapportino-intestazione').textContent()).toContain('Reparto presse, linea 3');
    expect(await page.getByTestId('rapportino-totale').textContent()).toBe('5:45');
    // read-only now: no form, no pad
    expect(await page.getByTestId('rapportino-modulo').count()).toBe(0);
    expect(await page.getByTestId('signature-pad').count()).toBe(0);
    await accessible(page, 'the signed report');
    await shot(page, 'rapportino-firmato');

    // the PDF, downloaded from the screen
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rapportino-pdf').click()]);
    expect(file.suggestedFilename()).toBe(`rapportino-${id}.pdf`);
    const saved = await file.path();
    expect(fs.readFileSync(saved!).subarray(0, 5).toString()).toBe('%PDF-');

    // and mailed to the customer, as an attachment
    const mail = await waitForMail(EMAIL, since - 1000);
    expect(mail).toContain('application/pdf');
    expect(mail).toContain(`rapportino-${id}.pdf`);
    expect(mail).toMatch(/rapportino di intervento n\. \d+ del/);
    await page.context().close();
  });

  it('laura finds it among mario’s reports and approves it: its activities become approved bookings', async () => {
    const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
    await loginAs(page, 'laura.bianchi');
    await menu(page, '/rilevazione/rapportino');
    await page.getByTestId('rapportini-tabella').waitFor();
    await choose(page, page, 'Dipendente', 'Rossi Mario');
    await periodo(page, giorno);
    const riga = page.getByTestId('rapportini-tabella').locator('tr', { hasText: dd(giorno) });
    await expect.poll(() => riga.textContent()).toContain('Firmato');
    await riga.getByRole('button', { name: `Apri il rapportino del ${dd(giorno)}` }).click();
    await page.waitForURL((u) => u.pathname === `/rilevazione/rapportino/${id}`);
    await page.getByTestId('rapportino-approva').click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Approva' }).click();
    await page.getByTestId('rapportino-approvato').waitFor();
    expect(await page.getByTestId('rapportino-stato').textContent()).toBe('Approvato');
    expect(await page.getByTestId('rapportino-approva').count()).toBe(0);
    // the bookings it made: one per activity, approved
    const ore = page.getByTestId('rapportino-ore');
    await expect.poll(() => ore.locator('tbody tr.ant-table-row').count()).toBe(2);
    const testo = await ore.textContent();
    expect(testo).toContain(`${CODICE} / MONT`);
    expect(testo).toContain(`${CODICE} / COLL`);
    expect(testo).toContain('4:00');
    expect(testo).toContain('1:45');
    expect(await ore.locator('.ant-tag').allTextContents()).toEqual(['Approvata', 'Approvata']);
    await accessible(page, 'the approved report');
    await ore.scrollIntoViewIfNeeded();
    await shot(page, 'rapportino-approvato', false);
    await page.context().close();
  });

  it('what is typed is what is saved and signed: Enter never saves, a second save waits for the first, the PDF says it all', async () => {
    const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/rilevazione/rapportini') && r.method() !== 'GET') writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const giornoDopo = new Date(`${giorno}T12:00:00Z`);
    giornoDopo.setUTCDate(giornoDopo.getUTCDate() + 1);
    const martedi = giornoDopo.toISOString().slice(0, 10);
    await loginAs(page, 'mario.rossi', undefined, { at: '/rilevazione/rapportino/nuovo' });
    const modulo = page.getByTestId('rapportino-modulo');
    await modulo.waitFor();
    const data = modulo.getByLabel('Data', { exact: true });
    await data.click();
    await data.fill(dd(martedi));
    await data.press('Tab');
    await choose(page, page.getByTestId('rapportino-testata'), 'Commessa', CODICE);
    const riga0 = page.getByTestId('riga-righe-0');
    await expect.poll(() => riga0.locator('.ant-form-item').filter({ hasText: 'Commessa' }).textContent()).toContain(CODICE);
    await choose(page, riga0, 'Fase', 'MONT');
    await ora(riga0, 'Inizio', '08:00');
    // Enter in the end time: the report is not created behind the user's back
    const fine = riga0.getByLabel('Fine', { exact: true });
    await fine.click();
    await fine.fill('12:00');
    await fine.press('Enter');
    await riga0.getByLabel('Descrizione', { exact: true }).fill('Montaggio basamento pressa');
    expect(writes).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/rilevazione/rapportino/nuovo');

    // the user saves, and goes on typing while the report is created (its answer held back until then, as on a slow
    // line), then saves again: the second save waits for the first, and changes the report it made
    await modulo.getByLabel('Km percorsi').fill('42');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/rilevazione/rapportini', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await page.getByTestId('rapportino-salva').click();
    await expect.poll(() => writes.length).toBe(1);
    await modulo.getByLabel('Note', { exact: true }).fill('Basamento livellato e fissato');
    await page.getByTestId('rapportino-salva').click();
    release();
    await page.waitForURL((u) => /^\/rilevazione\/rapportino\/\d+$/.test(u.pathname));
    await expect.poll(() => writes.length).toBe(2);
    await expect.poll(() => page.getByTestId('rapportino-da-salvare').count()).toBe(0);
    const nuovo = Number(new URL(page.url()).pathname.split('/').pop());
    // one report made, then changed: never a second one
    expect(writes).toEqual(['PUT /api/rilevazione/rapportini', `POST /api/rilevazione/rapportini/${nuovo}`]);
    await page.unroute('**/api/rilevazione/rapportini');

    // after a reload, the form shows everything that was typed
    await page.reload();
    await modulo.waitFor();
    expect(await page.getByTestId('riga-righe-0').getByLabel('Descrizione', { exact: true }).inputValue()).toBe('Montaggio basamento pressa');
    expect(await page.getByTestId('riga-righe-0').getByLabel('Fine', { exact: true }).inputValue()).toBe('12:00');
    expect(await modulo.getByLabel('Km percorsi').inputValue()).toBe('42');
    expect(await modulo.getByLabel('Note', { exact: true }).inputValue()).toBe('Basamento livellato e fissato');

    // the customer signs what the screen shows; the PDF they get says it, every value whole
    const firma = page.getByTestId('rapportino-firma');
    await firma.getByLabel('Nome di chi firma').fill('Paolo Ferrari');
    await firmaAMano(page);
    await page.getByTestId('rapportino-firma-invia').click();
    await page.getByTestId('rapportino-firmato').waitFor();
    const impronta = (await page.getByTestId('rapportino-impronta').locator('code').textContent())!.trim();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rapportino-pdf').click()]);
    const bytes = fs.readFileSync((await file.path())!);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(impronta);
    const text = (await pdfPages(bytes)).join('\n');
    for (const value of ['Montaggio basamento pressa', '08:00', '12:00', '42 km', 'Basamento livellato e fissato', 'Paolo Ferrari', CLIENTE, CODICE, `n. ${nuovo} del ${dd(martedi)}`])
      expect(text).toContain(value);
    await shot(page, 'rapportino-firmato-dopo-salvataggi');
    await page.context().close();
  });
});
