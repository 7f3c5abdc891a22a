import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import { freshEmail, sandboxAction, signUp } from './journeys';
import { BROWSER_WAIT_MS } from '../timeouts';

/*
 * What a new user met clicking through every page at 1280 and 360 px: where a page opens, what covers the header,
 * how words wrap, how a user finds the way back (docs/decisions/055).
 */

const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The header's controls as a user sees them: the language switch, Settings, Sign out. */
async function headerControls(page: Page): Promise<Box[]> {
  const header = page.getByRole('banner');
  const boxes = await Promise.all(
    [
      header.getByRole('radiogroup').or(header.getByRole('group')).first(),
      header.getByRole('link', { name: 'Settings' }),
      header.getByRole('button', { name: 'Sign out' }),
    ].map((locator) => locator.boundingBox()),
  );
  return boxes.filter((box): box is Box => box !== null);
}

/** Elements whose text is broken inside a word: a line ends in the middle of a word of the element's own text. */
async function wordsBrokenMidWord(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (
        !parent ||
        parent.closest('pre, [aria-hidden="true"], .sr-only') ||
        getComputedStyle(parent).visibility === 'hidden'
      )
        continue;
      const words = /[\p{L}\p{N}]{2,}/gu;
      for (let match = words.exec(text); match; match = words.exec(text)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** A verified user (sandbox) with one linked bank: Wells Fargo's checking account. */
async function verifiedWithOneBank(page: Page) {
  await signUp(page, freshEmail());
  await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
  await page.goto('/methods/bank');
  await page.getByRole('searchbox', { name: 'Search banks' }).fill('wells fargo');
  await page
    .getByRole('listbox', { name: 'Banks' })
    .getByRole('option', { name: /Wells Fargo/ })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Choose an account', level: 1 }).waitFor();
  await page.getByText('Wells Fargo Checking').click();
  await page.getByRole('button', { name: 'Link account' }).click();
  await page.waitForURL((url) => url.pathname === '/methods');
  await page.getByTestId('bank-method').waitFor();
}

/** WCAG's contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, b2] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

describe('screens in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens every page at its top: /trade/summary after Continue at the bottom of /trade/buy', async () => {
    const { page, context } = await openPage(browser, { width: 360 });
    await page.setViewportSize({ width: 360, height: 640 });
    await signUp(page, freshEmail());
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    await page.getByLabel('Fund account amount (USD)').fill('150');
    await page.getByRole('button', { name: 'Fund account', exact: true }).click();
    await page.getByText('Fund Account Success').first().waitFor();

    await page.goto('/trade/buy');
    await page.getByLabel('Amount (USD)').waitFor();
    await page.getByLabel(/ address$/).fill(XRPL_ADDRESS);
    await page.getByTestId('estimate-lines').waitFor();
    const next = page.getByRole('button', { name: 'Continue', exact: true });
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await next.click();
    await page.waitForURL((url) => url.pathname === '/trade/summary');
    await page.getByTestId('quote-lines').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByRole('banner').boundingBox()).toMatchObject({ y: 0 });

    // A link followed from far down a long page: the header's way home, from the bottom of /settings.
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('header a[href="/"]')?.click());
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('kyc-status-card').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  }, 180_000);

  for (const width of [360, 1280]) {
    it(`keeps toasts off the header's controls at ${width} px`, async () => {
      const { page, context } = await openPage(browser, { width });
      await signUp(page, freshEmail());
      await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
      const toast = page.getByRole('status').filter({ hasText: 'Account KYC Open Successfully' });
      const toastBox = await toast.boundingBox();
      expect(toastBox).not.toBeNull();
      const controls = await headerControls(page);
      expect(controls).toHaveLength(3);
      expect(controls.filter((control) => overlaps(control, toastBox!))).toEqual([]);
      // The controls can be used while the toast shows.
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL((url) => url.pathname === '/settings');
      await context.close();
    }, 180_000);
  }

  it('offers a way back on /methods, an unknown tracking id and an unknown short link', async () => {
    const visitor = await openPage(browser, { width: 360 });
    for (const path of ['/trade/track?tracking_id=unknown-tracking-id', '/r/nosuchlink']) {
      await visitor.page.goto(path);
      await visitor.page.getByText(/There is no order with this tracking id|This link is not valid/).waitFor();
      await visitor.page.getByRole('main').getByRole('link', { name: 'Go To Home' }).click();
      await visitor.page.waitForURL((url) => url.pathname !== new URL(path, 'http://x').pathname);
    }
    await visitor.context.close();

    const { page, context } = await openPage(browser, { width: 360 });
    await signUp(page, freshEmail());
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    await page.goto('/methods');
    await page.getByRole('heading', { name: 'Payment methods', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  }, 180_000);

  it("names a linked bank once in each method's label (buy, deposit, withdraw, sandbox)", async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await verifiedWithOneBank(page);
    const timesNamed = (text: string | null) => (text ?? '').split('Wells Fargo').length - 1;

    await page.goto('/trade/buy');
    const ach = page.getByRole('radio', { name: /^ACH · / });
    await ach.first().waitFor({ state: 'attached' });
    const achLabel = page.locator('label').filter({ has: ach.first() });
    expect(timesNamed(await achLabel.textContent())).toBe(1);

    for (const path of ['/money/deposit', '/money/withdraw']) {
      await page.goto(path);
      await page.getByRole('radio', { name: /^ACH/ }).first().check({ force: true });
      const bank = page.locator('label').filter({ has: page.getByRole('radio', { name: /Wells Fargo/ }) });
      await bank.first().waitFor();
      expect(timesNamed(await bank.first().textContent()), path).toBe(1);
    }

    await page.goto('/sandbox');
    const option = page.getByLabel('Payment method').locator('option', { hasText: 'Wells Fargo' });
    await option.waitFor({ state: 'attached' });
    expect(timesNamed(await option.textContent())).toBe(1);
    await context.close();
  }, 180_000);

  it('draws the asset monograms with 3:1 contrast against the dark theme', async () => {
    const { page, context } = await openPage(browser, { width: 360 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUp(page, freshEmail());
    await sandboxAction(page, 'Create KYC account', 'Account KYC Open Successfully');
    await page.goto('/trade/buy');
    // The XRP Ledger's monogram, the darkest of them: its edge against the page around it.
    const icon = page.locator('img[src*="%3EXR%3C"]').first();
    await icon.waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished'));
    const box = (await icon.boundingBox())!;
    const pad = 4;
    const shot = await page.screenshot({
      clip: { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad },
    });
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const background = pixel(0, 0);
    const middle = Math.floor(info.height / 2);
    // The circle's outermost 3 pixels on the left, where it meets the page: the best of them must stand out.
    const edge = Math.max(...[1, 2, 3].map((i) => contrast(pixel(pad + i, middle), background)));
    expect(edge).toBeGreaterThanOrEqual(3);
    await context.close();
  }, 180_000);

  it("wraps the sandbox's raw JSON inside its box at 360 and 1280 px, and preselects the one linked bank in the money forms", async () => {
    const { page, context } = await openPage(browser, { width: 360 });
    await verifiedWithOneBank(page);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/sandbox');
      await page
        .getByText('"primetrustFundsTransferMethodId"', { exact: false })
        .or(page.getByText('"status": "opened"', { exact: false }))
        .first()
        .waitFor();
      const boxes = page.getByRole('region', { name: /Account \(|Holdings \(/ });
      expect(await boxes.count()).toBe(2);
      for (const box of await boxes.all()) {
        const { scrollWidth, clientWidth } = await box.evaluate((element) => ({
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
        }));
        expect(scrollWidth, `${width} px`).toBeLessThanOrEqual(clientWidth);
      }
    }

    for (const path of ['/money/deposit', '/money/withdraw']) {
      await page.goto(path);
      await page.getByRole('radio', { name: /^ACH/ }).first().check({ force: true });
      const bank = page.getByRole('radio', { name: /Wells Fargo/ });
      await bank.waitFor({ state: 'attached' });
      await expect.poll(() => bank.isChecked(), { timeout: BROWSER_WAIT_MS }).toBe(true);
    }
    await context.close();
  }, 180_000);

  it('breaks no word in the middle on /settings at 1280 and 360 px, and keeps "Sign out" on one line at 1280 px', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await signUp(page, freshEmail());
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await wordsBrokenMidWord(page)).toEqual([]);
    const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
    const box = await signOut.boundingBox();
    // One line of text: the button is no taller than its 44 px touch target.
    expect(box?.height).toBeLessThanOrEqual(44);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/settings-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 900 });
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await wordsBrokenMidWord(page)).toEqual([]);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/settings-360.png`, fullPage: true });
    await context.close();
  }, 180_000);
});
