import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { CODE_PURPOSES } from '@rampart/contracts';
import { baseURL } from './browser';
import { BROWSER_WAIT_MS } from '../timeouts';

/** Steps and checks the sign-in journeys share. */

export const PASSWORD = 'a long passphrase for rampart';

export function freshEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  /** What was sent: a code's purpose (sign_in, trade...), or a notice such as order-completed. */
  template: string;
  text: string;
}

/** The outbox templates that carry a code: a code's message is named after its purpose. */
const CODE_TEMPLATES = new Set<string>(CODE_PURPOSES);

/**
 * The newest code sent to `to` (an email or a phone number) that differs from `previousId`; newest first. Notices
 * are passed over: an order's mail sent after the code ("22.500000 USDC") has six digits too. `base`: the app's
 * address, when a journey runs an app of its own.
 */
export async function newestCode(
  to: string,
  previousId?: string,
  base = baseURL(),
): Promise<{ id: string; code: string; channel: string }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const res = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: OutboxMessage[] };
    const newest = messages.find((m) => CODE_TEMPLATES.has(m.template));
    const code = newest ? /\b(\d{6})\b/.exec(newest.text)?.[1] : undefined;
    if (newest && code && newest.id !== previousId) return { id: newest.id, code, channel: newest.channel };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no new code sent to ${to}`);
}

export async function expectNoSeriousAxeViolation(page: Page) {
  // Colours are judged as they end up: a colour-scheme switch just made animates the controls' colours
  // (transition-colors) for a moment, and a scan in between would read a blend of the two schemes.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState === 'finished'),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Waits until keyboard focus is on `expected`, written as the element's tag and its text ('H1 Payment methods'):
 * after a step ends, focus is where the user goes on, not back on the page's body.
 */
export async function expectFocusOn(page: Page, expected: string) {
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      return element ? `${element.tagName} ${element.textContent?.trim() ?? ''}` : '';
    });
  await expect.poll(focused, { timeout: BROWSER_WAIT_MS }).toBe(expected);
}

/** On the email-first page: the email, Continue, then the password and Sign in. */
export async function enterEmailAndPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/v1\/auth\/password/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function enterCode(page: Page, code: string, button = 'Verify') {
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/**
 * A new, confirmed user made through the API (sign-up by the browser is auth.e2e's journey), then signed in in
 * the browser with the password and the emailed second factor. Making the account this way spends none of the
 * failed attempts the server counts per client address (5 in 15 minutes: an unknown email's sign-in counts as
 * one). Returns the id of the last code sent, for the next newestCode. `base`: as newestCode's (the page's context
 * must open that app too).
 */
export async function signUp(page: Page, email: string, base = baseURL()): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${base}/api/identity/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('sign-up', { email, password: PASSWORD, confirmPassword: PASSWORD, locale: 'en' })).status).toBe(
    200,
  );
  const confirmation = await newestCode(email, undefined, base);
  expect((await post('confirm-sign-up', { email, code: confirmation.code })).status).toBe(200);
  await page.goto('/auth');
  await enterEmailAndPassword(page, email, PASSWORD);
  await page.waitForURL(/\/v1\/auth\/otp$/);
  const second = await newestCode(email, confirmation.id, base);
  await enterCode(page, second.code);
  await page.waitForURL((url) => url.pathname === '/');
  return second.id;
}

/** A button of the sandbox screen, then its toast. */
export async function sandboxAction(page: Page, button: string, toast: string | RegExp) {
  await page.goto('/sandbox');
  await page.getByRole('heading', { name: 'Sandbox', level: 1 }).waitFor();
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByText(toast).first().waitFor();
}

/** The sandbox resets the user's first bank method, then /methods shows that its login is required again. */
export async function resetFirstBankMethod(page: Page) {
  await page.goto('/sandbox');
  await page.getByLabel('Payment method').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await page.getByText('Success! Your funds transfer method reset has been initiated.').waitFor();
  await page.goto('/methods');
  await page.getByText('Login required.').waitFor();
}
