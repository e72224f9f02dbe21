/**
 * Issue #5, accessibility: every screen of a department manager's (laura.bianchi), an employee's (mario.rossi) and reception's (portineria) menus (auditMenu in a11y-support.ts). No serious or critical violation may remain.
 * The menus are walked in spec files of their own so that two workers share them.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { auditMenu } from './a11y-support';
import { e2e, launch } from './support';

describe.skipIf(e2e().skip)('accessibility of every screen (axe-core, WCAG 2.1 AA)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it(`every screen of laura.bianchi's menu`, { timeout: 300_000 }, () => auditMenu(browser, 'laura.bianchi'));
  it(`every screen of mario.rossi's menu`, { timeout: 300_000 }, () => auditMenu(browser, 'mario.rossi'));
  it(`every screen of portineria's menu`, { timeout: 300_000 }, () => auditMenu(browser, 'portineria'));
});
