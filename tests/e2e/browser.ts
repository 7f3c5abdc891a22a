import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { BROWSER_WAIT_MS } from '../timeouts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, with the flags this closed network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function baseURL(): string {
  return inject('baseURL');
}

let visitors = 0;
/** A distinct documentation-range address (198.51.100.0/24, then 203.0.113.0/24) per browser context. */
function nextVisitorAddress(): string {
  visitors += 1;
  return visitors < 255 ? `198.51.100.${visitors}` : `203.0.113.${visitors % 255}`;
}

export interface PageWithProblems {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests seen so far: CSP violations land here. */
  problems: string[];
}

export async function openPage(
  browser: Browser,
  options: { locale?: string; width?: number } = {},
): Promise<PageWithProblems> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: options.locale ?? 'en-US',
    viewport: { width: options.width ?? 1280, height: 900 },
    // Each journey is a visitor of its own: the per-address sign-in limits then count its attempts only,
    // as they would for different people (the test server trusts X-Forwarded-For, like one behind a proxy).
    extraHTTPHeaders: { 'x-forwarded-for': nextVisitorAddress() },
  });
  // Every action and wait of the journey (decision 070); Playwright's own default is the same 30 s, written here so
  // the budget is one figure for every journey.
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}
