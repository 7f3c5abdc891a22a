import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, type PageWithProblems } from './browser';
import {
  PASSWORD,
  enterCode,
  enterEmailAndPassword,
  expectNoSeriousAxeViolation,
  freshEmail,
  newestCode,
  sandboxAction,
} from './journeys';

/**
 * Every route of apps/web/src/app/routes.tsx at 360 px, scanned by axe-core in the light and the dark color
 * scheme; no serious or critical violation on any. Public pages anonymously, login pages signed in, Verified pages once
 * the sandbox opened the account; the trade pages that need a draft or an order get them from a real buy, whose
 * tracking id then opens the public tracking page (decision 040). Other journeys scan the pages of their own steps;
 * this is the complete list.
 */

const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const WIDTH = 360;

/** The page as it stands, scanned in both color schemes (the SPA follows prefers-color-scheme). */
async function scanBothSchemes(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousAxeViolation(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Opens a route, waits for its main heading and the requests it starts, then scans it. */
async function visitAndScan(page: Page, route: string, heading?: string | RegExp) {
  await page.goto(route);
  await page
    .getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  await scanBothSchemes(page);
}

describe('axe-core on every page, light and dark, at 360 px', () => {
  let browser: Browser;
  let signedIn: PageWithProblems;
  const email = freshEmail();
  let lastCode = '';
  let trackingHref = '';

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('public pages, anonymously: sign-in steps, tracking, a short link, the wallet bank link, not found', async () => {
    const { page, context } = await openPage(browser, { width: WIDTH });
    await page.emulateMedia({ colorScheme: 'light' });
    await visitAndScan(page, '/auth');
    await visitAndScan(page, '/v1/auth/signup');
    await visitAndScan(page, '/v1/auth/forgot');
    await visitAndScan(page, '/trade/track');
    await visitAndScan(page, '/r/abcdefghij');
    await visitAndScan(page, '/kyc/continue');
    await visitAndScan(page, '/xumm/plaid');
    await visitAndScan(page, '/no-such-page');
    await visitAndScan(page, '/v1/auth/no-such-step');
    await context.close();
  });

  it('the sign-in steps and the pages of a signed-in user below Verified', async () => {
    signedIn = await openPage(browser, { width: WIDTH });
    const { page } = signedIn;
    await page.emulateMedia({ colorScheme: 'light' });
    const post = (path: string, body: unknown) =>
      fetch(`${baseURL()}/api/identity/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('sign-up', { email, password: PASSWORD, confirmPassword: PASSWORD, locale: 'en' })).status).toBe(
      200,
    );
    const confirmation = await newestCode(email);
    expect((await post('confirm-sign-up', { email, code: confirmation.code })).status).toBe(200);

    // The email step, the password step, the emailed second factor: each scanned on the way through.
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/v1\/auth\/password/);
    await page.getByLabel('Password', { exact: true }).waitFor();
    await scanBothSchemes(page);
    await page.goto('/auth');
    await enterEmailAndPassword(page, email, PASSWORD);
    await page.waitForURL(/\/v1\/auth\/otp$/);
    await page.getByLabel('6-digit code').waitFor();
    await scanBothSchemes(page);
    const second = await newestCode(email, confirmation.id);
    await enterCode(page, second.code);
    await page.waitForURL((url) => url.pathname === '/');
    lastCode = second.id;

    await visitAndScan(page, '/');
    await visitAndScan(page, '/kyc');
    for (const step of ['start', 'location', 'details', 'identity', 'terms', 'pending', 'no-info'])
      await visitAndScan(page, `/kyc/${step}`);
    await visitAndScan(page, '/settings', 'Settings');
    await visitAndScan(page, '/sandbox', 'Sandbox');
  });

  it('a Verified user: home, money, methods, history, the trade pages through a real buy, and its tracking page', async () => {
    const { page } = signedIn;
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    await page.getByLabel('Fund account amount (USD)').fill('150');
    await page.getByRole('button', { name: 'Fund account', exact: true }).click();
    await page.getByText('Fund Account Success').first().waitFor();

    await visitAndScan(page, '/');
    await visitAndScan(page, '/kyc/verified');
    for (const route of [
      '/money',
      '/money/deposit',
      '/money/withdraw',
      '/money/withdraw-asset',
      '/money/withdrawals/confirm',
      '/history',
    ]) {
      await visitAndScan(page, route);
    }
    for (const route of ['/methods', '/methods/bank', '/methods/card']) await visitAndScan(page, route);
    for (const route of ['/trade/sell', '/trade/flow', '/trade/method?side=buy', '/trade/method/primex_ach?side=buy'])
      await visitAndScan(page, route);
    await visitAndScan(page, '/xumm/plaid');

    // A buy of 100 USDS: the draft gives /trade/summary, the quote /trade/verify, the order /trade/complete.
    await visitAndScan(page, '/trade/buy', 'Buy');
    await page.getByLabel(/ address$/).fill(XRPL_ADDRESS);
    await page.getByTestId('estimate-lines').waitFor();
    await scanBothSchemes(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    await page.getByTestId('quote-lines').waitFor();
    await scanBothSchemes(page);
    await page.getByRole('button', { name: 'Confirm and buy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/verify');
    await page.getByText(/We emailed a 6-digit code to/).waitFor();
    await scanBothSchemes(page);
    const sent = await newestCode(email, lastCode);
    await page.getByLabel(/Verification code/).fill(sent.code);
    await page.getByRole('button', { name: 'Verify and buy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/complete');
    const tracking = page.getByRole('link', { name: 'Open the tracking page' });
    await tracking.waitFor();
    await scanBothSchemes(page);
    trackingHref = (await tracking.getAttribute('href')) ?? '';
    expect(trackingHref).toMatch(/\/trade\/track\?tracking_id=/);
    await signedIn.context.close();
  });

  it('the tracking page of that order, anonymously', async () => {
    const { page, context } = await openPage(browser, { width: WIDTH });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(trackingHref).not.toBe('');
    await page.goto(trackingHref);
    await page
      .getByText(/^Status: /)
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await scanBothSchemes(page);
    await context.close();
  });
});
