import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage } from './browser';
import { expectNoSeriousAxeViolation, freshEmail, newestCode, signUp, sandboxAction } from './journeys';
import { BROWSER_WAIT_MS } from '../timeouts';

/**
 * A new user's money and orders on the app as `npm start` runs it (in-process worker, default settings; decision 053):
 * a buy larger than the USD balance is stopped on the buy page; a $50 buy paid by ACH uses $50.00 of the weekly ACH
 * limit, which the buy and deposit screens show and the deposit screen enforces; "Settle last ACH deposit" on
 * /sandbox moves the order on at once; and the order's deposit is never listed as a deposit of its own.
 */

const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

async function api<T>(page: Page, path: string, body: unknown = {}): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as T;
  if (res.status >= 400) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(reply)}`);
  return reply;
}

/** Links a bank through the bank-link sandbox's calls (the browser journey of linking is the methods screens'). */
async function linkBank(page: Page): Promise<string> {
  const { institutions } = await api<{ institutions: { id: string; name: string; blacklisted: boolean }[] }>(
    page,
    '/plaid-institutions',
  );
  const institution = institutions.find((i) => !i.blacklisted);
  if (!institution) throw new Error('no institution');
  const { linkToken } = await api<{ linkToken: string }>(page, '/plaid-ui-token');
  const link = await api<{
    publicToken: string;
    institutionId: string;
    institutionName: string;
    accounts: { id: string }[];
  }>(page, '/plaid-sandbox-link', {
    linkToken,
    institutionId: institution.id,
  });
  const account = link.accounts[0];
  if (!account) throw new Error('no account');
  await api(page, '/plaid-bank-account-add', {
    publicToken: link.publicToken,
    accountId: account.id,
    account,
    institutionId: link.institutionId,
    institutionName: link.institutionName,
  });
  return institution.name;
}

describe('money and orders on the app as npm start runs it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a buy above the USD balance is stopped on the buy page, before the summary and before any code is sent', async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 360 });
    await signUp(page, email);
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    await page.getByLabel('Fund account amount (USD)').fill('15');
    await page.getByRole('button', { name: 'Fund account', exact: true }).click();
    await page.getByText('Fund Account Success').first().waitFor();

    await page.goto('/trade/buy');
    await page.getByText('$15.00 available').waitFor();
    await page.getByLabel('Amount (USD)').fill('20');
    await page.getByLabel(/ address$/).fill(XRPL_ADDRESS);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('Your USD balance is not enough for this order').waitFor();
    expect(new URL(page.url()).pathname).toBe('/trade/buy');
    await expectNoSeriousAxeViolation(page);
    // Within the balance, it goes on to the summary.
    await page.getByLabel('Amount (USD)').fill('15');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    await page.getByTestId('quote-lines').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an ACH-paid buy counts once toward the weekly limit, which the deposit screen shows and respects, and moves on as soon as its deposit is settled', async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 360 });
    const lastCode = await signUp(page, email);
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    const bankName = await linkBank(page);

    // $50 paid by ACH from the linked bank, confirmed with the emailed code.
    await page.goto('/trade/buy');
    await page.getByLabel(/ address$/).fill(XRPL_ADDRESS);
    await page.getByRole('radio', { name: /^ACH ·/ }).check({ force: true });
    await page.getByLabel('Amount (USD)').fill('50');
    await page.getByTestId('estimate-lines').waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    await page.getByTestId('quote-lines').waitFor();
    await page.getByRole('button', { name: 'Confirm and buy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/verify');
    const sent = await newestCode(email, lastCode);
    await page.getByLabel(/Verification code/).fill(sent.code);
    await page.getByRole('button', { name: 'Verify and buy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/complete');
    await page.getByText('Status: Waiting for your payment').waitFor();
    const orderPage = page.url();

    // Each dollar once: the buy's $50, not the buy and its deposit.
    await page.goto('/trade/buy');
    await page.getByRole('radio', { name: /^ACH ·/ }).check({ force: true });
    await expect
      .poll(() => page.getByTestId('limit-remaining').textContent(), { timeout: BROWSER_WAIT_MS })
      .toBe('$950.00 left of your $1,000.00 weekly ACH limit');

    // The deposit screen shows the same limit and keeps a deposit within it.
    await page.goto('/money/deposit');
    await page.getByRole('radio', { name: /^ACH/ }).first().check({ force: true });
    await page.getByRole('radio', { name: new RegExp(bankName) }).check({ force: true });
    await expect
      .poll(() => page.getByTestId('limit-remaining').textContent(), { timeout: BROWSER_WAIT_MS })
      .toBe('$950.00 left of your $1,000.00 weekly ACH limit');
    await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('950.01');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.getByText('This is over your $1000 weekly limit for this method; $950.00 remains').waitFor();
    expect(new URL(page.url()).pathname).toBe('/money/deposit');
    await expectNoSeriousAxeViolation(page);

    // Settling the order's deposit on /sandbox moves the order on at once (well within the worker's minute-long sweep).
    await sandboxAction(page, 'Settle last ACH deposit', 'Last ACH Contribution Settled Successfully');
    const settledAt = Date.now();
    await page.goto(orderPage);
    await page
      .getByText(/^Status: /)
      .first()
      .waitFor();
    await expect
      .poll(
        async () =>
          (await page
            .getByText(/^Status: /)
            .first()
            .textContent()) ?? '',
        { timeout: BROWSER_WAIT_MS, interval: 500 },
      )
      .toMatch(/Status: (Payment received|Sending to your address|Completed)/);
    expect(Date.now() - settledAt).toBeLessThan(30_000);

    // The order's deposit is shown with the order, never as a deposit of its own, and none of its money is left over.
    await page.goto('/money');
    await page.getByRole('heading', { name: 'Money', level: 1 }).waitFor();
    await page.getByTestId('history-empty').waitFor();
    expect(await page.getByText('Deposit by ACH').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('balance-available').textContent(), { timeout: BROWSER_WAIT_MS })
      .toBe('$0.00');
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
