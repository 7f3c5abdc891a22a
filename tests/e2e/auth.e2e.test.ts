import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import { enterEmailAndPassword, expectNoSeriousAxeViolation, freshEmail, newestCode, PASSWORD } from './journeys';

/*
 * The auth steps in a browser (decision 006): a new user signs up from a guarded page and lands back on it; sets up the
 * authenticator app; signs out and in again with it; a wrong code shows the code-field message.
 */

/** Authenticator codes are single-use: wait for the next 30 s period when this one's code was used. */
async function unusedTotp(totp: TOTP, usedCounters: Set<number>): Promise<string> {
  for (;;) {
    const counter = totp.counter();
    if (!usedCounters.has(counter)) {
      usedCounters.add(counter);
      return totp.generate();
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 * (totp.remaining() / 1000) + 200));
  }
}

describe('sign-up and sign-in in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs a new user up from /kyc, sets up the authenticator app, signs out and in again with it', async () => {
    const { page, context, problems } = await openPage(browser);
    const email = freshEmail();

    // An anonymous visitor of /kyc is sent to /auth, which asks for the email first.
    await page.goto('/kyc');
    await page.waitForURL(/\/auth\?redirect=%2Fkyc$/);
    await page.getByText('Connecting Real Assets to the Digital Economy').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByTestId('field-error-email').textContent()).toBe('Email is required');

    // Login tries sign-in first; the unknown user goes to sign-up, which keeps the password (decision 057).
    await enterEmailAndPassword(page, email, PASSWORD);
    await page.waitForURL(/\/v1\/auth\/signup\?redirect=%2Fkyc$/);
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('button', { name: 'Choose a different password' }).click();
    await page.getByLabel('Create a password').fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await page.getByTestId('field-error-password').textContent()).toBe(
      'Password should contain at least 8 characters',
    );
    expect(await page.getByTestId('field-error-confirmPassword').textContent()).toBe('Your passwords do not match');
    await page.getByLabel('Create a password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    // The emailed code confirms the account and is this first sign-in's emailed factor (R2 for the later ones).
    await page.waitForURL(/\/v1\/auth\/otpcode/);
    await expectNoSeriousAxeViolation(page);
    const signUpCode = await newestCode(email);
    await page.getByLabel('6-digit code').fill(signUpCode.code);
    await page.getByRole('button', { name: 'Confirm' }).click();

    // /kyc sends a new user on to the first KYC screen.
    await page.waitForURL((url) => url.pathname === '/kyc/start');
    expect(await page.evaluate(() => window.localStorage.getItem('userGuid'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

    // Settings: re-authenticate, scan (read the secret), verify.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await page.getByTestId('totp-qr').waitFor();
    expect(await page.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expectNoSeriousAxeViolation(page);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const used = new Set<number>();
    await page.getByLabel('6-digit code').fill(await unusedTotp(totp, used));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('On: sign-in asks for a code from your authenticator app.').waitFor();

    // Sign out from the settings page.
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    // Sign in again: password, then the authenticator code; a wrong code shows the code-field message.
    await enterEmailAndPassword(page, email, PASSWORD);
    await page.waitForURL(/\/v1\/auth\/totp/);
    await expectNoSeriousAxeViolation(page);
    const right = await unusedTotp(totp, used);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('field-error-code').waitFor();
    expect(await page.getByTestId('field-error-code').textContent()).toBe(
      'Invalid verification code provided, please try again.',
    );
    await page.getByLabel('6-digit code').fill(right);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Settings' }).waitFor();

    expect(problems.filter((p) => !p.includes('status of 4'))).toEqual([]);
    await context.close();
  }, 180_000);

  it('has no serious accessibility violation on the password step at 360 px, in Spanish too', async () => {
    for (const locale of ['en-US', 'es-ES']) {
      const { page, context } = await openPage(browser, { width: 360, locale });
      await page.goto('/auth');
      await page.locator('input[name="email"]').fill(freshEmail());
      await page.locator('input[name="email"]').press('Enter');
      await page.waitForURL(/\/v1\/auth\/password/);
      await page.locator('input[name="password"]').waitFor();
      await expectNoSeriousAxeViolation(page);
      await context.close();
    }
  });
});
