/**
 * Issue #32 §1 in Chromium: a company's OpenID provider (panva's oidc-provider, in this process on 127.0.0.1) is
 * configured on Tulip; on the login page the user clicks "Accedi con …", signs in at the provider's own pages, and
 * lands on Tulip signed in as the user with that e-mail. The provider is deactivated at the end: the e2e server is
 * shared with the next spec files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, e2e, launch, loginAs, newPage, stillShot as shot } from './support';
import { startOidcProvider, type TestOidc } from '../../../test/support/oidc';

describe('company sign-in in the browser (issue #32 §1)', () => {
  let browser: Browser;
  let op: TestOidc;
  let providerId: number | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    if (providerId) await api('admin', 'DELETE', `/api/provider-sso/${providerId}`);
    await browser?.close();
    await op?.close();
  });

  it('signs mario in with his company account: "Accedi con …", the provider’s login, Tulip’s home as mario.rossi', async () => {
    const { rows } = await api<{ rows: { username: string; email: string }[] }>('admin', 'GET', '/api/utenti?size=1000');
    const mario = rows.find((u) => u.username === 'mario.rossi')!;
    op = await startOidcProvider([{ login: 'mario.aziendale', email: mario.email }], {
      client_id: 'tulip-e2e', client_secret: 'segreto-e2e', redirect_uris: [`${e2e().baseUrl}/api/accesso/callback`],
    });
    const created = await api<{ data: { id: number } }>('admin', 'PUT', '/api/provider-sso', {
      nome: 'Officine Rossi SSO', issuer: op.issuer, client_id: 'tulip-e2e', client_secret: 'segreto-e2e', claim: 'email', domini: [], crea_utenti: false, attivo: true,
    });
    providerId = created.data.id;

    const page = await newPage(browser);
    await page.goto('/login');
    const button = page.getByRole('link', { name: 'Accedi con Officine Rossi SSO' });
    await button.waitFor();
    await shot(page, 'accesso-login');
    await button.click();

    // the provider's own pages: its login form (any password), then its consent
    await page.waitForURL((u) => u.toString().startsWith(op.issuer));
    await page.locator('input[name="login"]').fill('mario.aziendale');
    await page.locator('input[name="password"]').fill('qualsiasi');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // back on Tulip, signed in as mario, and the token gone from the address bar
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('user-menu').getAttribute('aria-label')).toBe('mario.rossi');
    expect(page.url().startsWith(e2e().baseUrl)).toBe(true);
    expect(page.url()).not.toContain('sso=');
  });

  it('shows the administrator the providers with the redirect URI to register, never the secret', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin', undefined, { at: '/accesso' });
    await page.getByRole('row', { name: /Officine Rossi SSO/ }).waitFor();
    await page.getByText(`${e2e().baseUrl}/api/accesso/callback`).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('segreto-e2e');
    await shot(page, 'accesso-provider');
    await page.getByRole('row', { name: /Officine Rossi SSO/ }).getByRole('button', { name: 'Modifica' }).click();
    await page.getByText('Lascia vuoto per non cambiarlo').waitFor();
    await shot(page, 'accesso-provider-modifica');
  });
});
