import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage } from './browser';
import { expectNoSeriousAxeViolation, freshEmail, newestCode, signUp, sandboxAction } from './journeys';
import { BROWSER_WAIT_MS } from '../timeouts';

/**
 * The trade pages in a browser (decision 025): a verified user funds the USD balance in the sandbox, buys 100 USDS to
 * an XRPL address (confirmed with the emailed trade code, R2), follows the tracking page to completed with a
 * transaction hash; sells USDS by deposit through the sandbox's test sell flow and sees the USD balance grow; an
 * expired quote is quoted again.
 */

const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function balance(page: Page): Promise<string> {
  await page.goto('/money');
  await page.getByRole('heading', { name: 'Money', level: 1 }).waitFor();
  return (await page.getByTestId('balance-available').textContent()) ?? '';
}

/** /trade/verify: the code emailed for this trade, then the button. */
async function confirmWithEmailedCode(page: Page, email: string, previousId: string, button: string): Promise<string> {
  await page.waitForURL((url) => url.pathname === '/trade/verify');
  await page.getByText(/We emailed a 6-digit code to/).waitFor();
  const sent = await newestCode(email, previousId);
  await page.getByLabel(/Verification code/).fill(sent.code);
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/trade/complete');
  return sent.id;
}

/** A new user, signed up in `page`, whose account the sandbox opened and funded with `amount` USDS in holdings. */
async function userHoldingUsds(page: Page, email: string, amount: string): Promise<string> {
  const lastCode = await signUp(page, email);
  await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
  await page.getByLabel('Asset ticker').fill('USDS');
  await page.getByLabel('Asset amount').fill(amount);
  await page.getByRole('button', { name: 'Fund asset', exact: true }).click();
  await page.getByText('Fund Asset Success').first().waitFor();
  return lastCode;
}

/** The timeline's steps as a user reads them, without their times. */
async function timelineSteps(page: Page): Promise<string[]> {
  const steps = await page.getByTestId('timeline').getByRole('listitem').allTextContents();
  return steps.map((step) => step.replace(/[A-Z][a-z]{2} \d.*$/, ''));
}

/** The confirmation link of the newest asset withdrawal mail sent to `email` (decision 054). */
async function assetConfirmationLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const res = await fetch(`${baseURL()}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await res.json()) as { messages: { text: string }[] };
    for (const message of messages) {
      const match = /https?:\/\/[^\s"<>]+(\/money\/withdraw-asset\/confirm\?token=[A-Za-z0-9_-]+)/.exec(message.text);
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no asset withdrawal mail sent to ${email}`);
}

describe('trading in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('funds the balance, buys 100 USDS to an XRPL address and tracks it to completed; then sells USDS through the test sell flow', async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 360 });
    let lastCode = await signUp(page, email);

    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    await page.getByLabel('Fund account amount (USD)').fill('150');
    await page.getByRole('button', { name: 'Fund account', exact: true }).click();
    await page.getByText('Fund Account Success').first().waitFor();
    expect(await balance(page)).toBe('$150.00');

    // Buy: xrplUSDS is the first enabled stablecoin (R15), 100 the default amount, the USD balance the default source.
    await page.goto('/trade/buy');
    const amount = page.getByLabel('Amount (USD)');
    await amount.waitFor();
    expect(await amount.inputValue()).toBe('100');
    await page.getByLabel(/ address$/).fill(XRPL_ADDRESS);
    await page.getByTestId('estimate-lines').waitFor();
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    await page.getByTestId('quote-lines').waitFor();
    expect(await page.getByTestId('summary-address').textContent()).toBe(XRPL_ADDRESS);
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('button', { name: 'Confirm and buy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/verify');
    await page.getByText(/We emailed a 6-digit code to/).waitFor();
    await expectNoSeriousAxeViolation(page);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/verify-360.png`, fullPage: true });
    lastCode = await confirmWithEmailedCode(page, email, lastCode, 'Verify and buy');

    // The order's page links its public tracking page; anyone with the link follows it to completed.
    const trackingHref = await page.getByRole('link', { name: 'Open the tracking page' }).getAttribute('href');
    expect(trackingHref).toMatch(/\/trade\/track\?tracking_id=[A-Za-z0-9_-]{22}$/);
    const stranger = await browser.newContext({ baseURL: page.url() });
    const tracking = await stranger.newPage();
    await tracking.goto(new URL(trackingHref!, page.url()).toString());
    await tracking.getByText('Status: Completed').waitFor({ timeout: 45_000 });
    // Every step of the completed order is drawn with the time it happened.
    expect(await timelineSteps(tracking)).toEqual([
      'Waiting for your payment',
      'Payment received',
      'Sending to your address',
      'Completed',
    ]);
    expect(await tracking.getByText(/^[0-9A-F]{64}$/).count()).toBe(1);
    await expectNoSeriousAxeViolation(tracking);
    await stranger.close();
    expect(await balance(page)).toBe('$50.00');
    // The home page lists it among the recent orders, and offers a quick trade.
    await page.goto('/');
    await page
      .getByTestId('home-orders')
      .getByRole('link', { name: /Buy USDS for \$100\.00.*Completed/ })
      .waitFor();
    await page.getByRole('heading', { name: 'Quick trade' }).waitFor();
    await expectNoSeriousAxeViolation(page);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/home-360.png`, fullPage: true });

    // Sell 100 USDS by a deposit from an external wallet, paid to the USD balance.
    await page.goto('/trade/sell');
    await page.getByRole('heading', { name: 'Sell', level: 1 }).waitFor();
    await page.getByRole('radio', { name: /Send from an external wallet/ }).check({ force: true });
    await page.getByTestId('minimum-deposit').waitFor();
    await page.getByRole('radio', { name: /USD balance/ }).check({ force: true });
    await page.getByTestId('estimate-lines').waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    const receive = ((await page.getByTestId('quote-lines').getByTestId('line-receive').textContent()) ?? '').replace(
      'You receive',
      '',
    );
    expect(receive).toMatch(/^\$\d+\.\d\d$/);
    await page.getByRole('button', { name: 'Confirm and sell', exact: true }).click();
    await confirmWithEmailedCode(page, email, lastCode, 'Verify and sell');
    const instructions = page.getByTestId('deposit-instructions');
    await instructions.waitFor();
    await instructions.getByText('You must include this destination tag').waitFor();
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/sell-deposit-360.png`, fullPage: true });
    await expectNoSeriousAxeViolation(page);

    // The sandbox's test sell flow sends that deposit; the order pays out into the balance.
    await sandboxAction(page, 'Trigger a test sell flow', 'Test Sell Flow: the deposit of your sell order arrived');
    const expected = (50 + Number(receive.slice(1))).toFixed(2);
    await expect.poll(() => balance(page), { timeout: BROWSER_WAIT_MS, interval: 1_000 }).toBe(`$${expected}`);
    // The activity page lists both trades.
    await page.goto('/');
    await page.getByRole('link', { name: 'All activity' }).click();
    await page.waitForURL((url) => url.pathname === '/history');
    await page.getByRole('button', { name: 'Trades', exact: true }).click();
    await expect.poll(() => page.getByTestId('activity-entry').count()).toBe(2);
    await expectNoSeriousAxeViolation(page);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/history-360.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  it('withdraws a held asset to an XRPL address with its destination tag; it completes with a transaction hash (R14)', async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 360 });
    const lastCode = await userHoldingUsds(page, email, '20');

    await page.goto('/money');
    await page.getByRole('link', { name: 'Withdraw crypto' }).click();
    await page.waitForURL((url) => url.pathname === '/money/withdraw-asset');
    await page.getByLabel('Network').selectOption('xrpl');
    await page.getByLabel('Amount (USDS)').fill('20');
    await page.getByLabel('Address on XRP Ledger').fill(XRPL_ADDRESS);
    await page.getByLabel('Destination tag').fill('4242');
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    // Decision 054: the emailed code, then the link of the confirmation mail; nothing is sent before.
    await page.getByText(/We emailed a 6-digit code to/).waitFor();
    const sent = await newestCode(email, lastCode);
    await page.getByLabel('Verification code').fill(sent.code);
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('button', { name: 'Verify and withdraw', exact: true }).click();
    await page
      .getByTestId('asset-withdrawal-done')
      .getByText(/we emailed you a link to confirm the withdrawal/)
      .waitFor();
    await page
      .getByTestId('asset-withdrawals')
      .getByText(/^Waiting for your email confirmation/)
      .waitFor();
    await page.goto(await assetConfirmationLink(email));
    await page.getByRole('heading', { name: 'Withdrawal confirmed' }).waitFor();
    await expectNoSeriousAxeViolation(page);
    await page.goto('/money/withdraw-asset');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/withdraw-asset-360.png`, fullPage: true });
    // The cold-storage step (5 s by default) and the confirmations (2 s here), then the list says completed.
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await page.getByTestId('asset-withdrawals').textContent()) ?? '';
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toMatch(/Completed/);
    expect(
      await page
        .getByTestId('asset-withdrawals')
        .getByText(/^Transaction [0-9A-F]{64}$/)
        .count(),
    ).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('at 360 px an Ethereum address in the withdrawal sentences wraps: the code step and the confirmed page scroll no wider than the phone', async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 360 });
    const lastCode = await userHoldingUsds(page, email, '20');
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    await page.goto('/money/withdraw-asset');
    await page.getByLabel('Network').selectOption('ethereum');
    await page.getByLabel('Amount (USDS)').fill('20');
    await page.getByLabel('Address on Ethereum').fill(ETH_ADDRESS);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText(`You are sending 20 USDS to ${ETH_ADDRESS}.`, { exact: false }).waitFor();
    expect(await pageWidth()).toBe(360);

    const sent = await newestCode(email, lastCode);
    await page.getByLabel('Verification code').fill(sent.code);
    await page.getByRole('button', { name: 'Verify and withdraw', exact: true }).click();
    await page.getByTestId('asset-withdrawal-done').waitFor();
    await page.goto(await assetConfirmationLink(email));
    await page.getByRole('heading', { name: 'Withdrawal confirmed' }).waitFor();
    const message = page.getByText(`will be sent to ${ETH_ADDRESS}`, { exact: false });
    const box = await message.boundingBox();
    expect(box).not.toBeNull();
    // Inside the card's side margins, not only inside the screen.
    expect(box!.x).toBeGreaterThanOrEqual(16);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360 - 16);
    expect(await pageWidth()).toBe(360);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sells held USDS into the USD balance; the order shows only the steps a sell from holdings goes through', async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 1280 });
    const lastCode = await userHoldingUsds(page, email, '30');

    await page.goto('/trade/sell');
    await page.getByRole('heading', { name: 'Sell', level: 1 }).waitFor();
    await page.getByRole('radio', { name: /From my holdings/ }).check({ force: true });
    await page.getByLabel('Amount (USDS)').fill('20');
    await page.getByRole('radio', { name: /USD balance/ }).check({ force: true });
    await page.getByTestId('estimate-lines').waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    await page.getByTestId('quote-lines').waitFor();
    await page.getByRole('button', { name: 'Confirm and sell', exact: true }).click();
    await confirmWithEmailedCode(page, email, lastCode, 'Verify and sell');
    await page.getByText('Status: Completed').waitFor({ timeout: 45_000 });
    // The asset was already held: the order never waited for a deposit, and that step is not drawn as to come.
    expect(await timelineSteps(page)).toEqual(['Deposit received', 'Paying you out', 'Completed']);
    await expectNoSeriousAxeViolation(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('an expired price is quoted again on the summary, and the order goes through on the new one', async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 1280 });
    const lastCode = await signUp(page, email);
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    await page.getByLabel('Fund account amount (USD)').fill('50');
    await page.getByRole('button', { name: 'Fund account', exact: true }).click();
    await page.getByText('Fund Account Success').first().waitFor();

    await page.clock.install();
    await page.goto('/trade/buy');
    await page.getByLabel('Amount (USD)').fill('20');
    await page.getByLabel(/ address$/).fill(XRPL_ADDRESS);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    await page.getByTestId('quote-lines').waitFor();
    expect(await page.getByTestId('countdown').textContent()).toMatch(/Price held for [45]:\d\d/);

    // Five minutes pass on the page: the quote is asked for again under a new idemId, and the page says so. (The
    // page's clock is then set back to the server's, so the new quote, firm by the server's clock, is not already
    // past its time on the page's.)
    await page.clock.pauseAt(Date.now() + 5 * 60 * 1000 + 2_000);
    await page.clock.setSystemTime(new Date());
    await page.clock.resume();
    await page
      .getByTestId('requoted')
      .getByText('The price expired, so we got you a new one. Check the amounts again.')
      .waitFor();
    await page.getByTestId('quote-lines').waitFor();
    await page.getByRole('button', { name: 'Confirm and buy', exact: true }).click();
    await confirmWithEmailedCode(page, email, lastCode, 'Verify and buy');
    await page
      .getByText(/Status: /)
      .first()
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
