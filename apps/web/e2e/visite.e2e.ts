/**
 * Issue #4 (first slice) in Chromium: reception checks a visitor in, the referent's e-mail arrives at
 * the test SMTP server, the evacuation list shows the visitor, check-out removes them; the retention run
 * anonymises a visit older than its retention days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2e, launch, loginAs, newPage, passwordOf, shot, waitForMail } from './support';

async function pick(page: Page, label: string, option?: string) {
  const form = page.getByTestId('ingresso-form');
  await form.getByLabel(label, { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

describe.skipIf(e2e().skip)('visitor register in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('checks a visitor in and out at reception, with the referent told and the evacuation list updated', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'portineria', undefined, { at: '/visite/registro' });
    await page.getByTestId('registro-visite').waitFor();
    const since = Date.now(); // real-clock: mails are filed by their arrival time
    await page.getByRole('button', { name: 'Nuovo ingresso' }).click();
    const form = page.getByTestId('ingresso-form');
    await form.getByLabel('Nome', { exact: true }).fill('Ilaria');
    await form.getByLabel('Cognome', { exact: true }).fill('Boschi');
    await form.getByLabel('Azienda', { exact: true }).fill('Boschi Automazioni');
    await pick(page, 'Tipo visitatore', 'Cliente');
    await pick(page, 'Motivo', 'Riunione');
    await pick(page, 'Referente', 'Bianchi Laura');
    await shot(page, 'visite-ingresso');
    await page.getByRole('button', { name: 'Registra ingresso' }).click();
    // the answer says what was done (issue #12)
    await page.getByTestId('notification').getByText(/^Ingresso di .*Boschi registrato alle \d\d:\d\d$/).waitFor();
    const onSite = page.getByTestId('visitatori-presenti');
    await onSite.getByText('Boschi').first().waitFor();

    const mail = await waitForMail('laura.bianchi@officinerossi.it', since - 1000);
    expect(mail).toContain('Ilaria Boschi');
    expect(mail).toContain('arrivata in portineria la visita di');

    await page.getByRole('button', { name: 'Lista di evacuazione' }).click();
    await page.getByTestId('evacuazione-visitatori').getByText('Boschi Automazioni').waitFor();
    await shot(page, 'visite-evacuazione');
    await page.goto('/visite/registro');
    const row = page.getByTestId('visitatori-presenti').locator('tr', { hasText: 'Boschi' }).first();
    await row.getByRole('button', { name: 'Uscita' }).click();
    const confirm = page.locator('.ant-popconfirm, .ant-modal').getByRole('button', { name: /Uscita|OK|Conferma|Sì/ });
    if (await confirm.count()) await confirm.first().click();
    await expect.poll(() => page.getByTestId('visitatori-presenti').getByText('Boschi').count()).toBe(0);
    await shot(page, 'visite-registro');
    await page.context().close();
  });

  it('lets reception check in an expected visit with one click', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'portineria', undefined, { at: '/visite/registro' });
    // the demo expects a customer today, authorised by her referent
    const expected = page.getByTestId('attesi-oggi').locator('tr', { hasText: 'Lolli' }).first();
    await expected.waitFor();
    await expected.getByTestId('autorizzazione-ingresso').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Registra ingresso' }).click();
    await page.getByTestId('notification').getByText(/^Ingresso di .*Lolli registrato alle/).waitFor();
    await page.getByTestId('visitatori-presenti').getByText('Lolli').first().waitFor();
    await expect.poll(() => page.getByTestId('attesi-oggi').locator('tr', { hasText: 'Lolli' }).getByTestId('autorizzazione-ingresso').count()).toBe(0);
    await shot(page, 'visite-attesi');
    await page.context().close();
  });

  it('anonymises visits older than their retention days when an administrator runs retention', async () => {
    // the API, to look at the register across years (the screen shows one period at a time)
    const api = async (path: string) => {
      const base = e2e().baseUrl;
      const post = (url: string, init: RequestInit) => fetch(`${base}${url}`, { method: 'POST', ...init });
      const body = JSON.stringify({ username: 'admin', password: passwordOf('admin') });
      const u = await (await post('/api/auth/loginUser', { body, headers: { 'content-type': 'application/json' } })).json();
      const { atoken } = await (await post('/api/auth/authUser', { headers: { authorization: `Bearer ${u.token}` } })).json();
      return (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${atoken}` } })).json();
    };
    const page = await newPage(browser);
    await loginAs(page, 'admin', undefined, { at: '/visite/parametri' });
    await page.getByTestId('parametri-visite').waitFor();
    await page.getByRole('button', { name: 'Esegui ora la conservazione' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Sì' }).click();
    await expect.poll(async () => (await page.getByTestId('conservazione-esito').textContent()) ?? '').toMatch(/Visite anonimizzate: \d+/);
    await shot(page, 'visite-conservazione');
    // the demo's visit of 400 days ago (by this run or the daily job): the person is gone, the visit is counted
    expect((await api('/api/visite?dal=2000-01-01&search=Storico')).total).toBe(0);
    const old = await api('/api/visite?dal=2000-01-01&search=anonimo&size=1000');
    expect(old.rows.some((v: { anonimizzata: boolean; azienda: string | null }) => v.anonimizzata && v.azienda === null)).toBe(true);
    await page.context().close();
  });
});
