import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import { freshEmail, newestCode, signUp, sandboxAction } from './journeys';
import { BROWSER_WAIT_MS } from '../timeouts';

/**
 * The short tracking link with its copy button on the complete and tracking pages; the last address used on a
 * network offered on the next buy (decision 059); Contact Support on a fresh install (no SUPPORT_URL set) opens
 * a page that exists.
 */

const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

async function buyUsds(page: Page, email: string, previousCode: string, address: string | null): Promise<string> {
  await page.goto('/trade/buy');
  const field = page.getByLabel(/ address$/);
  await field.waitFor();
  if (address !== null) await field.fill(address);
  await page.getByTestId('estimate-lines').waitFor();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/trade/summary');
  await page.getByRole('button', { name: 'Confirm and buy', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/trade/verify');
  await page.getByText(/We emailed a 6-digit code to/).waitFor();
  const sent = await newestCode(email, previousCode);
  await page.getByLabel(/Verification code/).fill(sent.code);
  await page.getByRole('button', { name: 'Verify and buy', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/trade/complete');
  return sent.id;
}

describe('links in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the short link with a copy button on the complete and tracking pages, and offers the last XRPL address on the next buy', async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 360 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    let lastCode = await signUp(page, email);
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    await page.getByLabel('Fund account amount (USD)').fill('250');
    await page.getByRole('button', { name: 'Fund account', exact: true }).click();
    await page.getByText('Fund Account Success').first().waitFor();

    lastCode = await buyUsds(page, email, lastCode, XRPL_ADDRESS);
    const shortLink = page.getByTestId('short-link');
    await shortLink.waitFor();
    const shown = (await shortLink.textContent()) ?? '';
    expect(shown).toMatch(/^https?:\/\/[^/]+\/r\/[A-Za-z0-9_-]{10}$/);
    await page.getByRole('button', { name: 'Copy the short link' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

    // Anyone with the short link reaches the tracking page, which shows the same link to copy.
    const stranger = await browser.newContext();
    await stranger.grantPermissions(['clipboard-read', 'clipboard-write']);
    const tracking = await stranger.newPage();
    await tracking.goto(shown);
    await tracking.waitForURL((url) => url.pathname === '/trade/track');
    await tracking.getByTestId('short-link').waitFor();
    expect(await tracking.getByTestId('short-link').textContent()).toBe(shown);
    await tracking.getByRole('button', { name: 'Copy the short link' }).click();
    await tracking.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await tracking.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await stranger.close();

    // The next buy of an asset on the XRP Ledger offers the address used last on that network.
    await page.goto('/');
    await page.goto('/trade/buy');
    const field = page.getByLabel(/ address$/);
    await field.waitFor();
    await expect.poll(() => field.inputValue(), { timeout: BROWSER_WAIT_MS }).toBe(XRPL_ADDRESS);
    await buyUsds(page, email, lastCode, null);
    await page.getByTestId('short-link').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);

  it('Contact Support opens a page that exists on a fresh install', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto('/auth');
    const link = page.getByRole('link', { name: /Contact Support/ });
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    const opened = context.waitForEvent('page');
    await link.click();
    const support = await opened;
    await support.waitForLoadState();
    expect(new URL(support.url()).origin).toBe(new URL(page.url()).origin);
    expect(new URL(href, page.url()).pathname).toBe('/support');
    await support.getByRole('heading', { name: 'Contact support', level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
