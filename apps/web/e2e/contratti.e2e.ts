/**
 * Issues #18 and #28 in Chromium, as a new user would: personale opens the pay tables from the menu and finds today's
 * table of the renewal of 22/11/2025 (C3 2.211,43 €, 12,78 €/h) and June 2027's, adds a component from a decorrenza,
 * is refused the same decorrenza twice with the server's message, compares 01/06/2026 with 01/06/2025 and sees C3's
 * increase, then checks on the employees' tab that a C3 employee's hourly rate in July 2026 is higher than in May 2026.
 * An agreement whose table stopped at 01/06/2025 is flagged on the table and on HR's home until it is brought up to
 * date. Screenshots go to .tmp/screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { accessible, api, choose, e2e, launch, loginAs, newPage, serverToday, stillShot as shot } from './support';

/** Types a date into an antd date picker found by its label and commits it. */
async function setDate(scope: Page | Locator, label: string, ddmmyyyy: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Enter');
}

/** C3's minimum and hourly rate on a date (the seed's Metalmeccanici table, renewal of 22/11/2025). */
const C3 = (data: string) => (data >= '2028-06-01' ? ['2.335,88', '13,50'] : data >= '2027-06-01' ? ['2.271,01', '13,13'] : ['2.211,43', '12,78']);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

/** "12,78 €" -> 1278 cents. */
const cents = (s: string) => Number(s.replace(/[^\d,]/g, '').replace(',', ''));

describe.skipIf(e2e().skip)('pay tables in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('personale reads today’s and June 2027’s table, adds a component, compares June 2026 with June 2025 and sees a C3 employee’s hourly rate go up', { timeout: 120_000 }, async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale');
    const link = page.locator('nav a[href="/contratti/retribuzione"]').first();
    if (!(await link.isVisible())) await page.getByTestId('sider').getByText('Contratti', { exact: true }).first().click();
    await link.click();
    await page.getByRole('heading', { name: 'Tabelle di retribuzione' }).waitFor();
    const tabella = page.getByTestId('tabella-ccnl');
    // today the renewal of 22/11/2025 is in force (on 28/11/2026 the table of 01/06/2026: C3 at 2.211,43 €, 12,78 €/h)
    const [mensile, oraria] = C3(serverToday());
    await expect.poll(() => tabella.getByTestId('totale-C3').textContent()).toBe(`${mensile}\u00a0€`);
    expect(await tabella.getByTestId('oraria-C3').textContent()).toBe(`${oraria}\u00a0€`);
    expect(await page.getByTestId('tabella-scaduta').count()).toBe(0);
    await shot(page, 'contratti-tabella');
    await accessible(page, 'the pay table');
    // HR plans with the raises ahead: June 2027
    await setDate(page, 'Data', '15/06/2027');
    await expect.poll(() => tabella.getByTestId('totale-C3').textContent()).toBe('2.271,01\u00a0€');
    expect(await tabella.getByTestId('oraria-C3').textContent()).toBe('13,13\u00a0€');
    expect(await tabella.getByTestId('totale-D1').textContent()).toBe('1.833,02\u00a0€');
    expect(await tabella.getByTestId('totale-A1').textContent()).toBe('2.985,33\u00a0€');
    await shot(page, 'contratti-tabella-giugno-2027');

    // a new component of C3 from 01/01/2027 beside the minimum
    const nuova = async () => {
      await page.getByTestId('nuova-voce').click();
      const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('voce-form') });
      await modal.waitFor();
      await choose(page, modal, 'Livello', 'C3');
      await modal.getByLabel('Voce', { exact: true }).fill('Elemento perequativo');
      await page.keyboard.press('Tab'); // on to the next field: the suggestions close, the modal stays
      await setDate(modal, 'Decorrenza', '01/01/2027');
      await modal.getByLabel('Importo mensile', { exact: true }).fill('10,00');
      return modal;
    };
    let modal = await nuova();
    await shot(page, 'contratti-nuova-voce');
    await modal.getByRole('button', { name: 'Salva' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByTestId('notification').getByText('Voce tabellare registrata').first().waitFor();

    // the same decorrenza again: refused with the server's message, nothing overwritten
    modal = await nuova();
    await modal.getByRole('button', { name: 'Salva' }).click();
    await page.getByTestId('notification').getByText(/ha già una decorrenza dal 01\/01\/2027/).first().waitFor();
    await shot(page, 'contratti-decorrenza-ripetuta');
    await modal.getByRole('button', { name: 'Annulla' }).click();
    await modal.waitFor({ state: 'hidden' });

    // the table on 01/01/2027: the minimum of June 2026 and the new component
    await setDate(page, 'Data', '01/01/2027');
    await expect.poll(() => tabella.getByTestId('totale-C3').textContent()).toBe('2.221,43\u00a0€');

    // the comparison with 01/06/2025: C3 up by 53,17 € (2,46 %)
    const confronto = page.getByTestId('confronto');
    await setDate(confronto, 'Dal', '01/06/2025');
    await setDate(confronto, 'Al', '01/06/2026');
    await confronto.getByTestId('confronta').click();
    await expect.poll(() => confronto.getByTestId('aumento-C3').textContent()).toBe('53,17\u00a0€');
    expect(await confronto.getByTestId('percentuale-C3').textContent()).toBe('2,46\u00a0%');
    await confronto.scrollIntoViewIfNeeded();
    await shot(page, 'contratti-confronto', false);

    // the Excel export of the table on the date shown
    const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta Excel' }).click()]);
    expect(excel.suggestedFilename()).toMatch(/\.xlsx$/);

    // an import from CSV: a file with a bad row is refused row by row and stores nothing; the right one is stored
    const csv = (righe: string[]) => ({ name: 'voci.csv', mimeType: 'text/csv', buffer: Buffer.from(['livello;voce;decorrenza;importo', ...righe].join('\n')) });
    const b3 = 'B3;Minimo tabellare;01/01/2027;285000';
    await page.getByRole('button', { name: 'Importa voci' }).click();
    const importa = page.getByTestId('import-modal');
    await importa.locator('input[type=file]').setInputFiles(csv([b3, 'Z9;Minimo tabellare;01/01/2027;100', 'C3;Minimo tabellare;01/06/2026;221143']));
    await page.getByTestId('import-esito').getByText(/da correggere/).waitFor();
    await importa.getByText('Il livello Z9 non è un livello di questo CCNL').waitFor();
    await importa.getByText(/ha già una decorrenza dal 01\/06\/2026/).waitFor();
    expect(await page.getByRole('button', { name: /^Importa \d+ righ/ }).isDisabled()).toBe(true);
    await shot(page, 'contratti-import-errori');
    await importa.locator('input[type=file]').setInputFiles(csv([b3]));
    await page.getByTestId('import-esito').getByText('Una riga pronta da importare').waitFor();
    await page.getByRole('button', { name: 'Importa 1 riga' }).click();
    await importa.waitFor({ state: 'detached' });
    await setDate(page, 'Data', '01/01/2027');
    await expect.poll(() => tabella.getByTestId('totale-B3').textContent()).toBe('2.850,00\u00a0€');

    // a level's history as a timeline
    await tabella.getByTestId('livello-C3').click();
    const timeline = page.getByTestId('storico-timeline');
    await timeline.getByText('dal 01/06/2026').waitFor();
    await shot(page, 'contratti-storico');
    await accessible(page, 'a level’s history');
    await page.keyboard.press('Escape');
    await timeline.waitFor({ state: 'hidden' });

    // the CCNL and its levels, through the generic resource page
    await page.getByRole('tab', { name: 'CCNL e livelli' }).click();
    await page.getByTestId('resource-table').getByText('C011').waitFor();
    await shot(page, 'contratti-ccnl');

    // the employees' tab: Mario Rossi is at C3 since 2020; his hourly rate in July 2026 is above May's
    await page.getByRole('tab', { name: 'Contratti dei dipendenti' }).click();
    await choose(page, page, 'Dipendente', 'Rossi Mario');
    await page.getByTestId('righe-contratto').getByText('C3').first().waitFor();
    const paga = page.getByTestId('paga-dipendente');
    const orariaAl = async (data: string) => {
      await setDate(paga, 'Retribuzione al', data);
      const iso = data.split('/').reverse().join('-');
      await page.locator(`[data-testid="paga-dipendente"][data-data="${iso}"]`).getByTestId('paga-oraria').waitFor();
      return cents((await paga.getByTestId('paga-oraria').textContent()) ?? '');
    };
    const maggio = await orariaAl('15/05/2026');
    const luglio = await orariaAl('15/07/2026');
    await shot(page, 'contratti-dipendente');
    // a new fixed-term row of 18 months without a reason: refused with the law's message, nothing stored
    await page.getByTestId('nuova-riga').click();
    const riga = page.locator('.ant-modal').filter({ has: page.getByTestId('riga-form') });
    await riga.waitFor();
    await choose(page, riga, 'Livello', 'C3');
    await choose(page, riga, 'Qualifica', 'Operaio');
    await choose(page, riga, 'Tipo di contratto', 'Tempo determinato');
    await setDate(riga, 'Data di fine', '17/05/2028');
    await riga.getByRole('button', { name: 'Salva' }).click();
    await riga.getByText(/oltre i 12 mesi richiede la causale/).waitFor();
    await shot(page, 'contratti-nuova-riga');
    await accessible(page, 'the employee’s contracts with the new row form');
    // open-ended part-time: the schedule day by day (D.Lgs 81/2015 art. 5 c. 2) and the trial's legal maximum beside
    // its days; 200 days are refused by the server naming the field (D.Lgs 104/2022 art. 7: six months at most)
    await choose(page, riga, 'Tipo di contratto', 'Tempo indeterminato');
    await riga.getByRole('switch').first().click();
    await riga.getByLabel('Percentuale part-time', { exact: true }).fill('50');
    for (const giorno of ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì']) await riga.getByLabel(giorno, { exact: true }).check();
    await riga.getByTestId('orario-part-time-testo').getByText(/lunedì dalle 08:00 alle 12:00; .* \(totale 20 ore settimanali\)/).waitFor();
    await riga.getByLabel('Periodo di prova', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Durata in giorni' }).click();
    await riga.getByTestId('prova-massima').getByText(/Massimo di legge: 18\d giorni/).waitFor();
    await riga.getByLabel('Giorni di calendario', { exact: true }).fill('200');
    await riga.getByRole('button', { name: 'Salva' }).click();
    await riga.locator('.ant-form-item-explain-error').filter({ hasText: /supera il massimo di legge/ }).waitFor();
    await shot(page, 'contratti-nuova-riga-part-time');
    await accessible(page, 'the new row form with the part-time schedule');
    await riga.getByRole('button', { name: 'Annulla' }).click();
    await riga.waitFor({ state: 'hidden' });
    // the 2020 row changed his level: to be notified in writing (D.Lgs 152/1997 art. 3) until a notice is filed
    await page.getByTestId('righe-contratto').getByText('Da comunicare').first().waitFor();

    // a correction asks why: without a reason it is not sent
    await page.getByRole('button', { name: 'Correggi la riga dal 01/01/2020' }).click();
    const correzione = page.locator('.ant-modal').filter({ hasText: 'Correggi la riga dal 01/01/2020' });
    await correzione.getByRole('button', { name: 'Salva' }).click();
    await correzione.locator('.ant-form-item-explain-error').filter({ hasText: 'Motivo della correzione' }).waitFor();
    expect(await correzione.getByLabel('Livello', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('C3');
    await correzione.getByRole('button', { name: 'Annulla' }).click();
    expect(maggio).toBeGreaterThan(0);
    expect(luglio).toBeGreaterThan(maggio);
  });

  it('flags an agreement whose table stopped at 01/06/2025 on the pay table and on HR’s home, until its renewal is entered', { timeout: 90_000 }, async () => {
    const today = serverToday();
    // sorted after the Metalmeccanici, so other specs still open on it
    const ccnl = await api<{ data: { id: number } }>('personale', 'PUT', '/api/contratti/ccnl', {
      codice: 'Z999', descrizione: 'Zeta – CCNL fermo al 2025', mensilita: 13, ore_settimanali: 40, divisore_orario: 173, livelli: [{ codice: 'L1', descrizione: 'Primo livello' }],
    });
    const id = ccnl.data.id;
    await api('personale', 'PUT', `/api/contratti/ccnl/${id}/voci`, { livello: 'L1', voce: 'Minimo tabellare', decorrenza: '2025-06-01', importo: 200000 });
    const page = await newPage(browser);
    await loginAs(page, 'personale');
    // HR's home: one table to update, linked to the pay tables
    const tile = page.getByTestId('da-fare-ccnl_tabelle_scadute');
    await expect.poll(() => tile.textContent()).toMatch(/^1\s*Tabelle CCNL da aggiornare/);
    await shot(page, 'contratti-home-tabelle-scadute');
    await tile.click();
    await page.getByRole('heading', { name: 'Tabelle di retribuzione' }).waitFor();
    await choose(page, page, 'CCNL', 'Z999 - Zeta – CCNL fermo al 2025');
    const alert = page.getByTestId('tabella-scaduta');
    await alert.getByText('Tabella retributiva da aggiornare').waitFor();
    expect(await alert.textContent()).toContain('L’ultima decorrenza di questo CCNL è del 01/06/2025');
    await shot(page, 'contratti-tabella-scaduta');
    await accessible(page, 'the pay table with its stale notice');

    // the renewal entered from today: the notice goes, and the home's tile with it
    await api('personale', 'PUT', `/api/contratti/ccnl/${id}/voci`, { livello: 'L1', voce: 'Minimo tabellare', decorrenza: today, importo: 205000 });
    // (the table asked afresh: the notice is about today, whatever date is shown)
    await setDate(page, 'Data', ddmmyyyy(today) === '01/06/2025' ? '02/06/2025' : '01/06/2025');
    await expect.poll(() => page.getByTestId('tabella-ccnl').getByTestId('totale-L1').textContent()).toBe('2.000,00\u00a0€');
    expect(await alert.count()).toBe(0);
    await page.goto('/');
    // the counts arrived: the home's tiles carry their numbers
    await page.locator('[data-testid="da-fare-da_approvare"][aria-busy="false"]').waitFor();
    expect(await tile.count()).toBe(0);
  });
});
