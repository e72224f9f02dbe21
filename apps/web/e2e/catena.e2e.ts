/**
 * Issue #28 §3 in Chromium: the fixed-term chain as HR meets it. A warehouse worker on a renewal ending within 30 days
 * shows on personale's home with whether he may still be extended; the link opens his contracts, where the chain lists
 * each contract with its months and what is still possible; a new row starting too early after the term is refused
 * with the first day allowed (D.Lgs 81/2015 art. 21 c. 2), and the extension from the day after, its reason picked
 * from the CCNL's catalogue, joins the chain as an extension. Screenshots go to .tmp/screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { codiceFiscaleCheckChar } from '@tulip/contract';
import { accessible, api, choose, e2e, launch, loginAs, newPage, serverToday, stillShot as shot } from './support';

type Rows<T> = { rows: T[] };
const plus = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
const it_ = (iso: string) => iso.split('-').reverse().join('/');

async function setDate(scope: Page | Locator, label: string, ddmmyyyy: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Enter');
}

describe.skipIf(e2e().skip)('the fixed-term chain in the browser', () => {
  let browser: Browser;
  let dip = 0;
  const today = serverToday();

  beforeAll(async () => {
    browser = await launch();
    const n = String(Math.floor(Math.random() * 9000) + 1000);
    const reparti = await api<Rows<{ id: number; codice: string }>>('personale', 'GET', '/api/reparti?size=1000');
    const mansioni = await api<Rows<{ id: number; codice: string }>>('personale', 'GET', '/api/mansioni?size=1000');
    const ccnl = (await api<Rows<{ id: number; codice: string }>>('personale', 'GET', '/api/contratti/ccnl')).rows.find((c) => c.codice === 'C011')!;
    const cf15 = `TRMPLA90A${String(10 + (Number(n) % 18))}A944`;
    const created = await api<{ data: { id: number } }>('personale', 'PUT', '/api/dipendenti', {
      matricola: `T28${n}`, cognome: 'Terminale', nome: 'Paolo', codice_fiscale: cf15 + codiceFiscaleCheckChar(cf15),
      reparto_id: reparti.rows.find((r) => r.codice === 'MAG')!.id, mansione_id: mansioni.rows.find((m) => m.codice === 'MAG')!.id, data_assunzione: plus(today, -200),
    });
    dip = created.data.id;
    const row = { ccnl_id: ccnl.id, livello: 'C1', qualifica: 'operaio', tipo_contratto: 'determinato' };
    // a first contract of about 3 months, then a renewal 20 days later that ends in 15 days
    await api('personale', 'PUT', `/api/contratti/dipendenti/${dip}/contratti`, { ...row, dal: plus(today, -200), data_fine: plus(today, -120) });
    await api('personale', 'PUT', `/api/contratti/dipendenti/${dip}/contratti`, { ...row, dal: plus(today, -100), data_fine: plus(today, 15) });
  });
  afterAll(async () => browser?.close());

  it('HR sees the term coming on the home, opens the chain, is refused a renewal within 10 days and extends it with a reason from the catalogue', { timeout: 120_000 }, async () => {
    const page = await newPage(browser);
    await loginAs(page, 'personale');
    const avvisi = page.getByTestId('termini-determinato');
    const voce = avvisi.getByTestId(`termine-${dip}`);
    await voce.getByText(`scade il ${it_(plus(today, 15))} (fra 15 giorni)`).waitFor();
    await voce.getByText(/proroga possibile: ancora .*4 proroghe/).waitFor();
    await avvisi.getByTestId('quota-determinato').waitFor();
    await shot(page, 'catena-home');

    await voce.getByRole('link', { name: 'Terminale Paolo' }).click();
    await page.waitForURL(/tab=dipendenti&dipendente=/);
    const catena = page.getByTestId('catena');
    const voci = catena.getByTestId('catena-voci');
    await voci.getByText('Rinnovo').waitFor();
    expect(await voci.getByText('Contratto', { exact: true }).count()).toBe(1);
    await expect.poll(() => catena.getByTestId('catena-proroghe').textContent()).toBe('0 di 4');
    await shot(page, 'catena-dipendente');
    await accessible(page, 'the employee’s fixed-term chain');

    // a new contract 5 days after the term: the renewal lasted up to 6 months, so 10 days must pass
    await page.getByTestId('nuova-riga').click();
    const riga = page.locator('.ant-modal').filter({ has: page.getByTestId('riga-form') });
    await riga.waitFor();
    await setDate(riga, 'Decorrenza', it_(plus(today, 21)));
    await choose(page, riga, 'Livello', 'C1');
    await choose(page, riga, 'Qualifica', 'Operaio');
    await choose(page, riga, 'Tipo di contratto', 'Tempo determinato');
    await setDate(riga, 'Data di fine', it_(plus(today, 60)));
    await riga.getByRole('button', { name: 'Salva' }).click();
    await riga.getByText(`può iniziare solo dopo 10 giorni, dal ${it_(plus(today, 26))}`, { exact: false }).first().waitFor();
    await shot(page, 'catena-rinnovo-rifiutato');

    // the extension from the day after the term, its reason picked from the CCNL's catalogue
    await setDate(riga, 'Decorrenza', it_(plus(today, 16)));
    const causale = riga.getByLabel('Causale', { exact: true });
    await causale.click();
    await causale.fill('Lancio');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Lancio di nuovi prodotti' }).click();
    await expect.poll(() => causale.inputValue()).toBe('Lancio di nuovi prodotti o avvio di nuove linee produttive');
    await riga.getByRole('button', { name: 'Salva' }).click();
    await riga.waitFor({ state: 'hidden' });
    await voci.getByText('Proroga', { exact: true }).waitFor();
    await expect.poll(() => catena.getByTestId('catena-proroghe').textContent()).toBe('1 di 4');
    await voci.getByText('Lancio di nuovi prodotti o avvio di nuove linee produttive').waitFor();
    await shot(page, 'catena-proroga');
  });
});
