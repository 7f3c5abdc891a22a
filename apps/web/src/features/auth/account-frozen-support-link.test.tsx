import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout, AppProviders, createSession } from '../../test/app-kit';
import type { ApiClient } from '../../lib/api';
import { clearSession } from '../../lib/session/session-storage';
import i18n from '../../lib/i18n';

/**
 * The frozen-account screen (R5) offers Contact Support as its own action; the page's footer then leaves its link
 * out, so a screen reader's list of links names it once (docs/decisions/105-mail-on-second-factor-change.md).
 */
function renderFrozen() {
  const api: ApiClient = {
    request: (async (path: string) => {
      if (path === '/config')
        return { version: '0.1.0', stage: 'test', supportUrl: 'https://help.example.com', flags: {} };
      throw new Error(`unexpected ${path}`);
    }) as ApiClient['request'],
  };
  const session = createSession(api);
  session.auth.setAccountFrozen(true);
  render(
    <AppProviders session={session}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/" element={<p>home</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

afterEach(async () => {
  vi.restoreAllMocks();
  clearSession();
  await i18n.changeLanguage('en');
});

describe('the frozen-account screen in the app frame', () => {
  it.each([
    ['en', 'Your account is frozen', /Contact Support/],
    ['es', /congelada/, /Contactar con soporte/],
  ])('shows one Contact Support link, not a second in the footer (%s)', async (lang, heading, name) => {
    await i18n.changeLanguage(lang);
    renderFrozen();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const links = await screen.findAllByRole('link', { name });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://help.example.com');
  });
});
