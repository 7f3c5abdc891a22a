import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import {
  expectNoSeriousAxeViolation,
  freshEmail,
  newestCode,
  resetFirstBankMethod,
  signUp,
  sandboxAction,
} from './journeys';

/**
 * The wallet mini-app in a browser (decision 034): Rampart opened by the XRPL wallet, with the development adapter
 * standing in for the wallet (`xAppEmulator=1`, allowed on the sandbox deployment the journeys run). The wallet's style
 * sets the theme, its account is the buy address, outside links go through the wallet's browser, a bank is linked in
 * that browser (a context of its own, without the mini-app's session) and later logged in to again there, and a buy
 * completes.
 */

/** What the emulated wallet says it is signed in with (features/wallet-app/emulator-adapter.ts). */
const WALLET_ACCOUNT = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const LAUNCH = '/auth?xAppToken=3c2b1f0e-9d8c-4b7a-a6f5-e4d3c2b1a098&xAppStyle=DARK&xAppEmulator=1';

/** The outside pages the emulated wallet was asked to open, newest last. */
async function openedInWallet(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __rampartWalletEmulator?: { opened: string[] } }).__rampartWalletEmulator?.opened ?? [],
  );
}

async function waitForOpened(page: Page, match: (url: string) => boolean): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const found = (await openedInWallet(page)).find(match);
    if (found) return found;
    await page.waitForTimeout(100);
  }
  throw new Error(`the wallet was not asked to open such a page: ${JSON.stringify(await openedInWallet(page))}`);
}

describe('the wallet mini-app (emulated wallet)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens with the wallet's token, uses its account and browser, links and re-authenticates a bank in the wallet's browser and completes a buy", async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 390 });
    // Pages the app opens for the wallet's browser would be new tabs here: the journey follows the log instead.
    page.on('popup', (opened) => void opened.close());

    await page.goto(LAUNCH);
    await page.getByTestId('wallet-emulator').waitFor();
    expect(await page.getByTestId('wallet-emulator').textContent()).toContain(WALLET_ACCOUNT);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('rampart.walletAccount'))).toBe(WALLET_ACCOUNT);

    // The mode lasts for the tab: signing in moves through several pages.
    const lastCode = await signUp(page, email);
    await page.getByTestId('wallet-emulator').waitFor();
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    await page.getByLabel('Fund account amount (USD)').fill('150');
    await page.getByRole('button', { name: 'Fund account', exact: true }).click();
    await page.getByText('Fund Account Success').first().waitFor();

    // Contact Support goes through the wallet's browser, to the app's own support page (decision 059).
    await page.getByRole('link', { name: /Contact Support/ }).click();
    expect(await waitForOpened(page, (url) => new URL(url).pathname === '/support')).toBeTruthy();

    // Linking a bank: /methods/bank becomes /xumm/plaid, which opens the bank link in the wallet's browser.
    await page.goto('/methods');
    await page.getByRole('link', { name: 'Link a bank' }).click();
    await page.waitForURL((url) => url.pathname === '/xumm/plaid');
    await page.getByRole('heading', { name: 'Link your bank', level: 1 }).waitFor();
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('button', { name: 'Open bank link' }).click();
    const handoffUrl = await waitForOpened(page, (url) => url.includes('/xumm/plaid?handoff='));
    await page.getByTestId('handoff-waiting').waitFor();
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/wallet-plaid-390.png`, fullPage: true });

    // The wallet's browser: another browser altogether, nobody signed in.
    const walletBrowser = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const outside = await walletBrowser.newPage();
    await outside.goto(handoffUrl);
    await outside.getByText(`Linking a bank for ${email}`).waitFor();
    expect(new URL(outside.url()).search).toBe(''); // the single-use token leaves the address bar
    const banks = outside.getByRole('listbox', { name: 'Banks' });
    await banks.waitFor();
    await outside.getByRole('searchbox', { name: 'Search banks' }).fill('first citizens');
    await banks.getByRole('option', { name: /First Citizens Bank/ }).click();
    await outside.getByRole('heading', { name: 'Choose an account', level: 1 }).waitFor();
    await outside.getByRole('button', { name: 'Link account' }).click();
    await outside.getByRole('heading', { name: 'First Citizens Bank is linked' }).waitFor();
    if (process.env.E2E_SCREENSHOTS)
      await outside.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/wallet-browser-linked-390.png`,
        fullPage: true,
      });
    await expectNoSeriousAxeViolation(outside);
    // The link was single use: opened again, it is refused.
    const again = await walletBrowser.newPage();
    await again.goto(handoffUrl);
    await again.getByTestId('handoff-message').waitFor();
    expect(await again.getByTestId('handoff-message').textContent()).toBe(
      'This bank link is not valid. Please start again from the wallet app.',
    );
    await walletBrowser.close();

    // Back in the wallet: the mini-app notices the new bank and goes back to the methods.
    await page.waitForURL((url) => url.pathname === '/methods');
    // (its toast is short-lived; the list is what stays)
    await page.getByTestId('bank-method').waitFor();
    expect(await page.getByTestId('bank-method').textContent()).toContain('First Citizens Bank');

    // The bank asks for its login again (the sandbox's reset): that login happens in the wallet's browser too.
    await resetFirstBankMethod(page);
    await page.getByRole('link', { name: /^Re-authenticate First Citizens Bank/ }).click();
    await page.waitForURL((url) => url.pathname === '/xumm/plaid' && url.searchParams.has('reauth'));
    await page.getByRole('heading', { name: 'Log in to your bank again', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open bank link' }).click();
    await page.getByTestId('handoff-waiting').waitFor();
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/wallet-reauth-390.png`, fullPage: true });
    const reauthUrl = await waitForOpened(page, (url) => url.includes('/xumm/plaid?handoff=') && url !== handoffUrl);
    const reauthBrowser = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const login = await reauthBrowser.newPage();
    await login.goto(reauthUrl);
    await login.getByText(`Logging in to a bank again for ${email}`).waitFor();
    await login.getByRole('heading', { name: 'Log in to First Citizens Bank', level: 1 }).waitFor();
    await expectNoSeriousAxeViolation(login);
    if (process.env.E2E_SCREENSHOTS)
      await login.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/wallet-browser-reauth-390.png`, fullPage: true });
    await login.getByRole('button', { name: 'Continue' }).click();
    await login.getByRole('heading', { name: 'First Citizens Bank is re-authenticated' }).waitFor();
    await reauthBrowser.close();
    await page.waitForURL((url) => url.pathname === '/methods');
    await page.getByTestId('bank-method').waitFor();
    await page.getByText('Login required.').waitFor({ state: 'detached' });

    // Buy: the wallet's account is the XRPL address, already checked by the address rules.
    await page.goto('/trade/buy');
    const address = page.getByLabel(/ address$/);
    await address.waitFor();
    await page.getByText("Your wallet's account.", { exact: false }).waitFor();
    expect(await address.inputValue()).toBe(WALLET_ACCOUNT);
    await page.getByTestId('estimate-lines').waitFor();
    await expectNoSeriousAxeViolation(page);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/wallet-buy-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    expect(await page.getByTestId('summary-address').textContent()).toBe(WALLET_ACCOUNT);
    await page.getByRole('button', { name: 'Confirm and buy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/verify');
    await page.getByText(/We emailed a 6-digit code to/).waitFor();
    const sent = await newestCode(email, lastCode);
    await page.getByLabel(/Verification code/).fill(sent.code);
    await page.getByRole('button', { name: 'Verify and buy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/complete');

    // The tracking page opens in the wallet's browser, where the order reaches completed.
    await page.getByRole('link', { name: 'Open the tracking page' }).click();
    const tracking = await waitForOpened(page, (url) => url.includes('/trade/track?tracking_id='));
    expect(page.url()).toContain('/trade/complete'); // the mini-app stays where it was
    const viewer = await browser.newContext();
    const trackingPage = await viewer.newPage();
    await trackingPage.goto(tracking);
    await trackingPage.getByText('Status: Completed').waitFor({ timeout: 45_000 });
    await viewer.close();

    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('stays a normal web app without the launch, and never emulates the wallet without the flag', async () => {
    const { page, context } = await openPage(browser, { width: 390 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/auth');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('wallet-emulator').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.theme ?? null)).toBeNull();
    // The wallet SDK is a chunk of its own, not downloaded outside the wallet mode.
    expect(scripts.filter((file) => file.includes('xumm-adapter'))).toEqual([]);
    // A wallet launch without the emulator flag asks for the real wallet SDK, which cannot start here (no API key):
    // the app goes on as a web app, with the wallet's theme.
    const sdk = page.waitForResponse((response) => response.url().includes('/assets/xumm-adapter-'));
    await page.goto('/auth?xAppToken=3c2b1f0e-9d8c-4b7a-a6f5-e4d3c2b1a098&xAppStyle=LIGHT');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await sdk;
    expect(await page.getByTestId('wallet-emulator').count()).toBe(0);
    await context.close();
  });
});
