import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage } from './browser';
import { expectNoSeriousAxeViolation, freshEmail, signUp } from './journeys';

/*
 * The KYC flow in a browser (decision 010): signed-up users go through every KYC screen and reach the decision the
 * sandbox rules ask for (docs/sandbox.md): accept (then the trade pages open), reject ('Your Account is Closed'), a
 * manual review that moves the waiting screen on by itself, and a capture finished on a phone through the SMS link. The
 * app under test decides in seconds (CUSTODIAN_REVIEW_DELAY_SECONDS=1, IDV_REVIEW_DELAY_SECONDS=4).
 */

/** A 1×1 PNG: the server checks the bytes, not the name. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2' +
    '21bc330000000049454e44ae426082',
  'hex',
);

const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** Types a date into a React Aria date field (month, day, year segments) labelled `label`. */
async function typeDate(page: Page, label: string, month: number, day: number, year: number) {
  const group = page.getByRole('group', { name: label, exact: true });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${year}`);
}

async function pickFromCombo(page: Page, label: string, text: string, option: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(text);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function choosePhoto(page: Page, label: string, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `${label}: Choose a file` }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: PNG });
}

/** From /kyc to the identity step: the intro, basic details, then the address. */
async function enterDetails(page: Page, lastName: string) {
  await page.goto('/kyc');
  await page.waitForURL((url) => url.pathname === '/kyc/start');
  await page.getByText('You are legally required to verify your identity before you can buy or sell.').waitFor();
  await expectNoSeriousAxeViolation(page);
  await page.getByRole('link', { name: 'Start' }).click();

  await page.waitForURL((url) => url.pathname === '/kyc/details');
  await page.getByRole('heading', { name: 'Basic details', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await page.getByTestId('field-error-name.first').textContent()).toBe('A value is required');
  await page.getByRole('textbox', { name: 'First name' }).fill('Jane');
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await typeDate(page, 'Date of birth', 1, 1, new Date().getUTCFullYear() - 17);
  await page.getByRole('textbox', { name: 'Tax ID' }).fill('123-45-6789');
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await page.getByTestId('field-error-birth').textContent()).toBe('Must be older than 18.');
  await typeDate(page, 'Date of birth', 5, 17, 1990);
  await expectNoSeriousAxeViolation(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL((url) => url.pathname === '/kyc/location');
  await page.getByRole('heading', { name: 'Location', level: 1 }).waitFor();
  const next = page.getByRole('button', { name: 'Continue' });
  expect(await next.isDisabled()).toBe(true);
  await page.getByRole('textbox', { name: 'Address Street', exact: true }).fill('1 Main Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await page.getByRole('textbox', { name: 'Postal Code' }).fill('62701');
  await pickFromCombo(page, 'Country', 'United States', 'United States of America');
  // Restricted states cannot be chosen (document 2, section 5).
  await page.getByRole('combobox', { name: 'Tax Region/State', exact: true }).fill('New York');
  expect(await page.getByRole('option', { name: /New York/ }).getAttribute('aria-disabled')).toBe('true');
  await pickFromCombo(page, 'Tax Region/State', 'Illinois', 'Illinois');
  await expectNoSeriousAxeViolation(page);
  await next.click();
  await page.waitForURL((url) => url.pathname === '/kyc/identity');
  await page.getByText('It takes less than 2 minutes').waitFor();
}

/** The capture widget: a passport (front only), its expiry, a selfie. */
async function captureDocument(page: Page) {
  // React Aria keeps the native input visually hidden: the user clicks its label.
  await page.getByText('Passport', { exact: true }).click();
  expect(await page.getByRole('radio', { name: 'Passport' }).isChecked()).toBe(true);
  await typeDate(page, 'Expiry date', 12, 31, NEXT_YEAR + 4);
  await choosePhoto(page, 'Front of the document', 'passport.png');
  await choosePhoto(page, 'Selfie', 'selfie.png');
  await page.getByRole('button', { name: 'Upload and submit' }).click();
}

async function signAgreement(page: Page) {
  await page.waitForURL((url) => url.pathname === '/kyc/terms');
  await page.getByRole('heading', { name: 'Custodial Agreement' }).waitFor();
  expect(await page.getByTestId('agreement-signature').textContent()).toMatch(/^Jane \S+$/);
  await expectNoSeriousAxeViolation(page);
  await page.getByText('I have read and accept the Custodial Agreement').click();
  expect(await page.getByRole('checkbox', { name: 'I have read and accept the Custodial Agreement' }).isChecked()).toBe(
    true,
  );
  await page.getByRole('button', { name: 'Sign and submit' }).click();
  await page.waitForURL((url) => url.pathname === '/kyc/pending');
  await page.getByRole('heading', { name: 'Verifying...' }).waitFor();
}

/** Waits, on the server, until the custodian has decided the page's user's application (the sandbox's jobs run in seconds). */
async function waitForDecision(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const res = await fetch(`${baseURL()}/api/primetrust/account/get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const { status } = (await res.json()) as { status: string };
    if (status !== 'pending') return status;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the application was not decided in 30 s');
}

/** The waiting screen checks the status every 30 seconds of its countdown: run its clock on to the next check. */
async function nextStatusCheck(page: Page) {
  await page.clock.runFor(31_000);
}

describe('KYC in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signedInUser(email: string) {
    const opened = await openPage(browser);
    // The page's own clock, so the 30 s status checks of the waiting screen can be run on at once.
    await opened.page.clock.install();
    await signUp(opened.page, email);
    return opened;
  }

  it('a user completes KYC with the accept decision and reaches the trade pages', async () => {
    const { page, context, problems } = await signedInUser(freshEmail());
    await enterDetails(page, 'Accepted');
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('button', { name: 'Continue on this device' }).click();
    await page.getByRole('heading', { name: 'Photograph your document' }).waitFor();
    await expectNoSeriousAxeViolation(page);
    await captureDocument(page);
    await signAgreement(page);
    await expectNoSeriousAxeViolation(page);
    expect(await page.getByText('This may take up to 5 minutes or longer.', { exact: false }).count()).toBe(1);

    expect(await waitForDecision(page)).toBe('opened');
    await nextStatusCheck(page);
    await page.waitForURL((url) => url.pathname === '/kyc/verified');
    await page.getByRole('heading', { name: 'Your identity is verified' }).waitFor();
    await expectNoSeriousAxeViolation(page);

    // Trade routes open only at Verified.
    await page.getByRole('link', { name: 'Buy' }).click();
    await page.waitForURL((url) => url.pathname === '/trade/buy');
    await page.getByRole('heading', { name: 'Buy', level: 1 }).waitFor();

    // The verified user funds the account on the sandbox screen; the holdings show it.
    await page.goto('/sandbox');
    await page.getByRole('heading', { name: 'Sandbox', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Fund account amount (USD)' }).fill('250.75');
    await page.getByRole('button', { name: 'Fund account', exact: true }).click();
    await page.getByText('Fund Account Success').waitFor();
    await page.getByText('"available": "250.75"').waitFor();
    await expectNoSeriousAxeViolation(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it("a user whose document is rejected sees 'Your Account is Closed'", async () => {
    const { page, context } = await signedInUser(freshEmail().replace('@', '+idv-reject@'));
    await enterDetails(page, 'Rejected');
    await page.getByRole('button', { name: 'Continue on this device' }).click();
    await captureDocument(page);
    await signAgreement(page);
    expect(await waitForDecision(page)).toBe('closed');
    await nextStatusCheck(page);
    await page.waitForURL((url) => url.pathname === '/kyc/closed');
    await page.getByRole('heading', { name: 'Your Account is Closed' }).waitFor();
    await page
      .getByText('We have found some issues with your application and hence can not service you right now.')
      .waitFor();
    await expectNoSeriousAxeViolation(page);
    // A closed account never reaches a trade page.
    await page.goto('/trade/buy');
    await page.waitForURL((url) => url.pathname === '/kyc/closed');
    await context.close();
  }, 180_000);

  it('a user sent to manual review waits, and the waiting screen moves to verified when the decision arrives', async () => {
    const { page, context } = await signedInUser(freshEmail().replace('@', '+idv-review@'));
    await enterDetails(page, 'Reviewed');
    await page.getByRole('button', { name: 'Continue on this device' }).click();
    await captureDocument(page);
    await signAgreement(page);
    // Still in review at the first check: the sandbox concludes a review after IDV_REVIEW_DELAY_SECONDS.
    await page.getByRole('progressbar', { name: 'Verification progress' }).waitFor();
    expect(await page.getByTestId('kyc-countdown').textContent()).toBe('5:00');
    await nextStatusCheck(page);
    expect(await page.getByTestId('kyc-countdown').textContent()).toBe('4:29');
    // The review concludes, the custodian decides, and the next check shows it.
    expect(await waitForDecision(page)).toBe('opened');
    await nextStatusCheck(page);
    await page.waitForURL((url) => url.pathname === '/kyc/verified');
    await page.getByRole('heading', { name: 'Your identity is verified' }).waitFor();
    await context.close();
  }, 180_000);

  it('a pending user who opens /kyc again sees the submitted status screen, not a new countdown', async () => {
    // The kyc-pending marker keeps the application in review (docs/sandbox.md).
    const { page, context } = await signedInUser(freshEmail().replace('@', '+kyc-pending@'));
    await enterDetails(page, 'Waiting');
    await page.getByRole('button', { name: 'Continue on this device' }).click();
    await captureDocument(page);
    await signAgreement(page);
    await page.clock.runFor(10_000);
    expect(await page.getByTestId('kyc-countdown').textContent()).toBe('4:50');

    // A later visit: document 1's submitted screen, with its texts and no countdown starting over.
    for (const path of ['/kyc', '/kyc/pending']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'KYC is being reviewed', level: 1 }).waitFor();
      await page.getByText('We will notify you via email once your KYC has passed.').waitFor();
      expect(await page.getByTestId('kyc-countdown').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Verifying...' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Go To Home' }).waitFor();
    }
    // The documents sent with the application, newest first (decision 063).
    const documents = page.getByRole('list', { name: 'Your documents' });
    await documents.waitFor();
    expect(await documents.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Selfie'),
      expect.stringContaining('Passport'),
    ]);
    // 'Check again' asks the custodian; the marker keeps the application in review.
    await page.getByRole('button', { name: 'Check again' }).click();
    await page
      .getByText('Your application is still being reviewed. We asked the custodian to look at it again.')
      .waitFor();
    await expectNoSeriousAxeViolation(page);
    await context.close();
  }, 180_000);

  it('a phone continuation completes the capture through the SMS link', async () => {
    const { page, context } = await signedInUser(freshEmail());
    await enterDetails(page, 'Phoned');
    const phone = `+1201555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await page.getByRole('textbox', { name: 'Mobile phone number' }).fill('12');
    await page.getByRole('button', { name: 'Start KYC Verification' }).click();
    expect(await page.getByTestId('field-error-phone').textContent()).toBe('Invalid Phone');
    await page.getByRole('textbox', { name: 'Mobile phone number' }).fill(phone);
    await page.getByRole('button', { name: 'Start KYC Verification' }).click();
    await page.clock.runFor(1_100);
    await page.getByRole('heading', { name: 'Thank You' }).waitFor();
    await page.getByText('Check back here to finish submission').waitFor();
    await page.getByText('Please continue on your phone').waitFor();
    await page.getByRole('button', { name: 'Change Phone Number' }).waitFor();
    await expectNoSeriousAxeViolation(page);

    // The SMS (development outbox) carries the single-use link.
    const res = await fetch(`${baseURL()}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    const { messages } = (await res.json()) as { messages: { text: string }[] };
    const link = /https?:\/\/\S+\/kyc\/continue\?token=[A-Za-z0-9_-]+/.exec(messages[0]?.text ?? '')?.[0];
    expect(link, messages[0]?.text).toBeDefined();

    // The phone: a browser of its own, no sign-in, a phone-sized screen.
    const mobile = await openPage(browser, { width: 390 });
    await mobile.page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await mobile.page.getByRole('heading', { name: 'Photograph your document' }).waitFor();
    expect(new URL(mobile.page.url()).search).not.toContain('token=');
    await expectNoSeriousAxeViolation(mobile.page);
    await captureDocument(mobile.page);
    await mobile.page.getByRole('heading', { name: 'All done on this phone' }).waitFor();
    // The link is single use.
    const again = await openPage(browser, { width: 390 });
    await again.page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await again.page.getByText('This link is not valid or has already been used.').waitFor();
    await again.context.close();
    await mobile.context.close();

    // The computer notices on its own (it asks every 3 s) and moves on to the agreement.
    await page.clock.runFor(3_100);
    await signAgreement(page);
    await context.close();
  }, 180_000);
});
