/**
 * Issue #16 in Chromium, as a new user would: mario.rossi creates a trip to Milan and adds a cash dinner, a train
 * ticket paid by card with its receipt, 137 km with his own car and a daily allowance; he sees which parts are taxable
 * (the cash dinner's warnings, the allowance's reduced exempt part) and sends the note; laura.bianchi approves it from
 * her list; personale caps the dinner at its limit in the line-by-line review and settles the note; the payroll export
 * carries the exempt and the taxable amounts under their codes. Screenshots (desktop and a 390 px phone) go to
 * .tmp/screenshots.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TNotaSpeseDettaglio } from '@tulip/contract';
import { accessible, api, e2e, launch, loginAs, newPage, serverToday, stillShot as shot, tokenOf } from './support';

/** A 1×1 PNG: the receipt of the train ticket (the store types files by their content). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const dd = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** "45,90" for 4590 cents. */
const eur = (c: number) => `${Math.floor(c / 100).toLocaleString('it-IT')},${String(c % 100).padStart(2, '0')}`;

/** Types a date into an antd picker found by its label, as a keyboard user does. */
async function typeDate(field: Locator, date: string) {
  await field.click();
  await field.fill(dd(date));
  await field.press('Enter');
}

/** Chooses an option of a select found by its label: typed to filter it, then taken with Enter, as on a keyboard. */
async function choose(page: Page, scope: Locator | Page, name: string, option: string) {
  const select = scope.getByLabel(name, { exact: true });
  await select.click();
  await select.fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().waitFor();
  await select.press('Enter');
  await expect.poll(() => select.getAttribute('aria-expanded')).toBe('false');
}

/** The payroll file of a month as `matricola|voce|data` -> cents (through the API, as HR). */
async function payroll(mese: string): Promise<Map<string, number>> {
  const r = await fetch(`${e2e().baseUrl}/api/notaspese/paghe?mese=${mese}&formato=csv`, { headers: { authorization: `Bearer ${await tokenOf('personale')}` } });
  return parseCsv(await r.text());
}
function parseCsv(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.trim().split(/\r?\n/).slice(1)) {
    const [, matricola, voce, data, , , importo] = line.split(';');
    out.set(`${matricola}|${voce}|${data}`, (out.get(`${matricola}|${voce}|${data}`) ?? 0) + Number(importo));
  }
  return out;
}

describe.skipIf(e2e().skip)('expense notes in the browser', () => {
  let browser: Browser;
  let mario: { id: number; matricola: string };
  const targa = `ZZ${String(Math.floor(Math.random() * 90000) + 10000)}`;
  const EURO_KM = 5000; // 0.5000 €/km, in ten-thousandths
  let notaId = 0;
  const today = () => serverToday();
  const dal = () => addDays(today(), -2);
  const al = () => addDays(today(), -1);

  beforeAll(async () => {
    browser = await launch();
    const profile = await api<{ dipendente: { id: number; matricola: string } }>('mario.rossi', 'GET', '/api/user/profile');
    mario = { id: profile.dipendente.id, matricola: profile.dipendente.matricola };
    // his own car, registered as an employee registers it; HR sets this year's ACI cost (issue #27 §7)
    const car = { targa, marca: 'Fiat', modello: 'Panda 1.2', alimentazione: 'benzina' };
    const { data } = await api<{ data: { id: number } }>('mario.rossi', 'PUT', '/api/veicoli', car);
    await api('personale', 'POST', `/api/veicoli/${data.id}`, { ...car, dipendente_id: mario.id, costo_km: [{ anno: Number(today().slice(0, 4)), euro_km: '0.5000' }] });
  });
  afterAll(async () => browser?.close());

  const nota = () => api<TNotaSpeseDettaglio>('mario.rossi', 'GET', `/api/notaspese/${notaId}`);

  it('mario creates a trip to Milan, adds four expenses, sees what is taxable, and sends the note', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'mario.rossi', undefined, { at: '/notaspese' });
    await page.getByTestId('note-spese').waitFor();
    await page.getByTestId('nota-nuova').click();
    const nf = page.getByTestId('nota-form');
    await nf.getByLabel('Descrizione').fill('Trasferta Milano cliente Brambilla');
    await nf.getByLabel('Destinazione').fill('Milano');
    await typeDate(nf.getByPlaceholder('Dal', { exact: true }), dal());
    await nf.getByPlaceholder('Al', { exact: true }).fill(dd(al()));
    await nf.getByPlaceholder('Al', { exact: true }).press('Enter');
    await shot(page, 'spese-nuova-nota', false);
    await accessible(page, 'nuova nota spese');
    // a double click on save makes one note: each write carries an Idempotency-Key (issue #27 §4)
    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/notaspese') keys.push(r.headers()['idempotency-key'] ?? '');
    });
    await page.getByTestId('nota-salva').dblclick();
    await page.getByTestId('nota-dettaglio').waitFor();
    notaId = Number(new URL(page.url()).searchParams.get('nota'));
    expect(notaId).toBeGreaterThan(0);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => /^[0-9a-f-]{36}$/.test(k))).toBe(true);
    const mine = await api<{ rows: { descrizione: string }[] }>('mario.rossi', 'GET', '/api/notaspese?size=100');
    expect(mine.rows.filter((n) => n.descrizione === 'Trasferta Milano cliente Brambilla')).toHaveLength(1);
    expect(await page.getByTestId('trasferta-nota').textContent()).toContain(`Milano · ${dd(dal())} – ${dd(al())} · Misto`);

    const drawer = page.getByTestId('riga-form');
    const righe = page.getByTestId('righe-nota').locator('tbody tr.ant-table-row');
    async function addLine(n: number, fill: () => Promise<void>) {
      await page.getByTestId('riga-nuova').click();
      await drawer.waitFor();
      await fill();
      await page.getByTestId('riga-salva').click();
      await expect.poll(() => righe.count()).toBe(n).catch(async (e) => {
        await shot(page, `spese-errore-riga-${n}`, false);
        throw e;
      });
      await drawer.waitFor({ state: 'hidden' });
    }
    // a cash dinner, documented but without the receipt, above the meal limit
    await addLine(1, async () => {
      await typeDate(drawer.getByLabel('Data', { exact: true }), dal());
      await choose(page, drawer, 'Tipo di spesa', 'Vitto');
      await drawer.getByLabel('Importo', { exact: true }).fill('62,00');
      await choose(page, drawer, 'Pagamento', 'Contanti');
      await drawer.getByText('Documentata (ho la ricevuta o il biglietto)').click();
      await drawer.getByLabel('Descrizione').fill('Cena con il cliente');
    });
    // the train ticket, paid by card, with the receipt uploaded
    await addLine(2, async () => {
      await typeDate(drawer.getByLabel('Data', { exact: true }), dal());
      await choose(page, drawer, 'Tipo di spesa', 'Viaggio (treno');
      await drawer.getByLabel('Importo', { exact: true }).fill('45,90');
      await choose(page, drawer, 'Pagamento', 'Carta di credito personale');
      await drawer.locator('input[type=file]:not([capture])').setInputFiles({ name: 'biglietto.png', mimeType: 'image/png', buffer: PNG });
      await drawer.getByTestId('ricevuta-anteprima').waitFor();
      // the receipt documents the line: the box shows it, as it will be stored
      await expect.poll(() => drawer.getByTestId('riga-documentata').isChecked()).toBe(true);
      expect(await drawer.getByTestId('riga-documentata').isDisabled()).toBe(true);
      await shot(page, 'spese-riga-treno', false);
      await accessible(page, 'riga di spesa');
    });
    // 137 km with his own car
    await addLine(3, async () => {
      await typeDate(drawer.getByLabel('Data', { exact: true }), al());
      await choose(page, drawer, 'Tipo di spesa', 'Rimborso chilometrico');
      await drawer.getByLabel('Km', { exact: true }).fill('137');
      await choose(page, drawer, 'Veicolo', targa);
      await drawer.getByLabel('Da', { exact: true }).fill('Bologna');
      await drawer.getByLabel('A', { exact: true }).fill('Milano');
    });
    // the daily allowance of the dinner's day
    await addLine(4, async () => {
      await typeDate(drawer.getByLabel('Data', { exact: true }), dal());
      await choose(page, drawer, 'Tipo di spesa', 'Diaria');
      await drawer.getByLabel('Importo', { exact: true }).fill('46,48');
    });

    const n = await nota();
    const by = (tipo: string) => n.righe.find((r) => r.tipo_spesa === tipo)!;
    expect(by('VITTO')).toMatchObject({ rimborsabile: 6200, esente: 0, imponibile: 6200 });
    expect(by('VITTO').avvisi).toEqual(expect.arrayContaining(['non_tracciabile', 'oltre_massimale', 'ricevuta_mancante']));
    expect(by('VIAGGIO')).toMatchObject({ esente: 4590, imponibile: 0, avvisi: [] });
    expect(by('CHILOMETRICO')).toMatchObject({ importo_eur: Math.round((137 * EURO_KM) / 100), esente: 6850 });
    // meals reimbursed that day: the allowance is exempt up to 30,99 € (TUIR art. 51 c. 5)
    expect(by('DIARIA')).toMatchObject({ esente: 3099, imponibile: 1549, avvisi: ['diaria_oltre_limite'] });

    // on screen: the dinner's warnings, the allowance's split, the totals
    const cena = page.getByTestId(`riga-${by('VITTO').id}`);
    for (const w of ['Pagata in contanti: imponibile', 'Oltre il massimale', 'Ricevuta mancante']) await cena.getByText(w).waitFor();
    const diaria = page.getByTestId(`riga-${by('DIARIA').id}`);
    expect(await diaria.textContent()).toContain('30,99');
    expect(await diaria.textContent()).toContain('15,49');
    await diaria.getByText('Diaria oltre il limite esente del giorno').waitFor();
    const riepilogo = page.getByTestId('avvisi-riepilogo');
    expect(await riepilogo.textContent()).toContain('Pagata in contanti: imponibile');
    expect(await page.getByTestId('totale-imponibile').textContent()).toContain(eur(6200 + 1549));
    expect(await page.getByTestId('totale-esente').textContent()).toContain(eur(4590 + 6850 + 3099));
    expect(await page.getByTestId('totale-da-liquidare').textContent()).toContain(eur(n.totali.da_liquidare));
    await shot(page, 'spese-nota-bozza');
    await accessible(page, 'nota spese in bozza');

    await page.getByTestId('nota-invia').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Invia' }).click();
    await expect.poll(() => page.getByTestId('stato-nota').first().textContent()).toBe('Inviata');
    expect(await page.getByTestId('riga-nuova').count()).toBe(0);
    await shot(page, 'spese-nota-inviata');
    await page.getByTestId('torna-elenco').click();
    await page.getByTestId('note-tabella').getByText('Trasferta Milano cliente Brambilla').waitFor();
    await shot(page, 'spese-elenco-mie');
    await accessible(page, 'le mie note spese');
    await page.context().close();
  });

  it('on a 390 px phone he reads the note and adds a line with the camera field', async () => {
    const draft = await api<{ data: { id: number } }>('mario.rossi', 'PUT', '/api/notaspese', { descrizione: 'Cancelleria per il magazzino', trasferta: null });
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await loginAs(phone, 'mario.rossi', undefined, { at: `/notaspese?nota=${notaId}` });
    await phone.getByTestId('nota-dettaglio').waitFor();
    await phone.getByTestId('righe-nota').getByText('Diaria').first().waitFor();
    await shot(phone, 'spese-telefono-nota');
    await accessible(phone, 'nota spese sul telefono');
    await phone.goto(`/notaspese?nota=${draft.data.id}`);
    await phone.getByTestId('riga-nuova').click();
    const drawer = phone.getByTestId('riga-form');
    await drawer.waitFor();
    expect(await drawer.getByTestId('ricevuta-camera').getAttribute('capture')).toBe('environment');
    await choose(phone, drawer, 'Tipo di spesa', 'Altre spese');
    await drawer.getByLabel('Importo', { exact: true }).fill('12,40');
    await choose(phone, drawer, 'Pagamento', 'Bancomat');
    await drawer.getByTestId('ricevuta-camera').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    await drawer.getByTestId('ricevuta-anteprima').waitFor();
    // the drawer fills the phone's width, its save button in view
    const form = (await drawer.boundingBox())!;
    expect(form.x + form.width).toBeLessThanOrEqual(390);
    const salva = (await phone.getByTestId('riga-salva').boundingBox())!;
    expect(salva.x + salva.width).toBeLessThanOrEqual(390);
    expect(salva.y + salva.height).toBeLessThanOrEqual(844);
    await shot(phone, 'spese-telefono-riga', false);
    await accessible(phone, 'riga di spesa sul telefono');
    await phone.getByTestId('riga-salva').click();
    await phone.getByTestId('righe-nota').getByText('Altre spese').waitFor();
    await phone.goto('/notaspese');
    await phone.getByTestId('note-tabella').waitFor();
    await shot(phone, 'spese-telefono-elenco');
    await phone.context().close();
  });

  it('on a trip to Munich he says where each expense was paid: the cash taxi to Bologna airport taxable, the one in Munich exempt (D.L. 84/2025), each line explained', async () => {
    const created = await api<{ data: { id: number } }>('mario.rossi', 'PUT', '/api/notaspese', {
      descrizione: 'Fiera a Monaco', trasferta: { destinazione: 'Monaco di Baviera', estero: true, dal: dal(), al: al(), regime: 'misto' },
    });
    const id = created.data.id;
    const page = await newPage(browser);
    await loginAs(page, 'mario.rossi', undefined, { at: `/notaspese?nota=${id}` });
    await page.getByTestId('nota-dettaglio').waitFor();
    const drawer = page.getByTestId('riga-form');
    const righe = page.getByTestId('righe-nota').locator('tbody tr.ant-table-row');
    const estero = drawer.getByLabel('Spesa sostenuta all’estero');
    async function taxi(n: number, importo: string, descrizione: string, inItalia: boolean) {
      await page.getByTestId('riga-nuova').click();
      await drawer.waitFor();
      await typeDate(drawer.getByLabel('Data', { exact: true }), dal());
      await choose(page, drawer, 'Tipo di spesa', 'Taxi');
      await drawer.getByLabel('Importo', { exact: true }).fill(importo);
      await choose(page, drawer, 'Pagamento', 'Contanti');
      await drawer.getByText('Documentata (ho la ricevuta o il biglietto)').click();
      await drawer.getByLabel('Descrizione').fill(descrizione);
      // on a trip abroad a new line starts as paid abroad
      expect(await estero.isChecked()).toBe(true);
      if (inItalia) {
        await drawer.getByText('Spesa sostenuta all’estero').click();
        expect(await estero.isChecked()).toBe(false);
        await shot(page, 'spese-riga-estero', false);
        await accessible(page, 'riga di spesa: dove è sostenuta');
      }
      await page.getByTestId('riga-salva').click();
      await expect.poll(() => righe.count()).toBe(n);
      await drawer.waitFor({ state: 'hidden' });
    }
    await taxi(1, '35,00', 'Taxi per l’aeroporto di Bologna', true);
    await taxi(2, '28,00', 'Taxi a Monaco', false);

    const n = await api<TNotaSpeseDettaglio>('mario.rossi', 'GET', `/api/notaspese/${id}`);
    const bo = n.righe.find((r) => r.descrizione === 'Taxi per l’aeroporto di Bologna')!;
    const mu = n.righe.find((r) => r.descrizione === 'Taxi a Monaco')!;
    expect(bo).toMatchObject({ estero: false, esente: 0, imponibile: 3500, regola: 'italia_non_tracciabile' });
    expect(mu).toMatchObject({ estero: true, esente: 2800, imponibile: 0, regola: 'estero_non_tracciabile' });
    // each line says which rule applied
    await page.getByTestId(`regola-${bo.id}`).getByText('Sostenuta in Italia senza pagamento tracciabile: imponibile (L. 207/2024 c. 81)').waitFor();
    await page.getByTestId(`regola-${mu.id}`).getByText('Sostenuta all’estero: esente anche senza pagamento tracciabile (D.L. 84/2025)').waitFor();
    expect(await page.getByTestId(`riga-${mu.id}`).textContent()).toContain('documentata · sostenuta all’estero');
    expect(await page.getByTestId(`riga-${bo.id}`).textContent()).not.toContain('· sostenuta all’estero');
    await shot(page, 'spese-nota-monaco');
    await accessible(page, 'nota spese con le regole di ogni riga');
    // the line reopened shows where it was paid
    await page.getByTestId(`riga-${bo.id}`).getByRole('button', { name: /Modifica/ }).click();
    await drawer.waitFor();
    await expect.poll(() => estero.isChecked()).toBe(false);
    await page.context().close();
  });

  it('laura sees the note waiting on her home page and approves it from her list', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'laura.bianchi');
    const tile = page.getByTestId('da-fare-note_da_approvare');
    await expect.poll(async () => Number(await tile.locator('.tl-dafare__n').textContent())).toBeGreaterThan(0);
    await tile.click();
    await page.waitForURL((u) => u.pathname === '/notaspesaadmin' && u.search === '?stato=inviata');
    const riga = page.getByTestId(`nota-${notaId}`);
    await riga.waitFor();
    expect(await riga.textContent()).toContain('Rossi Mario');
    await page.getByTestId('note-totali').waitFor();
    await shot(page, 'spese-gestione-da-approvare');
    await accessible(page, 'gestione note spese');
    // each action says its word
    expect(await page.getByTestId(`azioni-nota-${notaId}`).textContent()).toMatch(/Apri.*Rivedi.*Approva.*Respingi/);
    // the note carries warnings: approving shows them and asks
    await page.getByTestId(`approva-${notaId}`).click();
    const conferma = page.locator('.ant-modal-confirm');
    await conferma.getByTestId('avvisi-riepilogo').waitFor();
    expect(await conferma.textContent()).toMatch(/Approvare la nota con \d+ righ[ae] con avvisi\?/);
    await shot(page, 'spese-approva-con-avvisi');
    expect((await nota()).stato).toBe('inviata');
    await conferma.getByRole('button', { name: 'Approva comunque' }).click();
    await expect.poll(async () => (await nota()).stato).toBe('approvata');
    await page.context().close();
  });

  it('personale caps the dinner in the review, settles the note, and the payroll export carries exempt and taxable by code', async () => {
    const mese = today().slice(0, 7);
    const prima = await payroll(mese);
    const page = await newPage(browser);
    await loginAs(page, 'personale', undefined, { at: `/speseadmin/${notaId}` });
    await page.getByTestId('revisione-nota').waitFor();
    const n = await nota();
    const cena = n.righe.find((r) => r.tipo_spesa === 'VITTO')!;
    const treno = n.righe.find((r) => r.tipo_spesa === 'VIAGGIO')!;
    await page.getByTestId(`ricevuta-${treno.id}`).waitFor(); // the receipt beside its line
    await shot(page, 'spese-revisione');
    await accessible(page, 'revisione della nota');
    await page.getByTestId(`rivedi-riga-${cena.id}`).click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('revisione-motivo') });
    await modal.waitFor();
    // the cap starts at the type's limit: 50,00 €
    expect(await modal.getByLabel('Rimborso massimo').inputValue()).toBe('50,00');
    await page.getByTestId('revisione-salva').click();
    await modal.getByText('Motivo è richiesto').waitFor();
    await modal.getByLabel('Motivo').fill('Massimale aziendale per la cena');
    await shot(page, 'spese-revisione-tetto', false);
    await accessible(page, 'revisione di una riga');
    await page.getByTestId('revisione-salva').click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await nota()).righe.find((r) => r.id === cena.id)?.rimborsabile).toBe(5000);
    await page.getByTestId(`riga-${cena.id}`).getByText('Rimborso limitato da chi approva').waitFor();
    const dopo = (await nota()).righe.find((r) => r.id === cena.id)!;
    expect(dopo).toMatchObject({ tetto: 5000, esente: 0, imponibile: 5000, motivo_revisione: 'Massimale aziendale per la cena' });

    // settled with today's payment date, this payroll month
    await page.getByTestId('nota-liquida').click();
    await page.getByTestId('nota-liquida-conferma').click();
    await expect.poll(async () => (await nota()).stato).toBe('liquidata');
    await expect.poll(() => page.getByTestId('stato-nota').first().textContent()).toBe('Liquidata');
    await shot(page, 'spese-revisione-liquidata');

    // the payroll export of the month, downloaded from the management screen
    await page.goto('/notaspesaadmin');
    await page.getByTestId('note-admin').waitFor();
    await page.getByTestId('paghe').click();
    await page.getByTestId('paghe-popover').waitFor();
    await shot(page, 'spese-gestione-paghe', false);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('paghe-scarica').click()]);
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('codice_azienda;codice_dipendente;codice_voce;data;ore;minuti;importo');
    const ora = parseCsv(csv);
    const delta = (voce: string) => (ora.get(`${mario.matricola}|${voce}|${today()}`) ?? 0) - (prima.get(`${mario.matricola}|${voce}|${today()}`) ?? 0);
    // exempt under RS_*, taxable under RI_* (each expense type's payroll codes)
    expect(delta('RS_VIAGGIO')).toBe(4590);
    expect(delta('RI_VITTO')).toBe(5000);
    expect(delta('RS_VITTO')).toBe(0);
    expect(delta('RS_CHILOMET')).toBe(6850);
    expect(delta('RS_DIARIA')).toBe(3099);
    expect(delta('RI_DIARIA')).toBe(1549);

    // every line in scope, filtered to the cash-paid taxable ones
    await page.goto('/speseadmin');
    await page.getByTestId('spese-righe').waitFor();
    await page.getByTestId('filtro-contanti').click();
    await page.getByTestId('righe-tabella').getByText('Trasferta Milano cliente Brambilla').first().waitFor();
    await shot(page, 'spese-tutte-le-righe');
    await accessible(page, 'tutte le spese');
    await page.context().close();
  });

  it('mario reads the decisions on his home page', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'mario.rossi');
    const widget = page.getByTestId('decisioni-note-widget');
    await widget.getByText('Trasferta Milano cliente Brambilla').first().waitFor();
    expect(await widget.textContent()).toContain('Liquidata');
    await widget.scrollIntoViewIfNeeded();
    await shot(page, 'spese-home-decisioni', false);
    await page.context().close();
  });

  it('personale puts four eyes on settlement, and a note HR approved itself is then not HR’s to settle', async () => {
    // a note personale writes for mario and approves itself
    const created = await api<{ data: { id: number } }>('personale', 'PUT', '/api/notaspese', { dipendente_id: mario.id, descrizione: 'Cancelleria quattro occhi' });
    const id = created.data.id;
    await api('personale', 'PUT', `/api/notaspese/${id}/righe`, { data: dal(), tipo_spesa: 'ALTRO', importo: 1500, valuta: 'EUR', tipo_pagamento: 'CONTANTI', documentata: true });
    await api('personale', 'POST', `/api/notaspese/${id}/invia`);
    await api('personale', 'POST', `/api/notaspese/${id}/approva`);

    const page = await newPage(browser);
    await loginAs(page, 'personale', undefined, { at: '/notaspesaadmin' });
    await page.getByTestId('note-admin').waitFor();
    await page.getByTestId('parametri').click();
    await page.getByTestId('parametri-spese').getByText('Chi liquida una nota non è chi l’ha creata né chi l’ha approvata', { exact: false }).waitFor();
    await page.getByTestId('quattro-occhi').click();
    await expect.poll(async () => (await api<{ quattro_occhi: boolean }>('personale', 'GET', '/api/notaspese/parametri')).quattro_occhi).toBe(true);
    await shot(page, 'spese-parametri');
    await accessible(page, 'parametri delle note spese');
    try {
      // settling it is refused, and the screen says why
      await page.goto(`/speseadmin/${id}`);
      await page.getByTestId('nota-liquida').click();
      await page.getByTestId('nota-liquida-conferma').click();
      await page.getByText('Quattro occhi: chi ha creato o approvato la nota non la liquida', { exact: false }).waitFor();
      expect((await api<TNotaSpeseDettaglio>('personale', 'GET', `/api/notaspese/${id}`)).stato).toBe('approvata');
    } finally {
      await api('personale', 'PUT', '/api/notaspese/parametri', { quattro_occhi: false });
      await page.context().close();
    }
  });
});

