import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppLayout, AppProviders, createSession, type Session } from '../../../test/app-kit';
import type { ApiClient } from '../../../lib/api';
import { clearSession } from '../../../lib/session/session-storage';
import i18n from '../../../lib/i18n';
import { AuthStepPage } from '../auth-step-page';
import { authFlowFor } from '../flow';

/*
 * A user whose phone is lost or reset has no authenticator code to type: the step says where to turn instead of
 * leaving them at a code they can never have (docs/decisions/098-lost-authenticator-help.md).
 */

function StepRoute() {
  return <AuthStepPage step={useParams().step} />;
}

function setup(challengeName: string, supportUrl: string) {
  const api: ApiClient = {
    request: (async (path: string) => {
      if (path === '/config') return { version: '0.1.0', stage: 'test', supportUrl, flags: {} };
      if (path === '/identity/sign-in') return { challengeName, loginMethod: challengeName, session: 's1' };
      throw new Error(`unexpected ${path}`);
    }) as ApiClient['request'],
  };
  const session = createSession(api);
  const flow = authFlowFor({ api, auth: session.auth, locale: () => 'en' });
  return { session, flow };
}

function renderAt(path: string, session: Session) {
  render(
    <AppProviders session={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/v1/auth/:step" element={<StepRoute />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  clearSession();
  vi.spyOn(console, 'debug').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  clearSession();
  await i18n.changeLanguage('en');
});

/** The step inside the app's frame, its footer included, as the user sees the page. */
function renderPageAt(path: string, session: Session) {
  render(
    <AppProviders session={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/v1/auth/:step" element={<StepRoute />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the authenticator step, for a user who lost the app', () => {
  it('says what to do and links to the support the deployment names', async () => {
    const { session, flow } = setup('SOFTWARE_TOKEN_MFA', 'https://help.example.com/rampart');
    flow.setEmail('a@example.com');
    await flow.signIn('correct horse battery');
    renderAt('/v1/auth/totp', session);
    expect(await screen.findByText(/Lost your authenticator app\?/)).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Contact Support/ });
    expect(link).toHaveAttribute('href', 'https://help.example.com/rampart');
  });

  it("links to the product's own support page when the deployment names none", async () => {
    const { session, flow } = setup('SOFTWARE_TOKEN_MFA', '/support');
    flow.setEmail('a@example.com');
    await flow.signIn('correct horse battery');
    renderAt('/v1/auth/totp', session);
    expect(await screen.findByRole('link', { name: /Contact Support/ })).toHaveAttribute('href', '/support');
  });

  it('is not offered on an emailed code, which the user can send again', async () => {
    const { session, flow } = setup('EMAIL_OTP', '/support');
    flow.setEmail('a@example.com');
    await flow.signIn('correct horse battery');
    renderAt('/v1/auth/otp', session);
    expect(await screen.findByLabelText('6-digit code')).toBeInTheDocument();
    expect(screen.queryByText(/Lost your authenticator app\?/)).toBeNull();
  });

  it.each([
    ['en', /Contact Support/, /Lost your authenticator app\?/],
    ['es', /Contactar con soporte/, /¿Perdiste tu aplicación de autenticación\?/],
  ])(
    'shows one Contact Support link on the page, not one in the step and another in the footer (%s)',
    async (lang, name, help) => {
      await i18n.changeLanguage(lang);
      const { session, flow } = setup('SOFTWARE_TOKEN_MFA', 'https://help.example.com/rampart');
      flow.setEmail('a@example.com');
      await flow.signIn('correct horse battery');
      renderPageAt('/v1/auth/totp', session);
      expect(await screen.findByText(help)).toBeInTheDocument();
      const links = await screen.findAllByRole('link', { name });
      expect(links).toHaveLength(1);
      expect(links[0]).toHaveAttribute('href', 'https://help.example.com/rampart');
    },
  );

  it('keeps the footer link on the other steps', async () => {
    const { session, flow } = setup('EMAIL_OTP', '/support');
    flow.setEmail('a@example.com');
    await flow.signIn('correct horse battery');
    renderPageAt('/v1/auth/otp', session);
    expect(await screen.findByLabelText('6-digit code')).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /Contact Support/ })).toHaveLength(1);
  });
});
