/**
 * Issue #31 §1 in Chromium: the working-time findings as HR meets them. The home page counts the month's findings to
 * review; the tile opens the compliance screen filtered on them, each finding with its rule and its detail in words;
 * HR reviews one with a note, which leaves the list to review and shows, with who wrote it, once the filter is off;
 * the day's link opens the person's timecard. Screenshots go to .tmp/screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessible, e2e, launch, loginAs, newPage, stillShot as shot } from './support';

describe.skipIf(e2e().skip)('working-time compliance in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('HR opens the findings from the home page, reviews one with a note and opens the timecard of another', { timeout: 120_000 }, async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale');
    const tile = page.getByRole('link', { name: /Riscontri sull’orario di lavoro da verificare/ });
    await tile.waitFor();
    await tile.click();
    await page.waitForURL(/\/conformita\?stato=da_verificare/);
    const table = page.getByTestId('conformita');
    const pausa = table.getByRole('row').filter({ hasText: 'Baraldi Cristian' }).filter({ hasText: 'Pausa (art. 8)' });
    await expect.poll(() => pausa.count()).toBe(1);
    await expect.poll(() => pausa.innerText()).toContain('7:00 ore di lavoro continuato dalle 07:00 alle 14:00 senza una pausa di almeno 10 minuti');
    await shot(page, 'conformita-da-verificare');
    await accessible(page, 'the compliance screen');

    await pausa.getByRole('button', { name: 'Verifica' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verifica del riscontro' });
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByText('Nota (motivo, provvedimento preso) è richiesto').waitFor();
    await dialog.getByLabel('Nota (motivo, provvedimento preso)').fill('Inventario del sabato: pausa goduta ma non timbrata, verificato con il lavoratore');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Riscontro verificato').waitFor();
    // reviewed, it leaves the list of those to review
    await expect.poll(() => pausa.count()).toBe(0);
    await page.getByRole('switch', { name: 'Da verificare' }).click();
    await expect.poll(() => pausa.innerText()).toContain('Inventario del sabato: pausa goduta ma non timbrata');
    await expect.poll(() => pausa.innerText()).toContain('personale,');
    await shot(page, 'conformita-verificato');

    // the day opens the person's timecard of that month
    const lungo = table.getByRole('row').filter({ hasText: 'Minarelli Ivan' }).filter({ hasText: 'Durata massima giornaliera (art. 7)' });
    const giorno = (await lungo.getByRole('link').innerText()).trim();
    await lungo.getByRole('link').click();
    await page.waitForURL(/\/cartellino\?dipendente=\d+&mese=\d{4}-\d{2}/);
    await page.getByText('Minarelli Ivan').first().waitFor();
    expect(giorno).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await page.close();
  });

  it('a manager reads only her departments: the demo breaks no rule in Produzione', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await loginAs(page, 'laura.bianchi', undefined, { at: '/conformita' });
    await page.getByText('Nessun riscontro nel mese').waitFor();
    expect(await page.getByRole('button', { name: 'Verifica' }).count()).toBe(0);
    await page.close();
  });
});
