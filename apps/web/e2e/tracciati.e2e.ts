/**
 * Issue #31 §4 in Chromium: personale creates a payroll layout on *Tracciati paghe* (the model's CSV fields), edits
 * it to a comma separator, then exports the demo's closed month in it from *Riepilogo totalizzatori*: the file
 * downloaded is CSV with the layout's header and separator. Screenshots go to .tmp/screenshots.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, loginAs, newPage, serverToday, stillShot as shot } from './support';

/** Picks an option of a select that is not searched: opened with a click, the option clicked, the choice shown. */
async function pick(page: Page, scope: Locator | Page, label: string, option: string) {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  const root = select.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect.poll(() => root.innerText()).toContain(option);
}

describe('payroll layouts in the browser (issue #31 §4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('creates and edits a layout, then downloads the closed month in it', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale', undefined, { at: '/paghe/tracciati' });
    await page.getByText('Esempio tracciato fisso').waitFor();
    // the screen says what an unmapped kind becomes, and names the kinds of hours
    await page.getByTestId('tracciati-non-mappati').getByText(/ordinari, straordinari, supplementari, notturni, festivi/).waitFor();

    await page.getByRole('button', { name: 'Nuovo' }).click();
    const form = page.getByTestId('resource-form');
    await form.getByLabel('Nome', { exact: true }).fill('Paghe E2E');
    await form.getByTestId('righe-campi').getByTestId('riga-campi-0').waitFor();
    await shot(page, 'tracciati-nuovo');
    await page.getByRole('button', { name: 'Salva' }).click();
    const riga = page.getByRole('row', { name: /Paghe E2E/ });
    await riga.waitFor();

    await riga.getByRole('button', { name: 'Modifica' }).click();
    await pick(page, form, 'Separatore', 'Virgola (,)');
    await page.getByRole('button', { name: 'Salva' }).click();
    await form.waitFor({ state: 'hidden' });

    // the month before last is closed in the demo data
    await page.goto('/totaliz');
    await page.getByTestId('totaliz-tabella').waitFor();
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Mese precedente' }).click();
    await page.getByTestId('mese-chiuso').waitFor();
    await pick(page, page, 'Tracciato paghe', 'Paghe E2E');
    await shot(page, 'tracciati-export');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export con tracciato' }).click();
    const file = await download;
    const now = serverToday();
    const closed = new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)) - 3, 1)).toISOString().slice(0, 7);
    expect(file.suggestedFilename()).toBe(`paghe-000001-${closed}-paghe-e2e.csv`);
    const lines = fs.readFileSync((await file.path())!, 'utf8').split('\r\n');
    expect(lines[0]).toBe('DIPENDENTE,DATA,VOCE,ORE,IMPORTO');
    expect(lines).toContainEqual(expect.stringMatching(/^\d{6},\d{8},ORD,"8,00",$/));
    await page.context().close();
  });
});
