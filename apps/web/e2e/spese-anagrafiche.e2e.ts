/**
 * Issue #16's master data in Chromium, as a new user would: mario.rossi registers his own car, without its cost per
 * km (HR's, issue #27 §7), which personale fills from a row of the ACI table (0,5012, stored exactly); personale imports the ECB's reference
 * rates from a CSV file — a broken one first, refused row by row with nothing stored, then a good one, stored
 * whole. The rates are of March 2025, before the demo's own, so no other spec's expense changes rate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessible, api, choose, e2e, launch, loginAs, newPage, serverToday, stillShot as shot } from './support';

const TARGA = 'GE512SA';

type Veicolo = { id: number; targa: string; dipendente_nome: string | null; costo_km: { anno: number; euro_km: string }[] };
type Cambio = { data: string; cambio: string };

async function upload(page: Page, name: string, text: string) {
  await page.getByTestId('cambi-import').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

describe.skipIf(e2e().skip)('expense master data in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('mario registers his own car without its cost per km, which personale fills from the ACI table', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'mario.rossi');
    await page.locator('nav a[href="/veicoli"]').first().click();
    const table = page.getByTestId('resource-table');
    await table.getByText('EZ482KL').waitFor();
    await page.getByRole('button', { name: 'Nuovo' }).click();
    const form = page.getByTestId('resource-form');
    await form.getByLabel('Targa').fill(TARGA.toLowerCase());
    await form.getByLabel('Marca').fill('Toyota');
    await form.getByLabel('Modello').fill('Yaris Hybrid');
    await form.getByLabel('Alimentazione').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^Ibrida$/ }).click();
    // an employee's car is always their own: nobody to choose; and its cost per km is HR's, shown, never typed
    expect(await form.getByLabel('Proprietario').count()).toBe(0);
    await form.getByTestId('costo-km-lettura').getByText('Da definire dall’ufficio del personale').waitFor();
    expect(await form.getByRole('button', { name: 'Aggiungi un anno' }).count()).toBe(0);
    await shot(page, 'veicoli-mario-nuovo');
    await accessible(page, 'nuovo veicolo di un dipendente');
    await page.getByRole('button', { name: 'Salva' }).click();
    await table.locator('tr', { hasText: TARGA }).getByText('Da definire dall’ufficio del personale').waitFor();
    await shot(page, 'veicoli-mario');
    await page.context().close();

    // stored his, without a cost
    const { rows } = await api<{ rows: Veicolo[] }>('admin', 'GET', `/api/veicoli?search=${TARGA}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].costo_km).toEqual([]);
    expect(rows[0].dipendente_nome).toBe('Rossi Mario');

    // personale keeps the ACI table and fills the car's cost of the year from its row
    const anno = Number(serverToday().slice(0, 4));
    const aci = await api<{ data: { id: number } }>('personale', 'PUT', '/api/tariffeaci', { anno, descrizione: 'TOYOTA Yaris 1.5 Hybrid', alimentazione: 'ibrida', euro_km: '0,5012' });
    const hr = await newPage(browser);
    await loginAs(hr, 'personale');
    await hr.locator('nav a[href="/veicoli"]').first().click();
    await hr.getByRole('tab', { name: 'Tabella ACI' }).waitFor();
    const veicoli = hr.getByTestId('resource-table').first();
    await veicoli.getByText(TARGA).waitFor();
    await veicoli.locator('tr', { hasText: TARGA }).getByTestId('veicolo-da-aci').click();
    const modal = hr.locator('.ant-modal:visible');
    await choose(hr, modal, 'Riga della tabella ACI', 'TOYOTA Yaris');
    await modal.getByRole('button', { name: 'Salva' }).click();
    await veicoli.locator('tr', { hasText: TARGA }).getByText(`0,5012 €/km (${anno})`).waitFor();
    await shot(hr, 'veicoli-da-aci');
    const after = await api<{ rows: Veicolo[] }>('admin', 'GET', `/api/veicoli?search=${TARGA}`);
    expect(after.rows[0].costo_km).toEqual([expect.objectContaining({ anno, euro_km: '0.5012' })]);
    // the demo keeps mario with his one car, and the ACI table as it was, for the other specs
    await api('personale', 'DELETE', `/api/veicoli/${rows[0].id}`);
    await api('personale', 'DELETE', `/api/tariffeaci/${aci.data.id}`);
    await hr.context().close();
  });

  it('personale imports the ECB rates: a broken file is refused row by row, a good one is stored whole', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale');
    await page.locator('nav a[href="/valute"]').first().click();
    await page.getByTestId('resource-table').getByText('Dollaro statunitense').waitFor();
    await shot(page, 'valute');

    await page.getByRole('button', { name: 'Importa cambi BCE' }).click();
    const modal = page.getByTestId('cambi-import');
    await upload(
      page,
      'eurofxref-rotto.csv',
      'Date,USD,JPY,GBP,CHF,ZAR,\n2025-03-05,1.0796,160.12,0.8321,0.9512,19.6521,\n2025-03-04,1.0611,N/A,abc,0.9390,19.5100,\n2025-02-30,1.0485,157.92,0.8262,0.9384,19.3802,\n',
    );
    await page.getByTestId('cambi-import-esito').getByText('2 righe da correggere').waitFor();
    const errori = page.getByTestId('cambi-import-errori');
    await errori.locator('tr', { hasText: 'GBP' }).getByText('Numero non valido').waitFor();
    await errori.locator('tr', { hasText: 'Date' }).getByText('Data non valida').waitFor();
    expect(await page.getByRole('button', { name: /^Importa \d+ camb/ }).isDisabled()).toBe(true);
    await modal.getByText('ZAR').waitFor(); // not a currency of ours: ignored
    await shot(page, 'valute-import-errori');
    await accessible(page, 'anteprima dei cambi BCE con errori');
    const nulla = await api<{ rows: Cambio[] }>('personale', 'GET', '/api/valute/USD/cambi?dal=2025-03-01&al=2025-03-31');
    expect(nulla.rows).toEqual([]);

    await upload(
      page,
      'eurofxref.csv',
      'Date,USD,JPY,GBP,CHF,ZAR,\n2025-03-05,1.0796,160.12,0.8321,0.9512,19.6521,\n2025-03-04,1.0611,N/A,0.8290,0.9390,19.5100,\n2025-03-03,1.0485,157.92,0.8262,0.9384,19.3802,\n',
    );
    // USD, GBP and CHF on three days, JPY on two
    await page.getByTestId('cambi-import-esito').getByText('11 cambi pronti da importare').waitFor();
    await shot(page, 'valute-import-anteprima');
    await page.getByRole('button', { name: 'Importa 11 cambi' }).click();
    await page.getByText('11 cambi importati').waitFor();
    await modal.waitFor({ state: 'detached' });
    const usd = await api<{ rows: Cambio[] }>('personale', 'GET', '/api/valute/USD/cambi?dal=2025-03-01&al=2025-03-31');
    expect(usd.rows.map((r) => [r.data, r.cambio])).toEqual([['2025-03-05', '1.079600'], ['2025-03-04', '1.061100'], ['2025-03-03', '1.048500']]);

    // the currency's rates by date, newest first, shown the Italian way
    await page.getByRole('button', { name: 'Cambi di USD' }).click();
    const cambi = page.getByTestId('cambi-table');
    await cambi.locator('tbody tr.ant-table-row').first().waitFor();
    await shot(page, 'valute-cambi');
    await accessible(page, 'cambi di una valuta');
    await page.context().close();
  });
});
