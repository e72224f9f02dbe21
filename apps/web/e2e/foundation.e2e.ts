/**
 * Issue #2 "Done when", as a new user meets it in Chromium: every demo user logs in and sees its
 * own menu, is sent home from a route it lacks, is logged out when its refresh token is revoked;
 * mario.rossi resets his password through the e-mail link; an administrator edits a translation
 * and sees the new text without reloading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import ExcelJS from 'exceljs';
import QRCode from 'qrcode';
import { codiceFiscaleCheckChar } from '@tulip/contract';

const codiceFiscale = (first15: string) => `${first15}${codiceFiscaleCheckChar(first15)}`;
import { animationsDone, e2e, launch, loginAs, newPage, rememberPassword, shot, waitForMail } from './support';

describe.skipIf(e2e().skip)('foundation in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('shows the login with the loading overlay first and the version badge', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByTestId('loading-overlay').waitFor({ state: 'attached' });
    await page.getByLabel('Nome utente').waitFor();
    expect(await page.getByTestId('loading-overlay').count()).toBe(0);
    await page.getByTestId('version-badge').hover();
    await page.getByText('1.1.31').first().waitFor();
    await shot(page, 'login');
    await page.context().close();
  });

  it('refuses wrong credentials with an Italian message', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByLabel('Nome utente').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('sbagliata');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByTestId('notification').getByText('Nome utente o password non corretti').waitFor();
    await page.context().close();
  });

  const menus: [string, string[], string[]][] = [
    ['admin', ['Dipendenti', 'Lingue', 'Traduzioni', 'Profili', 'Registro modifiche'], []],
    ['personale', ['Dipendenti', 'Reparti', 'Utenti'], ['Lingue', 'Traduzioni']],
    ['laura.bianchi', ['Dipendenti'], ['Reparti', 'Lingue', 'Utenti']],
    ['mario.rossi', [], ['Dipendenti', 'Lingue', 'Utenti']],
    ['portineria', [], ['Dipendenti', 'Lingue']],
  ];
  // each profile lands where it works (issue #12): the employee on the clock-in, reception on the register
  const landing: Record<string, string> = { 'mario.rossi': '/timbrature/calendario', portineria: '/visite/registro' };
  for (const [user, visible, hidden] of menus) {
    it(`logs ${user} in with its own menu`, async () => {
      const page = await newPage(browser);
      await loginAs(page, user, undefined, { landing: true });
      await expect.poll(() => new URL(page.url()).pathname).toBe(landing[user] ?? '/');
      if (landing[user]) {
        await shot(page, `landing-${user}`);
        await page.locator('nav a[href="/"]').first().click();
      }
      await page.getByTestId('home').getByText(user).first().waitFor();
      const nav = page.getByTestId('sider');
      for (const label of visible) {
        const item = nav.getByText(label, { exact: true });
        if ((await item.count()) === 0) {
          // items inside collapsed groups: open every group first
          for (const g of await nav.locator('.ant-menu-submenu-title').all()) await g.click();
        }
        await nav.getByText(label, { exact: true }).first().waitFor();
      }
      for (const label of hidden) expect(await nav.getByText(label, { exact: true }).count()).toBe(0);
      await shot(page, `home-${user}`);
      // the home page shows what the user must act on; each number opens its list, filtered (issue #12)
      const tiles = page.getByTestId('da-fare');
      await tiles.waitFor();
      if (user === 'portineria') {
        expect(await tiles.getByTestId('da-fare-da_approvare').count()).toBe(0);
        await tiles.getByTestId('da-fare-visitatori_attesi').click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/visite/registro');
      }
      if (user === 'personale') {
        await tiles.getByTestId('da-fare-anomalie').click();
        await page.getByRole('tab', { name: /Anomalie/, selected: true }).waitFor();
        await page.goBack();
        await tiles.getByTestId('da-fare-assenti').click();
        await expect.poll(() => new URL(page.url()).search).toBe('?stato=assente');
      }
      if (user === 'mario.rossi') {
        expect(await tiles.locator('a').count()).toBe(1);
        // on a phone the menu opens over the page from its button, and closes with Escape or once a page is chosen
        await page.setViewportSize({ width: 412, height: 823 });
        await expect.poll(() => nav.isVisible()).toBe(false);
        const toggle = page.getByTestId('menu-toggle');
        await toggle.click();
        await nav.getByText('Timbrature', { exact: true }).first().waitFor();
        await page.keyboard.press('Escape');
        await expect.poll(() => nav.isVisible()).toBe(false);
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-toggle');
        await toggle.click();
        await nav.locator('a[href="/timbrature/calendario"]').first().click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/timbrature/calendario');
        await expect.poll(() => nav.isVisible()).toBe(false);
      }
      await page.context().close();
    });
  }

  it('sends a user home from a route it lacks, and shows 404 for unknown paths', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'mario.rossi', undefined, { at: '/anagrafica/dipendenti' });
    await page.getByTestId('home').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // told why, not a silent jump (issue #27 §8)
    await page.getByTestId('notification').getByText('Non hai accesso a «Dipendenti»: ecco la home.').waitFor();
    await shot(page, 'accesso-negato');
    await page.goto('/questa/pagina/non/esiste');
    await page.getByTestId('not-found').waitFor();
    await page.context().close();
  });

  it('returns to the wanted page after login', async () => {
    const page = await newPage(browser);
    await page.goto('/lingue');
    await page.getByLabel('Nome utente').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL('**/lingue');
    await page.getByTestId('resource-table').getByText('Italiano').waitFor();
    await page.context().close();
  });

  it('logs the user out when its refresh token is revoked', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale');
    // the home page's cards are drawn, their calls answered: none of them races the revocation below
    await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active, [data-testid="loading-overlay"]').count()).toBe(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === '_token_tulip');
    expect(cookie?.value).toBeTruthy();
    // someone replays the stored refresh token: the first use rotates it, the replay revokes the login
    const rtoken = decodeURIComponent(cookie!.value);
    const base = e2e().baseUrl;
    expect((await fetch(`${base}/api/auth/rtoken`, { headers: { authorization: `Bearer ${rtoken}` } })).status).toBe(200);
    expect((await fetch(`${base}/api/auth/rtoken`, { headers: { authorization: `Bearer ${rtoken}` } })).status).toBe(401);
    // the next call of the app fails, its renewal fails, and the app logs out to the login page
    // (the app may already be on its way to the login page, which aborts this navigation: either way it ends there)
    await page.goto('/anagrafica/reparti').catch((e: Error) => {
      if (!e.message.includes('ERR_ABORTED')) throw e;
    });
    await page.getByLabel('Nome utente').waitFor();
    expect((await page.context().cookies()).find((c) => c.name === '_token_tulip')).toBeUndefined();
    await page.context().close();
  });

  it('lets mario.rossi reset his password through the e-mail link', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByText('Password dimenticata?').click();
    const since = Date.now(); // real-clock: mails are filed by their arrival time
    await page.getByLabel('Email').fill('mario.rossi@officinerossi.it');
    const answered = page.waitForResponse((r) => r.url().includes('/api/auth/password/forgot'));
    await page.getByRole('button', { name: 'Invia' }).click();
    await answered;
    // said once, below the title (issue #12: it used to appear a second time in the corner)
    await page.getByRole('status').getByText("Se l'indirizzo è registrato").waitFor();
    expect(await page.getByText("Se l'indirizzo è registrato").count()).toBe(1);
    const mail = await waitForMail('mario.rossi@officinerossi.it', since - 1000);
    const link = /(http:\/\/\S+\/password\/reset\?token=[A-Za-z0-9._-]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    expect(link!.startsWith(e2e().baseUrl)).toBe(true);
    await page.goto(link!);
    await page.getByLabel('Nuova password').fill('Primavera2026!');
    await page.getByLabel('Conferma password').fill('Primavera2026!');
    await page.getByRole('button', { name: 'Salva password' }).click();
    await page.getByTestId('notification').getByText('Password aggiornata').waitFor();
    rememberPassword('mario.rossi', 'Primavera2026!');
    await shot(page, 'password-reset');
    await loginAs(page, 'mario.rossi', 'Primavera2026!');
    await page.context().close();
  });

  it('lets an administrator edit a translation and see it without reloading', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin', undefined, { at: '/traduzioni' });
    let reloaded = false;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloaded = true;
    });
    await page.getByPlaceholder('Cerca').fill('Centri di costo');
    await page.keyboard.press('Enter');
    // the menu's own text: other keys (the audit log's table names) read "Centri di costo" too
    const cell = page.getByRole('row').filter({ hasText: 'anagrafica.cdc' }).getByTestId('traduzione-testo').first();
    await cell.click();
    const input = page.getByTestId('traduzione-input');
    await input.fill('Centri di costo aziendali');
    await input.press('Enter');
    await page.getByTestId('notification').getByText('Modifiche salvate').waitFor();
    const nav = page.getByTestId('sider');
    for (const g of await nav.locator('.ant-menu-submenu-title').all()) {
      if ((await nav.getByText('Centri di costo aziendali').count()) > 0) break;
      await g.click();
    }
    await nav.getByText('Centri di costo aziendali').waitFor();
    expect(reloaded).toBe(false);
    await shot(page, 'traduzioni');
    await page.context().close();
  });

  it("asks for the texts with the kept copy's tag, and keeps using that copy when the server answers 304", async () => {
    const page = await newPage(browser);
    const first = page.waitForResponse((r) => r.url().endsWith('/api/lang/traduzioni/it'));
    await loginAs(page, 'mario.rossi');
    const etag = (await first).headers().etag;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    // the copy and its tag, kept in IndexedDB
    const kept = () =>
      page.evaluate(
        () =>
          new Promise<{ tag?: string; size: number } | null>((resolve) => {
            const open = indexedDB.open('Tulip-testi');
            open.onerror = () => resolve(null);
            open.onsuccess = () => {
              const get = open.result.transaction('traduzioni').objectStore('traduzioni').get('it');
              get.onerror = () => resolve(null);
              get.onsuccess = () => resolve(get.result ? { tag: get.result.tag, size: String(get.result.json).length } : null);
            };
          }),
      );
    await expect.poll(kept).toMatchObject({ tag: etag });
    expect((await kept())!.size).toBeGreaterThan(100_000);

    const again = page.waitForResponse((r) => r.url().endsWith('/api/lang/traduzioni/it'));
    await page.reload();
    const second = await again;
    expect(second.request().headers()['if-none-match']).toBe(etag);
    expect(second.status()).toBe(304);
    await page.getByTestId('home').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByText('Esci').first().waitFor();
    expect(await page.getByText('Traduzioni non disponibili').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('it');
    await page.context().close();
  });

  it('keeps the company data with its logo and a new workplace (issue #13)', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale', undefined, { at: '/azienda' });
    const iva = page.getByLabel('Partita IVA');
    await expect.poll(() => iva.inputValue()).toBe('02518370370');
    // the logo goes to the file store and shows at once; its type is read from its content
    const png = await QRCode.toBuffer('Officine Rossi S.r.l.');
    await page.getByTestId('azienda').locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('azienda-logo').waitFor();
    await iva.fill('02518370371');
    await page.getByTestId('azienda').getByRole('button', { name: 'Salva' }).first().click();
    await page.getByText('Partita IVA non valida: 11 cifre con la cifra di controllo').waitFor();
    await iva.fill('02518370370');
    await page.getByTestId('azienda').getByRole('button', { name: 'Salva' }).first().click();
    await page.getByTestId('notification').getByText('Modifiche salvate').waitFor();
    // the corrected field no longer says it is wrong
    await expect.poll(() => page.getByText('Partita IVA non valida: 11 cifre con la cifra di controllo').count()).toBe(0);
    await page.getByRole('button', { name: 'Nuovo' }).click();
    await page.getByLabel('Descrizione').fill('Cantiere di Modena');
    await page.getByLabel('Comune').last().fill('Modena');
    await page.locator('.ant-drawer').getByRole('button', { name: 'Salva' }).click();
    await page.getByTestId('resource-table').getByText('Cantiere di Modena').waitFor();
    await shot(page, 'azienda');
    await page.context().close();
  });

  it('imports employees from a CSV: a wrong row stops the file, the corrected file goes in whole (issue #13)', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale', undefined, { at: '/anagrafica/dipendenti' });
    await page.getByTestId('resource-table').waitFor();
    await page.getByRole('button', { name: 'Importa' }).click();
    const modal = page.getByTestId('import-modal');
    const csv = (cf2: string) =>
      Buffer.from(`Matricola;Cognome;Nome;Codice fiscale;Data assunzione;Reparto\n009501;Ferraresi;Ilaria;FRRLRI90A41A944V;01/12/2026;Produzione\n009502;Zanoni;Piero;${cf2};02/12/2026;Magazzino\n`);
    await modal.locator('input[type=file]').setInputFiles({ name: 'assunzioni.csv', mimeType: 'text/csv', buffer: csv('ZNNPRI85B02A944X') });
    await modal.getByText('Una riga su 2 da correggere: il file non si può importare così').waitFor();
    await modal.getByRole('cell', { name: 'Codice fiscale', exact: true }).waitFor();
    await modal.getByText('Colonne non usate: Reparto').waitFor();
    await shot(page, 'import-errori');
    expect(await page.getByRole('button', { name: 'Importa 2 righe' }).isDisabled()).toBe(true);
    await modal.locator('input[type=file]').setInputFiles({ name: 'assunzioni.csv', mimeType: 'text/csv', buffer: csv(codiceFiscale('ZNNPRI85B02A944')) });
    await modal.getByText('2 righe pronte da importare').waitFor();
    await page.getByRole('button', { name: 'Importa 2 righe' }).click();
    await page.getByTestId('notification').getByText('Importate 2 righe').waitFor();
    // the list is sorted by surname, 20 a page: each is found by the search
    for (const cognome of ['Ferraresi', 'Zanoni']) {
      await page.getByRole('searchbox', { name: 'Cerca' }).fill(cognome);
      await page.getByRole('searchbox', { name: 'Cerca' }).press('Enter');
      await page.getByTestId('resource-table').getByText(cognome).waitFor();
    }
    await page.context().close();
  });

  // every other test reduces motion (support.ts): this one keeps the animated path of a drawer and a dialog covered
  it('slides a drawer in and zooms a dialog when the system allows motion, and shows both at once when it asks for less', async () => {
    const moves = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await newPage(browser, { reducedMotion });
      await loginAs(page, 'personale', undefined, { at: '/anagrafica/reparti' });
      await page.getByTestId('resource-table').getByRole('cell', { name: 'Produzione', exact: true }).first().waitFor();
      // the animations and transitions that start from now on, by the overlay they belong to
      await page.evaluate(() => {
        const w = window as unknown as { moves: string[] };
        w.moves = [];
        const note = (e: Event) => {
          const overlay = (e.target as Element).closest?.('.ant-drawer, .ant-modal-root, .ant-modal-wrap');
          // the overlay's own entrance and exit (a skeleton's endless shimmer is a loading sign, and stays)
          if (overlay && /-motion-|ant-zoom|ant-fade/.test((e.target as Element).className)) w.moves.push(overlay.matches('.ant-drawer') ? 'drawer' : 'dialog');
        };
        document.addEventListener('animationstart', note, true);
        document.addEventListener('transitionstart', note, true);
      });
      await page.getByRole('button', { name: 'Nuovo' }).click();
      const drawer = page.getByTestId('resource-form');
      await drawer.getByLabel('Codice').waitFor();
      // once still, the drawer takes a click where it stands (nothing typed: Escape then closes it without asking)
      await animationsDone(page);
      await drawer.getByLabel('Codice').click();
      expect(await drawer.getByLabel('Codice').evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Cambia password' }).click();
      const dialog = page.locator('.ant-modal').first();
      await dialog.waitFor();
      await animationsDone(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      const seen = await page.evaluate(() => [...new Set((window as unknown as { moves: string[] }).moves)].sort());
      await page.context().close();
      return seen;
    };
    expect(await moves('no-preference')).toEqual(['dialog', 'drawer']);
    expect(await moves('reduce')).toEqual([]);
  });

  it('creates a department through the resource page', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale', undefined, { at: '/anagrafica/reparti' });
    await page.getByTestId('resource-table').getByRole('cell', { name: 'Produzione', exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Nuovo' }).click();
    await page.getByLabel('Codice').fill('QUAL');
    // Escape on a half-filled drawer asks first (issue #12); keeping on editing keeps what was typed
    await page.keyboard.press('Escape');
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: 'Chiudere senza salvare?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Continua la modifica' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Codice').inputValue()).toBe('QUAL');
    await page.getByLabel('Descrizione').fill('Qualità');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.getByTestId('notification').getByText('Elemento creato').waitFor();
    await page.getByTestId('resource-table').getByText('Qualità').waitFor();
    await shot(page, 'reparti');
    // the list goes to Excel as a real workbook, the new department included
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await file.path())!);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).filter(Boolean);
    expect(header).toEqual(expect.arrayContaining(['Codice', 'Descrizione']));
    expect(ws.getRow(1).font?.bold ?? ws.getCell('A1').font?.bold).toBe(true);
    const texts = ws.getSheetValues().flat().map(String);
    expect(texts).toEqual(expect.arrayContaining(['QUAL', 'Qualità', 'Produzione']));
    // dates go to Excel as dates (sortable), shown dd/mm/yyyy
    await page.goto('/anagrafica/dipendenti');
    await page.getByTestId('resource-table').locator('tbody tr.ant-table-row').first().waitFor();
    const download2 = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta Excel' }).click();
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.readFile((await (await download2).path())!);
    const ws2 = wb2.worksheets[0];
    const col = (ws2.getRow(1).values as unknown[]).indexOf('Data assunzione');
    expect(col).toBeGreaterThan(0);
    const hired = ws2.getRow(2).getCell(col);
    expect(hired.value).toBeInstanceOf(Date);
    expect(hired.numFmt).toBe('dd/mm/yyyy');
    expect(ws2.rowCount).toBeGreaterThan(50);
    await page.context().close();
  });
});
