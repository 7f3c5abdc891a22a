import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../../apps/web/vite.config';
import { baseURL, launchBrowser, openPage } from './browser';

describe('the app shell in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends an anonymous visitor of / to sign-in, remembering where they were going', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto('/');
    await page.waitForURL(/\/auth\?/);
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(new URL(page.url()).search).toBe('?redirect=%2F');
    // The /auth page is a lazy chunk: wait for it (isVisible() alone does not wait).
    await page.getByText('Connecting Real Assets to the Digital Economy').first().waitFor();
    await expect(page.getByText('Connecting Real Assets to the Digital Economy').first().isVisible()).resolves.toBe(
      true,
    );
    // The strict CSP of the API lets the whole SPA run: no violation, no script error.
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the path and query of a guarded page in the redirect', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/kyc?step=1');
    await page.waitForURL(/\/auth\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/kyc?step=1');
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/nowhere');
    await page.getByText('We cannot find the page you are looking for!').waitFor();
    expect(await page.getByRole('heading', { name: 'Oops' }).isVisible()).toBe(true);
    await context.close();
  });

  it('opens the public tracking page without signing in', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/trade/track?tracking_id=abc');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/trade/track');
    await context.close();
  });

  it('switches to Spanish and keeps the choice after a reload', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/nowhere');
    await page.getByText('We cannot find the page you are looking for!').waitFor();
    await page
      .getByRole('radio', { name: 'Español' })
      .or(page.getByRole('button', { name: 'Español' }))
      .first()
      .click();
    await page.getByText('No encontramos la página que buscas', { exact: false }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.getByText('We cannot find the page you are looking for!').count()).toBe(0);
    await page.reload();
    await page.getByText('No encontramos la página que buscas', { exact: false }).waitFor();
    await context.close();
  });

  it('opens in Spanish for a Spanish browser, with the switch and <html lang> saying so', async () => {
    const { page, context } = await openPage(browser, { locale: 'es-ES' });
    await page.goto('/nowhere');
    await page.getByText('No encontramos la página que buscas', { exact: false }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    const spanish = page
      .getByRole('radio', { name: 'Español' })
      .or(page.getByRole('button', { name: 'Español' }))
      .first();
    const selected = (await spanish.getAttribute('aria-checked')) ?? (await spanish.getAttribute('aria-pressed'));
    expect(selected).toBe('true');
    await context.close();
  });

  it('opens in the language a link names (?lng=es) and keeps it, over an English browser', async () => {
    const { page, context } = await openPage(browser, { locale: 'en-US' });
    await page.goto('/nowhere?lng=es');
    await page.getByText('No encontramos la página que buscas', { exact: false }).waitFor();
    await page.goto('/nowhere');
    await page.getByText('No encontramos la página que buscas', { exact: false }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await context.close();
  });

  it('shows the version and build stage', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/auth');
    const label = page.getByText(/Rampart v\d+\.\d+\.\d+ · sandbox/);
    await label.waitFor();
    await context.close();
  });

  // Decision 048: Chrome compiles each script whole on a background thread, not function by function on the main thread.
  it("sends every script of the first page with V8's compile hint on its first line", async () => {
    const { page, context } = await openPage(browser);
    const scripts: Promise<{ url: string; firstLine: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(
          response.text().then((text) => ({ url: response.url(), firstLine: text.split('\n', 1)[0] ?? '' })),
        );
    });
    await page.goto('/auth');
    await page.getByText('Connecting Real Assets to the Digital Economy').first().waitFor();
    await page.waitForLoadState('networkidle');
    const served = await Promise.all(scripts);
    expect(served.length).toBeGreaterThan(1);
    expect(served.filter((script) => script.firstLine !== COMPILE_HINT)).toEqual([]);
    await context.close();
  });

  for (const [path, width] of [
    ['/auth', 1280],
    ['/auth', 360],
    ['/nowhere', 1280],
    ['/trade/track?tracking_id=x', 360],
  ] as const) {
    it(`has no serious accessibility violation on ${path} at ${width} px`, async () => {
      const { page, context } = await openPage(browser, { width });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }

  it('serves the API reference page', async () => {
    const res = await fetch(`${baseURL()}/api/docs/`);
    expect(res.status).toBe(200);
  });
});
