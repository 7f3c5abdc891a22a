import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import { expectFocusOn, expectNoSeriousAxeViolation, freshEmail, resetFirstBankMethod, signUp } from './journeys';

/*
 * The methods screens in a browser (decision 019), on a phone-sized window: a verified user links a bank through
 * the bank-link sandbox (a blacklisted bank refused first), adds a card through the API's hosted card form, sees both
 * on /methods, then has the bank reset on /sandbox and re-authenticates it from /methods.
 */

describe('payment methods', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a verified user links a bank and adds a card, then re-authenticates the bank after a sandbox reset', async () => {
    const { page, context, problems } = await openPage(browser, { width: 360 });
    await signUp(page, freshEmail());

    // Verified at once through the sandbox (R4): the account opens with the sandbox individual.
    await page.goto('/sandbox');
    await page.getByRole('button', { name: 'Create KYC account' }).click();
    await page.getByText('Account KYC Open Successfully').waitFor();

    // No method yet: the page says what to do first.
    await page.goto('/methods');
    await page.getByRole('heading', { name: 'No payment methods yet' }).waitFor();
    await expectNoSeriousAxeViolation(page);

    // Link a bank: a blacklisted one is refused, then a bank is found by searching and one of its accounts linked.
    await page.getByRole('link', { name: 'Link a bank' }).click();
    await page.waitForURL((url) => url.pathname === '/methods/bank');
    const banks = page.getByRole('listbox', { name: 'Banks' });
    await banks.waitFor();
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('searchbox', { name: 'Search banks' }).fill('chime');
    await banks.getByRole('option', { name: /Chime/ }).click();
    expect(await page.getByTestId('bank-refused').textContent()).toContain(
      'Chime is not supported. Please link a different bank.',
    );
    await page.getByRole('searchbox', { name: 'Search banks' }).fill('first citizens');
    await banks.getByRole('option', { name: /First Citizens Bank/ }).click();
    await page.getByRole('heading', { name: 'Choose an account', level: 1 }).waitFor();
    await expectNoSeriousAxeViolation(page);
    // React Aria's radio keeps its input visually hidden: the user presses the visible option.
    await page.getByText('First Citizens Bank Savings').click();
    expect(await page.getByRole('radio', { name: /Savings/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Link account' }).click();
    await page.waitForURL((url) => url.pathname === '/methods');
    await page.getByText('First Citizens Bank linked').waitFor();
    // The button pressed went with the page left: focus is on the list's heading, not on the page's body.
    await expectFocusOn(page, 'H1 Payment methods');
    const bank = page.getByTestId('bank-method');
    await bank.waitFor();
    expect(await bank.textContent()).toContain('First Citizens Bank Savings');

    // Add a card in the hosted form (same origin, in an iframe); it reports back and the card is saved.
    await page.getByRole('link', { name: 'Add a card' }).click();
    await page.waitForURL((url) => url.pathname === '/methods/card');
    const form = page.frameLocator('iframe[title="Card details"]');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Month').fill('12');
    await form.getByLabel('Year').fill(String((new Date().getUTCFullYear() + 3) % 100));
    await form.getByLabel('Security code (CVC)').fill('123');
    await form.getByLabel('Nickname (optional)').fill('Travel card');
    await expectNoSeriousAxeViolation(page);
    await form.getByRole('button', { name: 'Add card' }).click();
    await page.waitForURL((url) => url.pathname === '/methods');
    await page.getByText('Travel card added').waitFor();

    // Both methods are listed.
    const card = page.getByTestId('card-method');
    await card.waitFor();
    expect(await card.textContent()).toContain('Visa ••••ending in 4242');
    expect(await page.getByTestId('bank-method').count()).toBe(1);
    await expectNoSeriousAxeViolation(page);

    // The sandbox resets the bank method: its login is required again, /methods says so and re-authenticates it
    // (the notice, then the bank's login step).
    await resetFirstBankMethod(page);
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('link', { name: /^Re-authenticate First Citizens Bank Savings/ }).click();
    await page.waitForURL((url) => url.pathname === '/methods/bank' && url.searchParams.has('reauth'));
    await page.getByRole('heading', { name: 'Log in to First Citizens Bank', level: 1 }).waitFor();
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/methods');
    await page.getByText('First Citizens Bank re-authenticated').waitFor();
    await page.getByTestId('bank-method').waitFor();
    await page.getByText('Login required.').waitFor({ state: 'detached' });

    // Remove asks first; keeping the card changes nothing.
    await page.getByRole('button', { name: /^Remove Travel card/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this card?' });
    await dialog.waitFor();
    await expectNoSeriousAxeViolation(page);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    expect(await page.getByTestId('card-method').count()).toBe(1);

    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
