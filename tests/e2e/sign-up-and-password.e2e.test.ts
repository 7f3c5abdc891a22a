import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage } from './browser';
import { enterCode, enterEmailAndPassword, freshEmail, newestCode, PASSWORD, signUp } from './journeys';

/*
 * Decision 057: sign-up asks for the password once and its confirmation, the sign-up code is the first
 * sign-in's emailed factor, the emailed-code screens can send a new code, no blank card shows before home;
 * /settings changes the password.
 */

/** Every message sent to an address, newest first. */
async function outbox(to: string): Promise<{ id: string; template: string; subject: string | null; text: string }[]> {
  const res = await fetch(`${baseURL()}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: { id: string; template: string; subject: string | null; text: string }[] })
    .messages;
}

/** What the page showed at every change of the DOM: the path and the heading. */
async function recordScreens(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __screens: string[] }).__screens = seen;
    const note = () => {
      const alerts = Array.from(document.querySelectorAll('[role="alert"], [role="status"]'))
        .map((e) => e.textContent ?? '')
        .join(' ');
      const entry = `${location.pathname} | ${document.querySelector('main h1, h1')?.textContent ?? ''}${alerts ? ` | ${alerts}` : ''}`;
      if (seen[seen.length - 1] !== entry) seen.push(entry);
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const screens = (page: Page) => page.evaluate(() => (window as unknown as { __screens: string[] }).__screens);

/** The visible password fields. */
const passwordFields = (page: Page) => page.locator('input[type="password"]:visible').count();

describe('sign-up and passwords in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs a new user up with the password typed once and confirmed once, one emailed code, straight to home', async () => {
    const { page, context, problems } = await openPage(browser);
    // An address no other file's journeys use (each test file counts its visitors from the same start), so the
    // per-address sign-in limits count this journey's attempts only.
    await context.setExtraHTTPHeaders({
      'x-forwarded-for': `198.18.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    });
    await recordScreens(page);
    const email = freshEmail();
    let typedPasswords = 0;

    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/v1\/auth\/password/);
    await page.getByLabel('Password', { exact: true }).waitFor();
    typedPasswords += await passwordFields(page);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // The unknown email goes to sign-up, which keeps the password and asks only to confirm it.
    await page.waitForURL(/\/v1\/auth\/signup/);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    typedPasswords += await passwordFields(page);
    expect(await page.getByLabel('Create a password').count()).toBe(0);
    await page.getByLabel('Confirm password').fill('a different passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await page.getByTestId('field-error-confirmPassword').textContent()).toBe('Your passwords do not match');
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(typedPasswords).toBe(2);

    // One code: it confirms the mailbox and is this sign-in's emailed factor.
    await page.waitForURL(/\/v1\/auth\/otpcode/);
    const signUpCode = await newestCode(email);
    await page.evaluate(() => (window as unknown as { __screens: string[] }).__screens.splice(0));
    await enterCode(page, signUpCode.code, 'Confirm');
    await page
      .getByRole('link', { name: 'Settings' })
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        throw new Error(`${page.url()} ${JSON.stringify(await screens(page))}`, { cause: error });
      });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
    expect((await outbox(email)).map((m) => m.template)).toEqual(['sign_up']);

    // Between the code and home: the code screen, then home; never another step or the empty "Signing you in" card.
    const between = await screens(page);
    expect(
      between.filter((s) => !s.startsWith('/v1/auth/otpcode | Confirm your email') && !s.startsWith('/ | ')),
    ).toEqual([]);

    expect(problems.filter((p) => !p.includes('status of 4'))).toEqual([]);
    await context.close();
  }, 180_000);

  it('sends a new code from the emailed second-factor screen and signs in with it', async () => {
    const { page, context } = await openPage(browser);
    const email = freshEmail();
    await signUp(page, email);
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/auth');
    await enterEmailAndPassword(page, email, PASSWORD);
    await page.waitForURL(/\/v1\/auth\/otp/);
    const first = await newestCode(email);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText('We sent you a new code.').waitFor();
    const second = await newestCode(email, first.id);
    expect(second.code).toMatch(/^\d{6}$/);
    await enterCode(page, second.code);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    await context.close();
  }, 180_000);

  it('changes the password on /settings, signs the other device out and mails the user', async () => {
    const here = await openPage(browser);
    const email = freshEmail();
    const lastCode = await signUp(here.page, email);

    // The same user on another device.
    const other = await openPage(browser);
    await other.page.goto('/auth');
    await enterEmailAndPassword(other.page, email, PASSWORD);
    await other.page.waitForURL(/\/v1\/auth\/otp/);
    await enterCode(other.page, (await newestCode(email, lastCode)).code);
    await other.page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });

    const page = here.page;
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    const NEW = 'a brand new passphrase for rampart';
    await page.getByLabel('Current password').fill('not my password at all');
    await page.getByLabel('New password', { exact: true }).fill(NEW);
    await page.getByLabel('Confirm new password').fill('something else entirely');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.getByTestId('field-error-confirmPassword').textContent()).toBe('Your passwords do not match');
    await page.getByLabel('Confirm new password').fill(NEW);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('field-error-previousPassword').waitFor();
    expect(await page.getByTestId('field-error-previousPassword').textContent()).toBe(
      'Incorrect username or password.',
    );
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed. Your other devices were signed out.').first().waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');

    // This device stays signed in; the other one is signed out at its next call.
    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await other.page.goto('/settings');
    await other.page.waitForURL((url) => url.pathname === '/auth', { timeout: 60_000 });

    const [mail] = await outbox(email);
    expect(mail?.template).toBe('password_changed');
    expect(mail?.subject).toBe('Your Rampart password was changed');

    // The new password signs in.
    await other.page.goto('/auth');
    await enterEmailAndPassword(other.page, email, NEW);
    await other.page.waitForURL(/\/v1\/auth\/otp/);

    // The section in Spanish.
    await page.goto('/settings?lng=es');
    await page.getByRole('heading', { name: 'Cambiar la contraseña' }).waitFor();
    await page.getByLabel('Contraseña actual').waitFor();
    await page.getByLabel('Confirma la nueva contraseña').waitFor();
    await page.goto('/settings?lng=en');
    await here.context.close();
    await other.context.close();
  }, 240_000);
});
