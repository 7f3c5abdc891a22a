import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage } from './browser';
import { BROWSER_WAIT_MS } from '../timeouts';

/**
 * Decision 052: a page loaded before a deploy asks for a chunk of the earlier build, which the server no longer has.
 * Here the public support page's chunk is asked for under a name the server does not have (as after a deploy), so
 * the server's own answer for a missing chunk is what the browser gets.
 */
const SUPPORT_CHUNK = /\/assets\/support-page-[^/]+\.js$/;
const SUPPORT_TITLE = 'Contact support';

/** Counts the page's document loads (the first and every reload). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

/** The chunk's requests go to a file the server does not have while `gone()` says so. */
async function chunkGoneWhile(page: Page, gone: () => boolean): Promise<void> {
  await page.route(SUPPORT_CHUNK, async (route) => {
    if (gone()) await route.continue({ url: `${baseURL()}/assets/support-page-of-an-earlier-build.js` });
    else await route.continue();
  });
}

describe('a chunk of an earlier build (decision 052)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reloads the page once, and the reloaded page shows what was asked for', async () => {
    const { page, context } = await openPage(browser);
    const loads = countLoads(page);
    // Gone for the page loaded "before the deploy", there again for the reloaded one.
    await chunkGoneWhile(page, () => loads() <= 1);
    await page.goto('/support');
    await page.getByRole('heading', { name: SUPPORT_TITLE }).waitFor();
    expect(loads()).toBe(2);
    await context.close();
  });

  it('reloads once only when the chunk stays missing, not in a loop', async () => {
    const { page, context } = await openPage(browser);
    const loads = countLoads(page);
    await chunkGoneWhile(page, () => true);
    await page.goto('/support');
    await expect.poll(loads, { timeout: BROWSER_WAIT_MS, interval: 200 }).toBe(2);
    // Time for a loop to show itself on a busy machine: the page stays as it is.
    await page.waitForTimeout(5_000);
    expect(loads()).toBe(2);
    expect(await page.getByRole('heading', { name: SUPPORT_TITLE }).count()).toBe(0);
    await context.close();
  });
});
