/**
 * Issue #15 in Chromium, as a new user would: mario.rossi clocks in and starts Saldatura of order C26-015 by typing
 * its job-sheet code (refused first while he is out), switches to Montaggio with closePrevious, records a phase done
 * earlier, clocks out and sees Montaggio closed at his exit punch and flagged; he fills his week (typing hours, moving
 * with the keys), sends it and sees the days where booked and worked hours differ; laura.bianchi opens it from the
 * weeks waiting for her and approves it, and the mail reaches mario; the order's report shows the hours and their
 * cost. Screenshots of every screen of the module go to .tmp/screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isoWeekOf, type TConsuntivo, type TRegistrazione, type TSettimana } from '@tulip/contract';
import { accessible, api, choose, e2e, launch, loginAs, newPage, serverToday, stillShot as shot, waitForMail, confirmEntry } from './support';

const CODICE = 'C26-015';
/** h:mm, as the screens show hours. */
const hm = (m: number) => `${m < 0 ? '-' : ''}${Math.floor(Math.abs(m) / 60)}:${String(Math.abs(m) % 60).padStart(2, '0')}`;
const dd = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

async function menu(page: Page, path: string) {
  await page.locator(`nav a[href="${path}"]`).first().click();
  await page.waitForURL((u) => u.pathname === path);
}

/** Types a job-sheet code into the phase screen's field, as a keyboard-wedge scanner does, Enter included. */
async function scan(page: Page, code: string) {
  const field = page.getByTestId('fase-codice');
  await field.fill('');
  await field.pressSequentially(code);
  await field.press('Enter');
}

const esito = (page: Page) => page.getByTestId('fase-esito');

describe.skipIf(e2e().skip)('time on job orders in the browser', () => {
  let browser: Browser;
  let mario: { id: number; email: string };
  let commessaId = 0;
  const today = () => serverToday();
  const settimana = () => isoWeekOf(today());
  let registratePrima = 0;

  beforeAll(async () => {
    browser = await launch();
    const profile = await api<{ dipendente: { id: number }; utente: { email: string } }>('mario.rossi', 'GET', '/api/user/profile');
    mario = { id: profile.dipendente.id, email: profile.utente.email };
    const { rows } = await api<{ rows: { id: number; codice: string }[] }>('personale', 'GET', `/api/commesse?search=${CODICE}`);
    commessaId = rows.find((r) => r.codice === CODICE)!.id;
    registratePrima = (await api<TConsuntivo>('personale', 'GET', `/api/commesse/${commessaId}/consuntivo`)).minuti_registrati;
    // he starts out of work, nothing running (an earlier spec or the demo may have clocked him in)
    const oggi = await api<{ timbrature: { verso: string; stato: string }[] }>('mario.rossi', 'GET', '/api/timbrature/oggi');
    const valid = oggi.timbrature.filter((p) => p.stato !== 'annullata');
    if (valid.at(-1)?.verso === 'E') await api('mario.rossi', 'PUT', '/api/timbrature', { verso: 'U', id_richiesta: crypto.randomUUID() });
  });
  afterAll(async () => browser?.close());

  it('mario starts Saldatura by its code once clocked in, switches to Montaggio, and his exit punch closes it, flagged', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'mario.rossi', undefined, { landing: true });
    await page.getByTestId('timbra-panel').waitFor();

    // out of work: the start is refused, and said so
    await menu(page, '/rilevazione/inizia-fase');
    await page.getByTestId('fase-inf').waitFor();
    await page.getByTestId('fase-nessuna').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tl-fase-codice'); // the scanner types at once
    await scan(page, `${CODICE}/SALD`);
    await expect.poll(() => esito(page).textContent()).toContain('Timbrare l’entrata prima di iniziare una fase');
    await shot(page, 'rilevazione-fase-non-in-servizio');

    // clocked in, the code starts Saldatura
    await menu(page, '/timbrature/calendario');
    await page.getByRole('button', { name: 'Timbra entrata' }).click();
    await confirmEntry(page);
    await menu(page, '/rilevazione/inizia-fase');
    await page.getByTestId('fase-inf').waitFor();
    await scan(page, `${CODICE}/SALD`);
    await expect.poll(() => esito(page).textContent()).toContain('Fase iniziata');
    await expect.poll(() => page.getByTestId('fase-in-corso-nome').textContent()).toBe(`${CODICE} / SALD`);
    expect(await page.getByTestId('fase-codice').inputValue()).toBe(''); // ready for the next scan
    // the time ticks: the screenshot shows it counting
    await expect.poll(() => page.getByRole('timer').textContent()).not.toBe('0:00:00');
    await shot(page, 'rilevazione-fase-inizia');
    await accessible(page, 'una fase in corso');

    // a second start while Saldatura runs: refused
    await scan(page, `${CODICE}/MONT`);
    await expect.poll(() => esito(page).textContent()).toContain(`C’è già una fase in corso (${CODICE}/SALD)`);
    await shot(page, 'rilevazione-fase-in-corso-rifiutata');

    // the screen's own switch leads to the other operations: Montaggio closing Saldatura
    await page.getByRole('navigation', { name: 'Operazioni sulle fasi' }).getByRole('link', { name: 'Inizia fase e chiudi precedente' }).click();
    await page.waitForURL((u) => u.pathname === '/rilevazione/inizia-fase-chiudi-prec');
    await page.getByTestId('fase-closePrevious').waitFor();
    await scan(page, `${CODICE}/MONT`);
    await expect.poll(() => esito(page).textContent()).toContain('Fase iniziata');
    await expect.poll(() => page.getByTestId('fase-in-corso-nome').textContent()).toBe(`${CODICE} / MONT`);
    const oggi = page.getByTestId('fasi-oggi');
    await oggi.getByTestId(`oggi-${CODICE}-SALD`).waitFor();
    await oggi.getByTestId(`oggi-${CODICE}-MONT`).getByText('in corso').waitFor();
    await shot(page, 'rilevazione-fase-cambio');

    // a phase done earlier, as a duration with its quantities
    await menu(page, '/rilevazione/rileva-tempo-fase');
    await page.getByTestId('fase-rtf').waitFor();
    await page.locator('label.ant-radio-button-wrapper', { hasText: 'Durata' }).click();
    await scan(page, `${CODICE}/PROG`); // Enter with no duration: said, nothing sent
    await expect.poll(() => esito(page).textContent()).toContain('Indicare la durata');
    await page.getByPlaceholder('h:mm o ore').fill('0:45');
    await page.getByLabel('Quantità prodotta').fill('3');
    await page.getByTestId('fase-esegui').click();
    await expect.poll(() => esito(page).textContent()).toContain('Tempo registrato');
    await expect.poll(() => esito(page).textContent()).toContain('0:45');
    await shot(page, 'rilevazione-fase-rileva-tempo');
    await accessible(page, 'rileva tempo fase');
    // from–to, yesterday early morning; the same span again is refused as an overlap
    const ieri = new Date(Date.parse(`${today()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.locator('label.ant-radio-button-wrapper', { hasText: 'Dalle – alle' }).click();
    for (const atteso of ['Tempo registrato', 'Il periodo si sovrappone a un’altra registrazione']) {
      await page.getByTestId('fase-codice').fill(`${CODICE}/PROG`);
      await page.getByLabel('Data', { exact: true }).fill(dd(ieri));
      await page.keyboard.press('Enter');
      await page.getByLabel('Dalle', { exact: true }).fill('06:00');
      await page.keyboard.press('Enter');
      await page.getByLabel('Alle', { exact: true }).fill('06:30');
      await page.keyboard.press('Enter');
      await page.getByTestId('fase-esegui').click();
      await expect.poll(() => esito(page).textContent()).toContain(atteso);
    }
    await shot(page, 'rilevazione-fase-sovrapposizione');

    // he clocks out: Montaggio is closed at the exit punch, flagged for review
    await menu(page, '/timbrature/calendario');
    await page.getByRole('button', { name: 'Timbra uscita' }).click();
    await page.getByTestId('notification').filter({ hasText: /Uscita registrata alle/ }).first().waitFor();
    const punches = await api<{ timbrature: { verso: string; ts: string; stato: string }[] }>('mario.rossi', 'GET', '/api/timbrature/oggi');
    const uscita = punches.timbrature.filter((p) => p.verso === 'U' && p.stato !== 'annullata').at(-1)!;
    await menu(page, '/rilevazione/chiudi-fase');
    await page.getByTestId('fase-cf').waitFor();
    await page.getByTestId('fase-nessuna').waitFor();
    const mont = page.getByTestId('fasi-oggi').getByTestId(`oggi-${CODICE}-MONT`);
    await mont.getByText('Da verificare: chiusa all’uscita').waitFor();
    expect(await mont.textContent()).toContain(`–${uscita.ts.slice(11, 16)}`);
    const [booking] = (await api<{ rows: TRegistrazione[] }>('mario.rossi', 'GET', `/api/rilevazione/ore?dal=${today()}&al=${today()}`)).rows.filter((r) => r.fase_codice === 'MONT');
    expect(booking).toMatchObject({ fine: uscita.ts, da_verificare: true, motivo_verifica: 'uscita', origine: 'timer' });
    // nothing runs now: closing is refused, and said so
    await page.getByTestId('fase-esegui').click();
    await expect.poll(() => esito(page).textContent()).toContain('Nessuna fase in corso');
    await shot(page, 'rilevazione-fase-chiudi');
    await accessible(page, 'chiudi fase');
    await page.context().close();

    // the same screen on a phone
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await loginAs(phone, 'mario.rossi', undefined, { at: '/rilevazione/inizia-fase' });
    await phone.getByTestId('fase-inf').waitFor();
    await phone.getByTestId('fasi-oggi').getByTestId(`oggi-${CODICE}-MONT`).waitFor();
    await shot(phone, 'rilevazione-fase-telefono');
    await accessible(phone, 'inizia fase sul telefono');
    await phone.context().close();
  });

  it('he fills his week, moving with the keys, sends it, and sees the days where booked and worked hours differ', async () => {
    const week = await api<TSettimana>('mario.rossi', 'GET', `/api/rilevazione/settimana?settimana=${settimana()}`);
    const sald = week.righe.findIndex((r) => r.commessa_codice === CODICE && r.fase_codice === 'SALD');
    expect(sald).toBeGreaterThanOrEqual(0);
    // Monday: an hour more than the timecard says he worked
    const lunedi = week.giorni[0];
    const target = week.lavorati_giorno[0] + 60 - (week.totali_giorno[0] - week.righe[sald].minuti[0]);
    expect(target).toBeGreaterThan(0);

    const page = await newPage(browser);
    await loginAs(page, 'mario.rossi', undefined, { landing: true });
    await menu(page, '/rilevazione/commessa1');
    const griglia = page.getByTestId('griglia-settimana');
    await expect.poll(() => page.getByTestId('settimana-etichetta').textContent()).toBe(`Settimana ${Number(settimana().slice(6))} · ${dd(week.giorni[0])} – ${dd(week.giorni[6])}`);
    await griglia.getByText('SALD – Saldatura').waitFor();
    await shot(page, 'rilevazione-settimana');

    const cella = page.getByLabel(`${CODICE} SALD, Lunedì ${dd(lunedi)}`, { exact: true });
    await cella.click();
    await page.keyboard.type(hm(target));
    // the arrows move across the cells: right to Tuesday, left back
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^C26-015 SALD, Martedì/);
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`${CODICE} SALD, Lunedì ${dd(lunedi)}`);
    expect(await cella.inputValue()).toBe(hm(target));
    // a wrong value is said before anything is saved
    await page.keyboard.type('otto');
    await griglia.getByText('Correggere le celle segnate in rosso prima di salvare.').waitFor();
    expect(await page.getByTestId('salva-settimana').isDisabled()).toBe(true);
    await shot(page, 'rilevazione-settimana-errore');
    await cella.fill(hm(target));
    // hours typed as a decimal are read as h:mm: half an hour on Tuesday
    await cella.press('ArrowRight');
    await page.keyboard.type('0,5');
    await page.keyboard.press('Tab');
    expect(await page.getByLabel(`${CODICE} SALD, Martedì ${dd(week.giorni[1])}`, { exact: true }).inputValue()).toBe('0:30');
    expect(await cella.inputValue()).toBe(hm(target));
    await expect.poll(() => page.getByTestId('totale-0').textContent()).toBe(hm(week.lavorati_giorno[0] + 60));
    await expect.poll(() => page.getByTestId('differenza-0').getAttribute('class')).toBe('tl-ril-fuori');
    await accessible(page, 'la settimana in modifica');
    await page.getByTestId('salva-settimana').click();
    await page.getByTestId('notification').first().waitFor();
    await page.getByTestId('invia-settimana').click();
    await expect.poll(() => page.getByTestId('stato-settimana').textContent()).toBe('Inviata');
    await griglia.getByText('Settimana inviata: in attesa di approvazione, non si modifica.').waitFor();
    // read-only now, the difference still marked; a day without hours either way is not
    expect(await page.getByLabel(`${CODICE} SALD, Lunedì ${dd(lunedi)}`, { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('differenza-0').getAttribute('class')).toBe('tl-ril-fuori');
    expect(await page.getByTestId('differenza-6').getAttribute('class')).toBeNull();
    expect(await page.getByTestId('differenza-0').textContent()).toContain('+1:00');
    await shot(page, 'rilevazione-settimana-inviata');
    await page.context().close();
  });

  it('laura opens the week from those waiting for her and approves it; the mail reaches mario', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'laura.bianchi');
    await menu(page, '/rilevazione/commessa2');
    await page.getByRole('tab', { name: 'Da approvare' }).click();
    const riga = page.getByTestId(`da-approvare-${mario.id}-${settimana()}`);
    await riga.waitFor();
    expect(await riga.textContent()).toContain('Rossi Mario');
    await shot(page, 'rilevazione-da-approvare');
    await accessible(page, 'settimane da approvare');
    await riga.getByRole('button', { name: /^Apri/ }).click();
    const griglia = page.getByTestId('griglia-settimana');
    await expect.poll(() => griglia.getByTestId('stato-settimana').textContent()).toBe('Inviata');
    await page.getByTestId('registrazioni').getByText('Da verificare: chiusa all’uscita').waitFor();
    await shot(page, 'rilevazione-per-dipendente');
    await accessible(page, 'la settimana di un dipendente');
    // real-clock: mails are filed by their arrival time
    const since = Date.now();
    await griglia.getByTestId(`approva-${mario.id}-${settimana()}`).click();
    await expect.poll(() => griglia.getByTestId('stato-settimana').textContent(), { timeout: 15_000 }).toBe('Approvata');
    await griglia.getByText('Settimana approvata: non si modifica.').waitFor();
    await shot(page, 'rilevazione-per-dipendente-approvata');
    const mail = await waitForMail(mario.email, since - 1000);
    expect(mail).toContain('approvata');

    // the reconciliation of the week, only the days that differ
    await page.getByRole('tab', { name: 'Riconciliazione' }).click();
    const lista = page.getByTestId('riconciliazione');
    await lista.getByRole('switch', { name: 'Solo giorni con differenze' }).click();
    await lista.locator('tbody tr.ant-table-row').first().waitFor();
    await lista.locator('.tl-ril-fuori').first().waitFor();
    await shot(page, 'rilevazione-riconciliazione');
    await accessible(page, 'riconciliazione');
    await page.context().close();
  });

  it('laura books her own week: a row added from the orders she sees, then last week\'s rows copied', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'laura.bianchi');
    await menu(page, '/rilevazione/commessa1');
    const griglia = page.getByTestId('griglia-settimana');
    await page.getByTestId('stato-settimana').waitFor();
    const righe = griglia.locator('tbody tr.ant-table-row');
    const prima = await righe.count();
    const aggiungi = page.getByTestId('aggiungi-riga');
    await choose(page, aggiungi, 'Commessa', CODICE);
    await choose(page, aggiungi, 'Fase', 'COLL');
    await page.getByTestId('aggiungi-riga-ok').click();
    await expect.poll(() => righe.count()).toBe(prima + 1);
    // the new row's first cell has the focus: the hours are typed at once
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^C26-015 COLL, Lunedì/);
    await page.keyboard.type('1:30');
    await page.keyboard.press('Tab');
    await shot(page, 'rilevazione-settimana-riga-aggiunta');
    await page.getByTestId('salva-settimana').click();
    await expect.poll(() => page.getByTestId('salva-settimana').isDisabled()).toBe(true);
    const week = await api<TSettimana>('laura.bianchi', 'GET', `/api/rilevazione/settimana?settimana=${settimana()}`);
    expect(week.righe.find((r) => r.fase_codice === 'COLL')?.minuti[0]).toBe(90);
    // the next week, nothing booked yet: this week's rows come over, empty
    await page.getByRole('button', { name: 'Settimana successiva' }).click();
    await expect.poll(() => page.getByTestId('settimana-etichetta').textContent()).toContain(`Settimana ${Number(settimana().slice(6)) + 1} ·`);
    await page.getByTestId('copia-settimana').click();
    await page.getByTestId('notification').filter({ hasText: /della settimana precedente/ }).first().waitFor();
    await griglia.getByText('COLL – Collaudo').waitFor();
    await shot(page, 'rilevazione-settimana-copiata');
    await accessible(page, 'una settimana copiata');
    await page.context().close();
  });

  it('the order report shows the hours booked and their cost', async () => {
    const c = await api<TConsuntivo>('personale', 'GET', `/api/commesse/${commessaId}/consuntivo`);
    expect(c.minuti_registrati).toBeGreaterThan(registratePrima);
    expect(c.costo_registrato).toBeGreaterThan(0);
    const page = await newPage(browser);
    await loginAs(page, 'personale', undefined, { at: `/commesse/report/${commessaId}` });
    await page.getByTestId('report').waitFor();
    await expect.poll(() => page.getByTestId('report-registrate').textContent()).toContain(hm(c.minuti_registrati));
    const costo = `${String(Math.floor(c.costo_registrato / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(c.costo_registrato % 100).padStart(2, '0')}`;
    expect(await page.getByTestId('report-costo').textContent()).toContain(costo);
    await shot(page, 'rilevazione-report-commessa');

    // HR reopens mario's approved week, with a reason: a draft again, the reason shown
    await menu(page, '/rilevazione/commessa2');
    await choose(page, page, 'Dipendente', 'Rossi Mario');
    const griglia = page.getByTestId('griglia-settimana');
    await expect.poll(() => griglia.getByTestId('stato-settimana').textContent(), { timeout: 15_000 }).toBe('Approvata');
    await page.getByTestId('riapri-settimana').click();
    await page.getByTestId('riapri-settimana-conferma').click(); // no reason: asked for
    await page.getByText('Indicare il motivo', { exact: true }).waitFor();
    await page.getByTestId('riapri-settimana-popover').getByLabel('Motivo').fill('Ore di collaudo da spostare');
    await page.getByTestId('riapri-settimana-conferma').click();
    await expect.poll(() => griglia.getByTestId('stato-settimana').textContent(), { timeout: 15_000 }).toBe('Bozza');
    expect(await page.getByTestId('motivo-rifiuto').textContent()).toContain('Ore di collaudo da spostare');
    // the bookings one by one: someone else's correction asks for a reason
    const registrazioni = page.getByTestId('registrazioni');
    await registrazioni.scrollIntoViewIfNeeded();
    await registrazioni.getByRole('button', { name: `Correggi C26-015 PROG ${dd(today())}` }).click();
    const modal = page.getByTestId('correggi-modal');
    await modal.getByLabel('Ore', { exact: true }).fill('1');
    await modal.getByRole('button', { name: 'Salva' }).click();
    await modal.getByText('Motivo della correzione è richiesto').waitFor();
    await shot(page, 'rilevazione-correggi', false);
    await accessible(page, 'correzione di una registrazione');
    await modal.getByLabel('Motivo della correzione').fill('Durata dichiarata dal capo reparto');
    await modal.getByRole('button', { name: 'Salva' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await api<{ rows: TRegistrazione[] }>('personale', 'GET', `/api/rilevazione/ore?dipendente_id=${mario.id}&dal=${today()}&al=${today()}`)).rows.find((r) => r.fase_codice === 'PROG')?.minuti).toBe(60);
    await shot(page, 'rilevazione-registrazioni', false);

    // the parameters, as HR sees them
    await menu(page, '/rilevazione/parametri');
    await page.getByLabel('Tolleranza (minuti)').waitFor();
    expect(await page.getByLabel('Tolleranza (minuti)').inputValue()).toBe('15');
    await shot(page, 'rilevazione-parametri');
    await page.context().close();
  });
});
