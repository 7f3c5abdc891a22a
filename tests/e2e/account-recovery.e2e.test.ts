import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import {
  enterCode,
  enterEmailAndPassword,
  expectNoSeriousAxeViolation,
  freshEmail,
  newestCode,
  PASSWORD,
  signUp,
} from './journeys';

/*
 * The rest of the sign-in flow (decision 006): a forgotten password reset with the emailed code (then signed in with
 * the new one), and the SMS second factor (R2): add a phone, confirm it with the texted code from the
 * development outbox, choose it, sign in with it, switch back to the emailed code.
 */

const NEW_PASSWORD = 'another long passphrase, newer';
const PHONE_TYPED = '+1 415 555 2671';
const PHONE_E164 = '+14155552671';

/** A code that is surely not `right`. */
function wrongCode(right: string): string {
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
}

async function signOutFromHeader(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
}

describe('account recovery and the SMS second factor in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('resets a forgotten password with the emailed code, is signed in with it, and the old one no longer works', async () => {
    const { page, context, problems } = await openPage(browser);
    const email = freshEmail();
    let lastId = await signUp(page, email);
    await signOutFromHeader(page);

    // The password step offers the reset; the email comes along.
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/v1\/auth\/password/);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/v1\/auth\/forgot$/);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('button', { name: 'Email me a reset code' }).click();

    await page.waitForURL(/\/v1\/auth\/reset$/);
    await page.getByText(/We sent a 6-digit code to e\*\*\*@e\*\*\*\.com\./).waitFor();
    await expectNoSeriousAxeViolation(page);
    const reset = await newestCode(email, lastId);
    lastId = reset.id;

    // Checked before sending: the length (R3) and the confirmation.
    await page.getByLabel('6-digit code').fill(reset.code);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Reset password' }).click();
    expect(await page.getByTestId('field-error-password').textContent()).toBe(
      'Password should contain at least 8 characters',
    );
    expect(await page.getByTestId('field-error-confirmPassword').textContent()).toBe('Your passwords do not match');

    // A wrong code lands on the code field (document 2, section 8). One of this file's two failed attempts.
    await page.getByLabel('6-digit code').fill(wrongCode(reset.code));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('field-error-code').waitFor();
    expect(await page.getByTestId('field-error-code').textContent()).toBe(
      'Invalid verification code provided, please try again.',
    );

    // The right code: the password changes and the user is signed in with it, second factor included (R2).
    await page.getByLabel('6-digit code').fill(reset.code);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/v1\/auth\/otp$/);
    await page.getByText('Your password has been reset.').waitFor();
    const mfa = await newestCode(email, lastId);
    lastId = mfa.id;
    await enterCode(page, mfa.code);
    await page.waitForURL((url) => url.pathname === '/');
    await signOutFromHeader(page);

    // The old password is refused (the second failed attempt); the new one signs in.
    await page.goto('/auth');
    await enterEmailAndPassword(page, email, PASSWORD);
    await page.getByTestId('field-error-password').waitFor();
    expect(await page.getByTestId('field-error-password').textContent()).toBe('Incorrect username or password.');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/v1\/auth\/otp$/);
    const again = await newestCode(email, lastId);
    await enterCode(page, again.code);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Settings' }).waitFor();

    expect(problems.filter((p) => !p.includes('status of 4'))).toEqual([]);
    await context.close();
  }, 180_000);

  it('adds a phone, confirms it with the texted code, chooses SMS, signs in with an SMS code, and switches back to email', async () => {
    const { page, context, problems } = await openPage(browser);
    const email = freshEmail();
    await signUp(page, email);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    expect(await page.getByTestId('mfa-current').textContent()).toBe(`Now: a code we email to ${email}.`);

    // Re-authenticate, then the number in international form; a national one gets the rule's message.
    await page.getByRole('button', { name: 'Add a phone number' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    const phoneField = page.getByLabel('Phone number');
    await phoneField.waitFor();
    await expectNoSeriousAxeViolation(page);
    await phoneField.fill('415 555 2671');
    await phoneField.press('Enter');
    expect(await page.getByTestId('field-error-phoneNumber').textContent()).toBe('Value is not a valid phone');
    await phoneField.fill(PHONE_TYPED);
    await page.getByRole('button', { name: 'Text me a confirmation code' }).click();

    // The texted code confirms it (the development outbox holds SMS too).
    await page.getByText('We sent a 6-digit code by text message to +*******2671.').waitFor();
    const confirmation = await newestCode(PHONE_E164);
    expect(confirmation.channel).toBe('sms');
    await enterCode(page, confirmation.code, 'Confirm');
    await page.getByText('Phone number: +1 415 555 2671').waitFor();

    // Choose SMS: the re-authentication is still fresh, so no second password.
    await page.getByRole('button', { name: 'Text me a code', exact: true }).click();
    await page.getByText('Now: a code we text to +1 415 555 2671.').waitFor();
    await page.getByText('Off: sign-in asks for a code we text to your phone.').waitFor();
    await expectNoSeriousAxeViolation(page);

    // Sign out and in: the second factor comes by SMS, and the step says where it went.
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.goto('/auth');
    await enterEmailAndPassword(page, email, PASSWORD);
    await page.waitForURL(/\/v1\/auth\/otp$/);
    await page.getByText('We sent a 6-digit code by text message to +*******2671.').waitFor();
    await expectNoSeriousAxeViolation(page);
    const sms = await newestCode(PHONE_E164, confirmation.id);
    expect(sms.channel).toBe('sms');
    await enterCode(page, sms.code);
    await page.waitForURL((url) => url.pathname === '/');

    // Back to the emailed code (a new session, so the password is asked again).
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    expect(await page.getByTestId('mfa-current').textContent()).toBe('Now: a code we text to +1 415 555 2671.');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText(`Now: a code we email to ${email}.`).waitFor();
    await page.getByText('Sign-in codes will now come by email.').waitFor();

    expect(problems.filter((p) => !p.includes('status of 4'))).toEqual([]);
    await context.close();
  }, 180_000);
});
