/**
 * Issue #14 in Chromium, as a new user would: personale imports orders and phases from an Excel file (a wrong file
 * first, refused row by row), sets one order visible to Produzione only — mario.rossi (Produzione) finds it in the
 * orders' lookup, an employee of Amministrazione does not; laura.bianchi plans mario on it for two weeks and sees the
 * week of his approved FERIE overbooked; the order's report, reached from the planning, shows its budget against
 * the plan. Screenshots of every screen of the module go to .tmp/screenshots.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessible, api, choose, e2e, launch, loginAs, newPage, stillShot as shot, tokenOf, waitForMail } from './support';

const CODICE = 'E2E-IMP-1';
/** Two weeks far from the demo's own planning (which covers the weeks around now): Mondays. */
const SETTIMANA_1 = '2027-02-01';
const SETTIMANA_2 = '2027-02-08';

type Lookup = { value: number; label: string }[];
const lookupCommesse = async (token: string) =>
  (await (await fetch(`${e2e().baseUrl}/api/commesse`, { headers: { authorization: `Bearer ${token}`, 'X-HTTP-Method-Override': 'lookup' } })).json()) as Lookup;

type Dipendente = { id: number; matricola: string; cognome: string; nome: string; email: string | null; reparto_id: number | null };
async function dipendenti(query: Record<string, string>) {
  return (await api<{ rows: Dipendente[] }>('admin', 'GET', `/api/dipendenti?${new URLSearchParams({ size: '100', ...query })}`)).rows;
}
const dipendente = async (cognome: string, nome: string) => (await dipendenti({ search: cognome })).find((d) => d.nome === nome)!;

/** An .xlsx of the order import, as the ERP exports it: one line per phase, the order's columns repeated. */
async function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Commesse');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('import-modal').locator('input[type=file]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
}

describe.skipIf(e2e().skip)('job orders in the browser', () => {
  let browser: Browser;
  let commessaId = 0;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('personale imports orders and phases from an Excel file, after a wrong one is refused row by row', async () => {
    const laura = await dipendente('Bianchi', 'Laura');
    const page = await newPage(browser);
    await loginAs(page, 'personale');
    await page.locator('nav a[href="/commesse/anagrafica"]').first().click();
    await page.getByTestId('resource-table').getByText('C26-014').waitFor();
    await shot(page, 'commesse-anagrafica');

    const header = ['commessa', 'descrizione', 'cliente', 'stato', 'data_inizio', 'data_fine', 'ore_budget', 'costo_budget', 'capo_commessa', 'fase', 'fase_descrizione', 'fase_ore_previste'];
    const riga = (fase: string, descrizione: string, ore: number) => [
      CODICE, 'Telai per collaudo e2e', 'Agrimacchine Bassa S.p.A.', 'aperta', new Date(Date.UTC(2027, 0, 11)), '31/03/2027', 40, '2.400,00', laura.matricola, fase, descrizione, ore,
    ];
    // a wrong column and an unknown customer: the preview lists them, nothing can be imported
    await page.getByRole('button', { name: 'Importa' }).click();
    await upload(page, 'sbagliato.xlsx', await workbook([...header, 'colore'], [[...riga('PROG', 'Progettazione', 8), 'rosso'], [...riga('MONT', 'Montaggio', 32).slice(0, 2), 'Cliente inesistente', ...riga('MONT', 'Montaggio', 32).slice(3), '']]));
    const esito = page.getByTestId('import-esito');
    await esito.getByText(/da correggere/).waitFor();
    const modal = page.getByTestId('import-modal');
    await modal.getByText('colore').first().waitFor();
    await modal.getByText('Cliente non trovato (partita IVA o ragione sociale)').waitFor();
    expect(await page.getByRole('button', { name: /^Importa \d+ righ/ }).isDisabled()).toBe(true);
    await shot(page, 'commesse-import-errori');

    // the right file: a preview with the count of orders and phases, then everything stored at once
    await upload(page, 'commesse.xlsx', await workbook(header, [riga('PROG', 'Progettazione', 8), riga('MONT', 'Montaggio', 32)]));
    await esito.getByText('2 righe pronte da importare').waitFor();
    await esito.getByText('Una commessa con 2 fasi.').waitFor();
    await shot(page, 'commesse-import-anteprima');
    await accessible(page, 'anteprima dell’importazione');
    await page.getByRole('button', { name: 'Importa 2 righe' }).click();
    await page.getByTestId('import-modal').waitFor({ state: 'detached' });
    await page.getByTestId('resource-table').getByText(CODICE).waitFor();

    // the order's form: its phases inline, the budget in hours
    const row = page.getByTestId('resource-table').locator('tr', { hasText: CODICE });
    await row.getByRole('button', { name: 'Modifica' }).click();
    const form = page.getByTestId('resource-form');
    await expect.poll(() => form.getByLabel('Ore a budget', { exact: true }).inputValue()).toBe('40:00');
    await expect.poll(() => form.getByTestId('righe-fasi').getByLabel('Codice fase').nth(1).inputValue()).toBe('MONT');
    expect(await form.getByTestId('riga-fasi-1').getByLabel('Ore previste').inputValue()).toBe('32:00');
    await shot(page, 'commesse-anagrafica-form');
    await page.keyboard.press('Escape');

    const { rows } = await api<{ rows: { id: number; codice: string; fasi: unknown[]; capo_commessa_id: number | null }[] }>('personale', 'GET', `/api/commesse?search=${CODICE}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].fasi).toHaveLength(2);
    expect(rows[0].capo_commessa_id).toBe(laura.id);
    commessaId = rows[0].id;

    await page.locator('nav a[href="/commesse/clienti"]').first().click();
    await page.getByTestId('resource-table').getByText('Agrimacchine Bassa S.p.A.').first().waitFor();
    await shot(page, 'commesse-clienti');
    await page.context().close();
  });

  it('personale makes the order visible to Produzione only: mario sees it in the lookup, an employee of Amministrazione does not', async () => {
    expect(commessaId).toBeGreaterThan(0);
    const page = await newPage(browser);
    await loginAs(page, 'personale');
    await page.locator('nav a[href="/commesse/visibilita"]').first().click();
    await choose(page, page, 'Commessa', CODICE);
    const form = page.getByTestId('visibilita-form');
    await choose(page, form, 'Reparti', 'Produzione');
    await page.getByTestId('visibilita-salva').click();
    await page.getByTestId('notification').first().waitFor();
    const persone = page.getByTestId('visibilita-persone');
    await persone.getByText('Produzione').first().waitFor();
    await shot(page, 'commesse-visibilita');
    await accessible(page, 'visibilità di una commessa');
    // only Produzione, nobody of Amministrazione
    expect(await persone.getByText('Amministrazione').count()).toBe(0);
    const cerca = page.getByRole('tabpanel').getByPlaceholder('Cerca', { exact: true });
    await cerca.fill('Rossi');
    await persone.getByText('Rossi Mario').waitFor();
    // laura is in Produzione and is the capo commessa: two reasons
    await cerca.fill('Bianchi');
    await persone.locator('tr', { hasText: 'Bianchi Laura' }).getByText('Capo commessa').waitFor();

    // the other view: what an employee of Amministrazione sees, and why
    const [amm] = await api<{ rows: { id: number }[] }>('admin', 'GET', '/api/reparti?search=Amministrazione').then((r) => r.rows);
    const impiegati = (await dipendenti({ reparto_id: String(amm.id) })).filter((d) => d.email);
    const altro = impiegati.find((d) => !/Vitali/.test(d.cognome))!;
    await page.getByRole('tab', { name: 'Per dipendente' }).click();
    await choose(page, page, 'Dipendente', `${altro.cognome} ${altro.nome}`);
    await page.getByTestId('visibili-dipendente').getByText('INT-MANUT').waitFor();
    expect(await page.getByTestId('visibili-dipendente').getByText(CODICE).count()).toBe(0);
    await shot(page, 'commesse-visibilita-dipendente');
    await accessible(page, 'commesse visibili a un dipendente');
    await page.context().close();

    // mario's own lookup (the list every booking screen uses) has the order
    expect((await lookupCommesse(await tokenOf('mario.rossi'))).map((o) => o.label).join('\n')).toContain(CODICE);

    // an employee of Amministrazione with a user of their own, signed in through the e-mailed link: not there
    const profili = await api<{ rows: { id: number; codice: string }[] }>('admin', 'GET', '/api/profili?size=50');
    const dipProfilo = profili.rows.find((p) => p.codice === 'DIPENDENTE')!.id;
    const since = Date.now(); // real-clock: mails are filed by their arrival time
    const utente = await api<{ data: { id: number } }>('admin', 'PUT', '/api/utenti', { username: 'e2e.amministrazione', email: altro.email, dipendente_id: altro.id, profili: [dipProfilo] });
    await api('admin', 'POST', `/api/utenti/${utente.data.id}/reset-link`, {});
    const mail = await waitForMail(altro.email!, since - 1000);
    const token = /\/password\/reset\?token=([A-Za-z0-9._-]+)/.exec(mail)![1];
    const reset = await fetch(`${e2e().baseUrl}/api/auth/password/reset`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ password: 'Commesse2026!' }),
    });
    expect(reset.ok).toBe(true);
    const suoi = (await lookupCommesse(await tokenOf('e2e.amministrazione', 'Commesse2026!'))).map((o) => o.label).join('\n');
    expect(suoi).toContain('INT-MANUT'); // the internal orders are everyone's
    expect(suoi).not.toContain(CODICE);
  });

  it('laura plans mario for two weeks and sees the week of his approved FERIE overbooked; the report shows budget against plan', async () => {
    expect(commessaId).toBeGreaterThan(0);
    const mario = await dipendente('Rossi', 'Mario');
    // mario's FERIE in the second week, approved
    const ferie = await api<{ data: { id: number; stato: string } }>('personale', 'PUT', '/api/giustificativi', { dipendente_id: mario.id, codice: 'FERIE', dal: SETTIMANA_2, al: '2027-02-12' });
    if (ferie.data.stato !== 'approvato') await api('personale', 'POST', `/api/giustificativi/${ferie.data.id}/approva`, {});

    const page = await newPage(browser);
    await loginAs(page, 'laura.bianchi');
    await page.locator('nav a[href="/commesse/pianificazione"]').first().click();
    const griglia = page.getByTestId('pianificazione-griglia');
    await griglia.locator('tbody tr.ant-table-row').first().waitFor();
    await shot(page, 'commesse-pianificazione');
    await page.getByLabel('Cerca dipendente', { exact: true }).fill('Rossi');
    await page.keyboard.press('Enter');
    // on to the two weeks
    const cella = (settimana: string) => page.getByTestId(`cella-${mario.id}-${settimana}`);
    /** The Monday the grid starts from, as its week picker shows it ("DD/MM/YYYY – DD/MM/YYYY"). */
    const dal = async () => (await page.getByLabel('Settimana', { exact: true }).inputValue()).slice(0, 10).split('/').reverse().join('-');
    /** Moves the grid a week at a time until its eight weeks reach `settimana`. */
    const finoA = async (settimana: string) => {
      for (let i = 0; i < 30; i++) {
        const primo = await dal();
        if (new Date(`${primo}T00:00:00Z`).getTime() + 7 * 7 * 86_400_000 >= new Date(`${settimana}T00:00:00Z`).getTime()) return;
        await page.getByRole('button', { name: 'Settimana successiva' }).click();
        await expect.poll(dal).not.toBe(primo);
      }
    };
    await finoA(SETTIMANA_2);
    await cella(SETTIMANA_1).waitFor();
    await cella(SETTIMANA_2).waitFor();
    expect(await cella(SETTIMANA_2).getAttribute('class')).not.toContain('is-over');

    for (const settimana of [SETTIMANA_1, SETTIMANA_2]) {
      await cella(settimana).click();
      const drawer = page.getByTestId('pianifica-form');
      await drawer.getByRole('button', { name: 'Aggiungi una commessa' }).click();
      const riga = drawer.getByTestId('riga-righe-0');
      await choose(page, riga, 'Commessa', CODICE);
      await riga.getByLabel('Fase', { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'MONT' }).first().click();
      await riga.getByLabel('Ore', { exact: true }).fill('16');
      if (settimana === SETTIMANA_2) {
        await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
        await shot(page, 'commesse-pianificazione-settimana');
        await accessible(page, 'la settimana di un dipendente');
      }
      await page.getByTestId('pianifica-salva').click();
      await page.getByTestId('pianifica-form').waitFor({ state: 'hidden' });
      await expect.poll(() => cella(settimana).textContent()).toMatch(/^16:00 \//);
    }
    // capacity: 40 hours of shifts in the first week; none in the second, all of it on leave
    expect(await cella(SETTIMANA_1).locator('.tl-pian-cell__ore').textContent()).toBe('16:00 / 40:00');
    expect(await cella(SETTIMANA_1).getAttribute('class')).not.toContain('is-over');
    await expect.poll(() => cella(SETTIMANA_2).getAttribute('class')).toContain('is-over');
    expect(await cella(SETTIMANA_2).locator('.tl-pian-cell__ore').textContent()).toBe('16:00 / 0:00');
    // said to a screen reader too, with whose week it is
    expect(await cella(SETTIMANA_2).textContent()).toBe('16:00 / 0:00, Rossi Mario, settimana dal 08/02/2027, Sovraccarico');
    await shot(page, 'commesse-pianificazione-sovraccarico');

    // the timeline of the orders
    await page.getByRole('tab', { name: 'Cronoprogramma' }).click();
    await page.getByTestId('cronoprogramma').locator('tbody tr.ant-table-row').first().waitFor();
    await shot(page, 'commesse-cronoprogramma');
    await accessible(page, 'cronoprogramma');
    await page.getByRole('tab', { name: 'Pianificazione' }).click();

    // from the week to the order's report: 32 hours planned against 40 at budget
    await page.getByLabel('Cerca dipendente', { exact: true }).fill('Rossi');
    await page.keyboard.press('Enter');
    await finoA(SETTIMANA_2);
    await cella(SETTIMANA_2).click();
    // the week's assignment comes back from its cell, its order named from the grid's list of orders
    const riga = page.getByTestId('pianifica-form').getByTestId('riga-righe-0');
    await expect.poll(() => riga.getByLabel('Ore', { exact: true }).inputValue()).toBe('16:00');
    expect(await riga.textContent()).toContain(CODICE);
    await page.getByRole('link', { name: CODICE }).click();
    await page.waitForURL((u) => u.pathname === `/commesse/report/${commessaId}`);
    const report = page.getByTestId('report');
    await report.waitFor();
    await expect.poll(() => page.getByTestId('report-budget').textContent()).toContain('40:00');
    expect(await page.getByTestId('report-pianificate').textContent()).toContain('32:00');
    expect(await page.getByTestId('report-budget-piano').textContent()).toContain('Pianificate 32:00 su 40:00 a budget (80%)');
    expect(await page.getByTestId('report-costo-budget').textContent()).toContain('2.400,00');
    await report.locator('canvas').waitFor();
    await shot(page, 'commesse-report');
    await accessible(page, 'consuntivo');
    await page.context().close();
  });

  it('personale sets the roles of the phases with their hourly costs, the team, applies them to another order, and the standard costs', async () => {
    expect(commessaId).toBeGreaterThan(0);
    const page = await newPage(browser);
    await loginAs(page, 'personale');
    await page.locator('nav a[href="/commesse/associa"]').first().click();
    await choose(page, page, 'Commessa', CODICE);
    const form = page.getByTestId('associazioni-form');
    await form.getByText('MONT – Montaggio').waitFor();
    // the welders work on Montaggio at 30 euros an hour, and land there by default; mario is on the team
    await form.getByTestId('righe-fasi-1-mansioni').getByRole('button', { name: 'Aggiungi una mansione' }).click();
    const riga = form.getByTestId('riga-fasi-1-mansioni-0');
    await choose(page, riga, 'Mansione', 'Saldatore');
    await riga.getByLabel('Costo orario (€/ora)').fill('30');
    await riga.getByLabel('Fase predefinita').click();
    await choose(page, form, 'Dipendenti della squadra', 'Rossi Mario');
    await page.getByTestId('associazioni-salva').click();
    await page.getByTestId('notification').first().waitFor();
    await expect
      .poll(async () => (await api<{ fasi: { codice: string; mansioni: { mansione_descrizione: string; costo_orario: number | null; predefinita: boolean }[] }[]; team: { nome: string }[] }>('personale', 'GET', `/api/commesse/${commessaId}/associazioni`)))
      .toMatchObject({
        fasi: [{ codice: 'PROG', mansioni: [] }, { codice: 'MONT', mansioni: [{ mansione_descrizione: 'Saldatore', costo_orario: 3000, predefinita: true }] }],
        team: [{ nome: expect.stringContaining('Rossi Mario') }],
      });
    await shot(page, 'commesse-associa');
    await accessible(page, 'associazioni di una commessa');

    // the same to another order, by phase code: the one without a Montaggio phase is said so
    await page.getByRole('button', { name: 'Applica ad altre commesse' }).click();
    const modal = page.locator('.ant-modal');
    await choose(page, modal, 'Commesse a cui applicarle', 'C26-014');
    await modal.locator('.ant-modal-title').click(); // the choice's list closes
    await shot(page, 'commesse-associa-applica');
    await accessible(page, 'applica ad altre commesse');
    await modal.getByRole('button', { name: 'Applica' }).click();
    const esito = page.getByTestId('applica-esito');
    await esito.waitFor();
    expect(await esito.textContent()).toMatch(/^Applicata a una commessa \(\d+ associazioni\)/);
    await esito.getByText('MONT').waitFor(); // C26-014 has no Montaggio
    await shot(page, 'commesse-associa-applicate');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Costi standard per mansione' }).click();
    await page.getByRole('cell', { name: 'Saldatore', exact: true }).waitFor();
    await shot(page, 'commesse-costi-mansione');
    await accessible(page, 'costi standard');
    await page.context().close();
  });
});
