/**
 * Issue #32 §3 in Chromium: admin creates an API token for a badge-reader profile on *Integrazioni: token API*, copies
 * it from the modal that shows it once, the test uses it through fetch as a badge reader would, then admin revokes it
 * on the screen and its next request is 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, choose, e2e, launch, loginAs, newPage, stillShot as shot } from './support';

describe('API tokens in the browser (issue #32 §3)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('creates a token shown once, which acts with its profile only, and revokes it', async () => {
    // the profile a badge reader needs: only the badge punch
    await api('admin', 'PUT', '/api/profili', { codice: 'LETTORE_BADGE_E2E', descrizione: 'Lettore badge E2E', scope: 'tutti', routes: ['timbrature.badge'] });
    const page = await newPage(browser);
    await loginAs(page, 'admin', undefined, { at: '/integrazioni/token' });
    await page.getByTestId('token-api').waitFor();

    await page.getByTestId('token-nuovo').click();
    const form = page.getByTestId('token-form');
    await form.getByLabel('Nome', { exact: true }).fill('Tornello E2E');
    await choose(page, form, 'Profilo', 'Lettore badge E2E');
    await page.getByRole('button', { name: 'Crea il token' }).click();

    const shown = page.getByTestId('token-creato');
    await shown.getByText('Copia il token ora: non sarà più mostrato').waitFor();
    const token = await page.getByTestId('token-segreto').inputValue();
    expect(token).toMatch(/^tlp_[A-Za-z0-9_-]{43}$/);
    await shot(page, 'integrazioni-token-creato');
    await page.getByTestId('token-chiudi').click();
    await shown.waitFor({ state: 'hidden' });

    const riga = page.getByRole('row', { name: /Tornello E2E/ });
    await riga.getByText('Attivo').waitFor();
    // the list never shows the secret
    expect(await page.getByTestId('token-api').innerText()).not.toContain(token);

    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${e2e().baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    // past the guard to the badge lookup (an unknown badge: nobody's attendance changes), and nowhere else
    const badge = await send('PUT', '/api/timbrature/badge', { badge: 'E2E-NESSUNO', verso: 'E', id_richiesta: crypto.randomUUID() });
    expect(badge.status).toBe(404);
    expect(((await badge.json()) as { message: string }).message).toBe('avvisi.badge_sconosciuto');
    expect((await send('GET', '/api/dipendenti')).status).toBe(403);

    await riga.getByTestId('token-revoca').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoca', exact: true }).click();
    await riga.getByText('Revocato', { exact: true }).waitFor();
    expect((await send('PUT', '/api/timbrature/badge', { badge: 'E2E-NESSUNO', verso: 'E', id_richiesta: crypto.randomUUID() })).status).toBe(401);
    await page.context().close();
  });
});
