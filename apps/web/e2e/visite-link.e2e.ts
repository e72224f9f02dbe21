/**
 * Issue #4 (self-registration links) in Chromium: an employee e-mails a visitor a personal link, the visitor registers
 * from a phone and gets a code and its QR code, reception lets them in by the code, the referent is told, the evacuation
 * list shows the visitor, check-out removes them; the used link, a tampered code, a resent and a revoked link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CODICE_ALFABETO, makeCodiceVisita, formatCodiceVisita } from '@tulip/contract';
import { e2e, launch, loginAs, newContext, newPage, shot, waitForMail } from './support';

const VISITATORE = 'ospite.e2e@example.com';
const MARIO = 'mario.rossi@officinerossi.it';
const LINK_RE = /https?:\/\/[^\s"<>]+\/visita\/[A-Za-z0-9_-]{32}/;

async function pick(page: Page, label: string, option: string) {
  await page.getByTestId('link-form').getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

async function setTime(page: Page, label: string, value: string) {
  const input = page.getByTestId('link-form').getByLabel(label, { exact: true });
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(value);
  // Tab, not Enter: Enter would submit the form
  await input.press('Tab');
  await expect.poll(() => input.inputValue()).toBe(value);
}

/** Mario sends a link to `email`; answers the link shown once and the one in the e-mail. */
async function inviaLink(page: Page, email: string, screenshot?: string, tipo = 'Cliente') {
  await page.goto('/visite/linkvisitatore');
  await page.getByTestId('link-visitatori').waitFor();
  const form = page.getByTestId('link-form');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await pick(page, 'Tipo visitatore', tipo);
  await pick(page, 'Motivo', 'Riunione');
  // the whole day, so the test never depends on the time it runs at
  await setTime(page, 'Dalle', '00:00');
  await setTime(page, 'Alle', '23:55');
  if (screenshot) await shot(page, screenshot);
  const since = Date.now(); // real-clock: mails are filed by their arrival time
  await page.getByTestId('link-invia').click();
  const modal = page.getByTestId('link-creato');
  await modal.waitFor();
  const url = await page.getByTestId('link-creato-url').inputValue();
  expect(url).toMatch(LINK_RE);
  const mail = await waitForMail(email, since - 1000);
  expect(mail).toContain('Rossi Mario'); // the referent
  const fromMail = LINK_RE.exec(mail)?.[0];
  expect(fromMail).toBe(url);
  return { url, since };
}

describe.skipIf(e2e().skip)('visitor self-registration links in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('invites a visitor who registers from a phone and is let in at reception by the code', async () => {
    // 1. Mario invites the visitor
    const mario = await newPage(browser);
    await loginAs(mario, 'mario.rossi');
    const { url } = await inviaLink(mario, VISITATORE, 'visite-link-form');
    await shot(mario, 'visite-link-creato');
    await mario.getByTestId('link-creato-chiudi').click();
    await mario.getByTestId('link-creato').waitFor({ state: 'hidden' });
    const riga = mario.getByTestId('link-tabella').locator('tr', { hasText: VISITATORE }).first();
    await riga.getByTestId('link-stato').getByText('Inviato').waitFor();
    await shot(mario, 'visite-link-elenco');

    // 2. The visitor opens the link on a phone, without logging in
    const phone = await newContext(browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const visitor = await phone.newPage();
    visitor.setDefaultTimeout(15_000);
    await visitor.goto(new URL(url).pathname);
    const form = visitor.getByTestId('visita-form');
    await form.waitFor();
    await expect.poll(() => visitor.getByTestId('visita-riepilogo').textContent()).toContain('Rossi Mario');
    await shot(visitor, 'visite-link-pubblica');
    // the language switch
    await visitor.getByTestId('visita-lingua-en').click();
    await visitor.getByText('Your details').waitFor();
    await visitor.getByTestId('visita-lingua-it').click();
    await visitor.getByText('I tuoi dati').waitFor();

    await visitor.getByLabel('Nome', { exact: true }).fill('Giorgio');
    await visitor.getByLabel('Cognome', { exact: true }).fill('Ospiti');
    await visitor.getByLabel('Azienda', { exact: true }).fill('Ospiti Associati S.r.l.');
    await visitor.getByLabel(/Telefono/).fill('+39 051 123456');
    // both texts must be accepted
    await visitor.getByTestId('visita-invia').click();
    await expect.poll(() => form.getByText('È necessario leggere e accettare il testo').count()).toBe(2);
    await shot(visitor, 'visite-link-pubblica-errori');
    await visitor.getByTestId('visita-accetto-privacy').check();
    await visitor.getByTestId('visita-accetto-regole').check();
    await visitor.getByTestId('visita-invia').click();
    await visitor.getByTestId('visita-registrata').waitFor();
    const codice = (await visitor.getByTestId('visita-codice').textContent())?.trim() ?? '';
    expect(codice).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const qr = visitor.getByTestId('visita-qr');
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(visitor, 'visite-link-qr');
    // reopening the link shows the code again
    await visitor.reload();
    await expect.poll(() => visitor.getByTestId('visita-codice').textContent()).toBe(codice);

    // Mario's list shows the code
    await mario.reload();
    await mario.getByTestId('link-tabella').locator('tr', { hasText: VISITATORE }).first().getByText(codice).waitFor();

    // 3. Reception: a tampered code is refused at once, an unknown one by the server, the right one lets the visitor in
    const desk = await newPage(browser);
    await loginAs(desk, 'portineria', undefined, { at: '/visite/registro' });
    await desk.getByTestId('registro-visite').waitFor();
    await desk.getByRole('button', { name: 'Ingresso con codice' }).click();
    const input = desk.getByTestId('codice-input');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    const last = codice.slice(-1);
    const tampered = codice.slice(0, -1) + CODICE_ALFABETO[(CODICE_ALFABETO.indexOf(last) + 1) % 32];
    await input.pressSequentially(tampered);
    await input.press('Enter');
    const modal = desk.getByTestId('codice-modal');
    await modal.getByText('Codice non valido: controlla di averlo digitato correttamente').waitFor();
    await shot(desk, 'visite-link-codice-errato');
    await input.fill(formatCodiceVisita(makeCodiceVisita(new Uint8Array([1, 2, 3, 4, 5, 6, 7]))));
    await input.press('Enter');
    await desk.getByTestId('notification').getByText('Codice non valido: controlla di averlo digitato correttamente').first().waitFor();
    // as a keyboard-wedge scanner types it: lower case, no dash, then Enter
    await input.fill('');
    await input.pressSequentially(codice.replace('-', '').toLowerCase());
    await input.press('Enter');
    const visita = desk.getByTestId('codice-visita');
    await visita.getByText('Ospiti Giorgio').waitFor();
    await visita.getByText('Ospiti Associati S.r.l.').waitFor();
    await visita.getByText('Rossi Mario').waitFor();
    await desk.mouse.move(1, 1);
    await shot(desk, 'visite-link-codice');
    const since = Date.now(); // real-clock: mails are filed by their arrival time
    await desk.getByTestId('codice-conferma').click();
    await desk.getByTestId('notification').getByText(/^Ingresso di .+ registrato alle \d\d:\d\d$/).waitFor();
    await desk.getByTestId('visitatori-presenti').getByText('Ospiti').first().waitFor();

    // 4. The referent is told
    const mail = await waitForMail(MARIO, since - 1000);
    expect(mail).toContain('Giorgio Ospiti');

    // 5. The evacuation list, one click from the register, shows the visitor
    await desk.getByRole('button', { name: 'Lista di evacuazione' }).click();
    await desk.getByTestId('evacuazione-visitatori').getByText('Ospiti Associati S.r.l.').waitFor();
    await desk.getByTestId('evacuazione').getByRole('button', { name: 'Chiudi' }).click();

    // 6. Check-out removes the visitor from the on-site list
    const row = desk.getByTestId('visitatori-presenti').locator('tr', { hasText: 'Ospiti' }).first();
    await row.getByRole('button', { name: 'Uscita' }).click();
    await expect.poll(() => desk.getByTestId('visitatori-presenti').getByText('Ospiti').count()).toBe(0);

    // 7. The used link has its own page; the code works no more
    await visitor.reload();
    const errore = visitor.getByTestId('visita-errore');
    await errore.waitFor();
    expect(await errore.getAttribute('data-message')).toBe('avvisi.link_usato');
    await errore.getByText('Il link è già stato usato').waitFor();
    await shot(visitor, 'visite-link-usato');
    await mario.reload();
    await mario.getByTestId('link-tabella').locator('tr', { hasText: VISITATORE }).first().getByTestId('link-stato').getByText('Usato').waitFor();

    await Promise.all([phone.close(), desk.context().close(), mario.context().close()]);
  });

  it('resends a link (the old one stops working) and revokes it', async () => {
    const mario = await newPage(browser);
    await loginAs(mario, 'mario.rossi');
    const email = 'ospite2.e2e@example.com';
    const { url: vecchio } = await inviaLink(mario, email);
    await mario.getByTestId('link-creato-chiudi').click();
    const riga = mario.getByTestId('link-tabella').locator('tr', { hasText: email }).first();
    await riga.getByTestId('link-reinvia').click();
    await mario.locator('.ant-popconfirm').getByRole('button', { name: 'Reinvia' }).click();
    await mario.getByTestId('link-creato').waitFor();
    const nuovo = await mario.getByTestId('link-creato-url').inputValue();
    expect(nuovo).toMatch(LINK_RE);
    expect(nuovo).not.toBe(vecchio);
    await mario.getByTestId('link-creato-chiudi').click();
    // the dialog's closing animation ends while this page is in front: another page opened now would pause it
    await mario.getByTestId('link-creato').waitFor({ state: 'hidden' });

    const anon = await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    const visitor = await anon.newPage();
    await visitor.goto(new URL(vecchio).pathname);
    await visitor.getByTestId('visita-errore').waitFor();
    expect(await visitor.getByTestId('visita-errore').getAttribute('data-message')).toBe('avvisi.link_non_valido');
    await shot(visitor, 'visite-link-non-valido');

    await mario.bringToFront();
    await riga.getByTestId('link-revoca').click();
    await mario.locator('.ant-popconfirm').getByRole('button', { name: 'Revoca' }).click();
    await riga.getByTestId('link-stato').getByText('Revocato').waitFor();
    await visitor.goto(new URL(nuovo).pathname);
    await expect.poll(() => visitor.getByTestId('visita-errore').getAttribute('data-message')).toBe('avvisi.link_revocato');

    // the state filter
    await mario.getByLabel('Stato', { exact: true }).click();
    await mario.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Revocato' }).first().click();
    await expect.poll(() => mario.getByTestId('link-tabella').locator('tbody tr', { hasText: VISITATORE }).count()).toBe(0);
    await mario.getByTestId('link-tabella').locator('tr', { hasText: email }).first().waitFor();

    await Promise.all([anon.close(), mario.context().close()]);
  });

  it('shows a contractor the safety reminders and that the visit awaits approval; the desk cannot let them in yet', async () => {
    const mario = await newPage(browser);
    await loginAs(mario, 'mario.rossi');
    const email = 'ditta.e2e@example.com';
    const { url } = await inviaLink(mario, email, undefined, 'Ditta esterna');
    await mario.getByTestId('link-creato-chiudi').click();
    await mario.getByTestId('link-tabella').locator('tr', { hasText: email }).first().getByText('In attesa').waitFor();

    const phone = await newContext(browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const visitor = await phone.newPage();
    await visitor.goto(new URL(url).pathname);
    const avvisi = visitor.getByTestId('visita-avvisi');
    await avvisi.getByText('briefing sulla sicurezza').waitFor();
    await avvisi.getByText('accompagnato').waitFor();
    await avvisi.getByText('DPI').waitFor();
    await visitor.getByLabel('Nome', { exact: true }).fill('Walter');
    await visitor.getByLabel('Cognome', { exact: true }).fill('Impianti');
    await visitor.getByLabel('Azienda', { exact: true }).fill('Elettrica Walter S.n.c.');
    await visitor.getByTestId('visita-accetto-privacy').check();
    await visitor.getByTestId('visita-accetto-regole').check();
    await visitor.getByTestId('visita-invia').click();
    await visitor.getByTestId('visita-in-attesa').waitFor();
    const codice = (await visitor.getByTestId('visita-codice').textContent())?.trim() ?? '';
    await shot(visitor, 'visite-link-qr-in-attesa');

    const desk = await newPage(browser);
    await loginAs(desk, 'portineria', undefined, { at: '/visite/registro' });
    await desk.getByTestId('ingresso-codice').click();
    await desk.getByTestId('codice-input').fill(codice);
    await desk.getByTestId('codice-input').press('Enter');
    await desk.getByTestId('codice-visita').getByText('Impianti Walter').waitFor();
    await desk.getByTestId('codice-non-puo-entrare').waitFor();
    await desk.getByTestId('codice-conferma').click();
    await desk.getByTestId('notification').getByText('Autorizzazione in attesa').first().waitFor();
    await expect.poll(() => desk.getByTestId('visitatori-presenti').getByText('Elettrica Walter').count()).toBe(0);

    await Promise.all([phone.close(), desk.context().close(), mario.context().close()]);
  });
});
