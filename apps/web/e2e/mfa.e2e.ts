/**
 * Issue #32 §2 in Chromium: a user enrols a second factor from its screen (QR, key, first code, the recovery codes
 * shown once), logs out, and logs in again with the password and a code the test computes from the key shown, as the
 * phone's app would. The factor is reset at the end: the e2e server is shared by the spec files after this one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generate } from 'otplib';
import { api, e2e, launch, loginAs, newPage, shot } from './support';

/** The app's code for the secret, `steps` periods from now. */
// real-clock: the authenticator app and the server's check both follow the real time, whatever TULIP_NOW says
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe.skipIf(e2e().skip)('two factors in the browser (issue #32 §2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('enrols from the settings screen, logs out, logs in with a code of the key shown', async () => {
    const id = (await api<{ rows: { id: number; username: string }[] }>('admin', 'GET', '/api/utenti?search=portineria')).rows.find((u) => u.username === 'portineria')!.id;
    const page = await newPage(browser);
    try {
      await loginAs(page, 'portineria', undefined, { at: '/' });
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Due fattori (2FA)' }).click();
      await page.getByRole('heading', { name: 'Due fattori (2FA)' }).waitFor();
      await page.getByRole('button', { name: 'Attiva il secondo fattore' }).click();
      await page.getByRole('img', { name: 'Codice QR per l’app di autenticazione' }).waitFor();
      const secret = (await page.getByTestId('mfa-segreto').textContent())!.trim();
      await shot(page, 'mfa-iscrizione');
      await page.getByLabel('Codice', { exact: true }).fill(await code(secret));
      await page.getByRole('button', { name: 'Conferma' }).click();
      const codes = page.getByTestId('mfa-codici');
      await codes.waitFor();
      expect(await codes.locator('li').count()).toBe(10);
      await shot(page, 'mfa-codici');
      await page.getByRole('button', { name: 'Ho conservato i codici' }).click();
      await expect.poll(() => page.getByTestId('mfa-stato').textContent()).toContain('Il secondo fattore è attivo.');

      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Esci' }).click();
      await page.getByLabel('Nome utente').fill('portineria');
      await page.getByLabel('Password', { exact: true }).fill('demo');
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.getByRole('heading', { name: 'Verifica in due passaggi' }).waitFor();
      // a wrong code is said on the field
      await page.getByLabel('Codice', { exact: true }).fill('000000');
      await page.getByRole('button', { name: 'Verifica' }).click();
      await page.getByRole('alert').filter({ hasText: 'Codice non valido o già usato' }).waitFor();
      await shot(page, 'mfa-login');
      // the next step's code: the confirmation's step is spent
      await page.getByLabel('Codice', { exact: true }).fill(await code(secret, 1));
      await page.getByRole('button', { name: 'Verifica' }).click();
      await page.getByTestId('user-menu').waitFor();
      expect(await page.getByTestId('user-menu').getAttribute('aria-label')).toBe('portineria');
    } finally {
      await api('admin', 'DELETE', `/api/auth/mfa/utente/${id}`).catch(() => undefined);
      await page.context().close();
    }
  });
});
