import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage } from './browser';
import { expectFocusOn, expectNoSeriousAxeViolation, freshEmail, signUp, sandboxAction } from './journeys';

/**
 * The money screens in a browser (decision 020): a verified user with a linked bank deposits by ACH, sees it pending,
 * settles it on /sandbox and sees the balance change on /money; then withdraws by US wire, confirms it from the
 * email's link and settles it on /sandbox.
 */

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

/** The confirmation link of the newest withdrawal mail sent to `email`. */
async function confirmationLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const res = await fetch(`${baseURL()}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await res.json()) as { messages: { text: string }[] };
    for (const message of messages) {
      const match = /https?:\/\/[^\s"<>]+(\/money\/withdrawals\/confirm\?token=[A-Za-z0-9_-]+)/.exec(message.text);
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no withdrawal mail sent to ${email}`);
}

describe('money in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a verified user deposits by ACH, settles it on /sandbox, then withdraws by US wire confirmed from the email', async () => {
    const email = freshEmail();
    const { page, context, problems } = await openPage(browser, { width: 360 });
    await signUp(page, email);

    // A verified user: the sandbox opens the account at once.
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    const bankName = await linkBank(page);

    await page.goto('/money');
    await page.getByRole('heading', { name: 'Money', level: 1 }).waitFor();
    await page.getByTestId('history-empty').waitFor();
    expect(await page.getByTestId('balance-available').textContent()).toBe('$0.00');
    await expectNoSeriousAxeViolation(page);

    // Deposit by ACH: the amount, the fee on its own line and the total before confirming.
    await page.getByRole('link', { name: 'Deposit' }).first().click();
    await page.waitForURL((url) => url.pathname === '/money/deposit');
    await page.getByRole('radio', { name: /^ACH/ }).check({ force: true });
    await page.getByRole('radio', { name: new RegExp(bankName) }).check({ force: true });
    await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('100');
    const lines = page.getByTestId('deposit-lines');
    await expect.poll(() => lines.textContent()).toContain('ACH fee$0.50');
    expect(await lines.textContent()).toContain('Total taken from your bank$100.50');
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/money');
    // The deposit form is gone: focus is on the page it ended on, not on the body.
    await expectFocusOn(page, 'H1 Money');
    const deposit = page.getByTestId('transfer').first();
    await deposit.getByText('Deposit by ACH').waitFor();
    expect(await deposit.getByTestId('transfer-status').textContent()).toBe('Pending');
    expect(await page.getByTestId('balance-available').textContent()).toBe('$0.00');

    // Settled on the sandbox screen; the balance changes.
    await sandboxAction(page, 'Settle last ACH deposit', 'Last ACH Contribution Settled Successfully');
    await page.goto('/money');
    await expect.poll(() => page.getByTestId('balance-available').textContent()).toBe('$100.00');
    expect(await page.getByTestId('transfer').first().getByTestId('transfer-status').textContent()).toBe('Settled');

    // Withdraw by US wire: $60 plus the $15 fee; then confirm from the email.
    await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/money/withdraw');
    await page.getByText('Available: $100.00').waitFor();
    await page.getByRole('radio', { name: /^US wire/ }).check({ force: true });
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    // One routing-number error, in the words of the field's help text (decision 055).
    await page
      .getByTestId('field-error-routingNumber')
      .getByText('Enter the wire routing number, the ACH routing number, or both')
      .waitFor();
    expect(await page.getByTestId('field-error-achRoutingNumber').count()).toBe(0);
    expect(await page.getByText(/Routing Number is required|Routing number is required/).count()).toBe(0);
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('textbox', { name: 'Beneficiary name' }).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Bank account number' }).fill('123456789');
    await page.getByRole('textbox', { name: 'Routing number', exact: true }).fill('021000021');
    await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('60');
    expect(await page.getByTestId('withdraw-lines').textContent()).toContain('Total taken from your balance$75.00');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    // The form went with the button pressed: focus is on the new step's heading, not on the page's body.
    await expectFocusOn(page, 'H1 Check your email');
    await expectNoSeriousAxeViolation(page);

    await page.goto(await confirmationLink(email));
    await page.getByRole('heading', { name: 'Withdrawal confirmed' }).waitFor();
    await expectNoSeriousAxeViolation(page);

    await sandboxAction(page, 'Settle last wire withdrawal', 'Last Wire Withdrawal Settled Successfully');
    await page.goto('/money');
    await expect.poll(() => page.getByTestId('balance-available').textContent()).toBe('$25.00');
    const withdrawal = page.getByTestId('transfer').first();
    await withdrawal.getByText('Withdrawal by US wire').waitFor();
    expect(await withdrawal.getByTestId('transfer-status').textContent()).toBe('Settled');
    await expectNoSeriousAxeViolation(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
