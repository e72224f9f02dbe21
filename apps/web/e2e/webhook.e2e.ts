/**
 * Issue #32 §4 in Chromium: admin subscribes a local receiver (node:http on 127.0.0.1, allow-listed by the e2e
 * server's TULIP_WEBHOOK_HOSTS) to `timbratura.registrata` on the Webhook screen and copies the secret it shows once;
 * mario's punches reach the receiver, which checks them with the README's own `verify` (read from the README, so the
 * example a customer copies is the one proven here). The screen shows the delivery delivered; the next one is answered
 * 500, the screen shows the failure and its retry, and admin's "Invia di nuovo" delivers it. Then admin rotates the
 * secret: a resend carries both signatures, and a receiver on either secret accepts it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessible, api, choose, launch, loginAs, newPage, stillShot as shot } from './support';

type Verify = (raw: string, header: string | undefined, secret: string, toleranceS?: number) => boolean;
type Received = { raw: string; header: string; body: { id: string; evento: string; creato_il: string; dati: Record<string, unknown> }; answered: number };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The README's receiver example (the js block of its Webhooks section), as a module of its own. */
async function readmeVerify(): Promise<Verify> {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Webhooks'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('README: no js example in the Webhooks section');
  expect(code.trim().split('\n').length).toBeLessThanOrEqual(10);
  const file = path.join(root, '.tmp', `webhook-verify-${process.pid}.mjs`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, code);
  try {
    return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verify: Verify }).verify;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe('webhooks in the browser (issue #32 §4)', () => {
  let browser: Browser;
  let verify: Verify;
  const received: Received[] = [];
  const answers: number[] = []; // the statuses to answer, in turn (then 200)
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const answered = answers.shift() ?? 200;
      received.push({ raw, header: String(req.headers['tulip-signature'] ?? ''), body: JSON.parse(raw), answered });
      res.writeHead(answered).end();
    });
  });
  let url = '';

  beforeAll(async () => {
    verify = await readmeVerify();
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tulip`;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('a subscription made on the screen receives signed punches; a failure is shown and resent; a rotated secret signs beside the old one', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin', undefined, { at: '/webhook' });
    await page.getByTestId('webhook').waitFor();

    // the subscription, and its secret read from the dialog that shows it once
    await page.getByRole('button', { name: 'Nuovo webhook' }).click();
    const form = page.locator('.ant-modal').filter({ hasText: 'Nuovo webhook' });
    await form.getByLabel('URL', { exact: true }).fill(url);
    await choose(page, form, 'Eventi', 'timbratura.registrata');
    // the multiple select's list stays open after a choice: a click on the dialog's title closes it, as a user does
    await form.locator('.ant-modal-title').click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: 'Salva' }).click();
    const shown = page.locator('.ant-modal').filter({ hasText: 'Segreto di firma' });
    await shown.getByText('Copia il segreto ora').waitFor();
    const segreto = (await page.getByTestId('webhook-segreto').inputValue()).trim();
    expect(segreto).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await shot(page, 'webhook-segreto');
    await shown.locator('.ant-modal-footer').getByRole('button', { name: 'Chiudi' }).click();
    await shown.waitFor({ state: 'hidden' });
    const sub = page.getByTestId('webhook-sottoscrizioni').getByRole('row').filter({ hasText: url });
    await sub.getByText('timbratura.registrata').waitFor();
    expect(await page.getByTestId('webhook').innerText()).not.toContain(segreto);

    // mario punches twice (out of the state he is in and back, as he was: the e2e server is shared)
    const oggi = await api<{ timbrature: { verso: 'E' | 'U'; stato: string }[] }>('mario.rossi', 'GET', '/api/timbrature/oggi');
    const first = oggi.timbrature.filter((p) => p.stato !== 'annullata').at(-1)?.verso === 'E' ? 'U' : 'E';
    const punch = (verso: 'E' | 'U') => api<{ data: { id: number } }>('mario.rossi', 'PUT', '/api/timbrature', { verso, id_richiesta: crypto.randomUUID() });

    const one = (await punch(first)).data.id;
    await expect.poll(() => received.length).toBe(1);
    expect(verify(received[0].raw, received[0].header, segreto)).toBe(true);
    expect(verify(received[0].raw, received[0].header, 'whsec_another')).toBe(false);
    expect(Object.keys(received[0].body).sort()).toEqual(['creato_il', 'dati', 'evento', 'id']);
    expect(received[0].body).toMatchObject({ evento: 'timbratura.registrata', dati: { id: one, verso: first, fonte: 'web' } });
    expect(received[0].body.creato_il).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // the list refreshes by itself: the delivery shows delivered, at the first attempt, with its payload
    const rows = page.getByTestId('webhook-consegne').locator('.ant-table-row').filter({ hasText: url });
    await rows.filter({ hasText: 'Consegnata' }).filter({ hasText: 'HTTP 200' }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await shot(page, 'webhook-consegnata');

    // the receiver fails the next one: the screen shows it pending, its 500, and the next attempt
    answers.push(500);
    const second = first === 'E' ? 'U' : 'E';
    const two = (await punch(second)).data.id;
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]).toMatchObject({ answered: 500, body: { dati: { id: two, verso: second } } });
    expect(verify(received[1].raw, received[1].header, segreto)).toBe(true);
    const failed = rows.filter({ hasText: 'In attesa' }).filter({ hasText: 'HTTP 500' });
    await failed.waitFor();
    await failed.getByRole('button', { name: /Espandi riga|Expand row/ }).click();
    const detail = page.getByTestId('webhook-consegna-dettaglio');
    await detail.getByText('HTTP 500').first().waitFor();
    expect(await detail.innerText()).toContain(`"id": ${two}`);
    await shot(page, 'webhook-fallita');
    await accessible(page, 'webhook: a delivery with its attempts and payload');

    // admin sends it again without waiting for the backoff: delivered at the second attempt
    await failed.getByRole('button', { name: 'Invia di nuovo' }).click();
    await page.getByTestId('notification').filter({ hasText: 'Consegna rimessa in coda' }).waitFor();
    await expect.poll(() => received.length).toBe(3);
    expect(received[2]).toMatchObject({ answered: 200, body: { id: received[1].body.id } });
    expect(verify(received[2].raw, received[2].header, segreto)).toBe(true);
    const resent = rows.filter({ hasText: 'Consegnata' }).filter({ hasText: 'HTTP 200' });
    await expect.poll(() => resent.count()).toBe(2);
    await detail.getByText('HTTP 200').waitFor();
    expect(await detail.getByRole('row').filter({ hasText: /HTTP \d+/ }).allInnerTexts()).toEqual([
      expect.stringMatching(/^1\s.*HTTP 500/),
      expect.stringMatching(/^2\s.*HTTP 200/),
    ]);
    await shot(page, 'webhook-reinviata');

    // a new secret, shown once; for 24 hours a delivery carries both signatures: a receiver on either accepts it
    await sub.getByRole('button', { name: 'Nuovo segreto' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Nuovo segreto' }).click();
    const rotated = page.locator('.ant-modal').filter({ hasText: 'Nuovo segreto di firma' });
    await rotated.getByText(/Firmato anche con il segreto precedente fino al \d\d\/\d\d\/\d{4} \d\d:\d\d/).waitFor();
    const nuovo = (await page.getByTestId('webhook-segreto').inputValue()).trim();
    expect(nuovo).toMatch(/^whsec_/);
    expect(nuovo).not.toBe(segreto);
    await shot(page, 'webhook-segreto-ruotato');
    await accessible(page, 'webhook: a rotated secret');
    await rotated.locator('.ant-modal-footer').getByRole('button', { name: 'Chiudi' }).click();
    await sub.getByText(/Segreto precedente valido fino al/).waitFor();
    await rows.filter({ hasText: 'Consegnata' }).last().getByRole('button', { name: 'Invia di nuovo' }).click();
    await expect.poll(() => received.length).toBe(4);
    expect(received[3].header.match(/v1=/g)).toHaveLength(2);
    expect(verify(received[3].raw, received[3].header, segreto)).toBe(true);
    expect(verify(received[3].raw, received[3].header, nuovo)).toBe(true);
    await shot(page, 'webhook-elenco');

    // the subscription goes, so that no other spec's punch is sent to a receiver that has stopped
    await sub.getByRole('button', { name: 'Elimina' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Elimina' }).click();
    await sub.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
