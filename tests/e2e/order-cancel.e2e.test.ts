import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import { expectNoSeriousAxeViolation, freshEmail, newestCode, signUp, sandboxAction } from './journeys';

/**
 * Cancelling an order in the app (decision 058): a sell waiting for its deposit offers Cancel; the dialog asks
 * first (Keep leaves it as it was); once confirmed the order shows Cancelled in its timeline, its deposit address
 * is gone and the USD balance is what it was.
 */

async function balance(page: Page): Promise<string> {
  await page.goto('/money');
  await page.getByRole('heading', { name: 'Money', level: 1 }).waitFor();
  return (await page.getByTestId('balance-available').textContent()) ?? '';
}

describe('cancelling an order in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a sell waiting for its deposit is cancelled after the confirmation dialog; the timeline and the balance show it', async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 360 });
    const lastCode = await signUp(page, email);
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    await page.getByLabel('Fund account amount (USD)').fill('50');
    await page.getByRole('button', { name: 'Fund account', exact: true }).click();
    await page.getByText('Fund Account Success').first().waitFor();
    expect(await balance(page)).toBe('$50.00');

    // A sell by a deposit from an external wallet, paid to the USD balance.
    await page.goto('/trade/sell');
    await page.getByRole('heading', { name: 'Sell', level: 1 }).waitFor();
    await page.getByRole('radio', { name: /Send from an external wallet/ }).check({ force: true });
    await page.getByTestId('minimum-deposit').waitFor();
    await page.getByRole('radio', { name: /USD balance/ }).check({ force: true });
    await page.getByTestId('estimate-lines').waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    await page.getByRole('button', { name: 'Confirm and sell', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/verify');
    await page.getByText(/We emailed a 6-digit code to/).waitFor();
    const sent = await newestCode(email, lastCode);
    await page.getByLabel(/Verification code/).fill(sent.code);
    await page.getByRole('button', { name: 'Verify and sell', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/trade/complete');
    await page.getByTestId('deposit-instructions').waitFor();
    await page.getByText('Status: Waiting for your deposit').waitFor();

    // Cancel asks first; Keep leaves the order waiting.
    const cancel = page.getByRole('button', { name: 'Cancel order', exact: true });
    await cancel.click();
    let dialog = page.getByRole('alertdialog', { name: 'Cancel this order?' });
    await dialog.waitFor();
    await dialog.getByText(/Your sale of .*USDS stops here\. Don't send the deposit/).waitFor();
    await expectNoSeriousAxeViolation(page);
    await dialog.getByRole('button', { name: 'Keep order', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Status: Waiting for your deposit').waitFor();

    await cancel.click();
    dialog = page.getByRole('alertdialog', { name: 'Cancel this order?' });
    await dialog.getByRole('button', { name: 'Cancel order', exact: true }).click();
    await page.getByText('Status: Cancelled').waitFor();
    const timeline = page.getByTestId('timeline');
    expect(await timeline.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Waiting for your deposit/),
      expect.stringMatching(/^Cancelled/),
    ]);
    await page.getByText('You cancelled this order. Nothing was taken from your balance or your bank.').waitFor();
    expect(await page.getByTestId('deposit-instructions').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel order', exact: true }).count()).toBe(0);
    await expectNoSeriousAxeViolation(page);
    // Read again from the server, it stays cancelled; the balance is untouched.
    await page.reload();
    await page.getByText('Status: Cancelled').waitFor();
    expect(await balance(page)).toBe('$50.00');
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
