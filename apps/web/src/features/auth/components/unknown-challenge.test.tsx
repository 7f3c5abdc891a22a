import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createSession } from '../../../test/app-kit';
import type { ApiClient } from '../../../lib/api';
import { authFlowFor } from '../flow';
import { PasswordStep } from './password-step';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('a second-factor challenge the client does not know (document 2, section 8)', () => {
  it("shows 'Unhandled 2FA type authentication' and stays on the password step", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls: string[] = [];
    const api: ApiClient = {
      request: (async (url: string) => {
        calls.push(url);
        if (url === '/identity/sign-in') return { challengeName: 'DEVICE_SRP_AUTH', loginMethod: 'NONE', session: 's' };
        throw new Error(`unexpected ${url}`);
      }) as ApiClient['request'],
    };
    const session = createSession(api);
    authFlowFor({ api, auth: session.auth, locale: () => 'en' }).setEmail('a@example.com');
    render(
      <AppProviders session={session}>
        <MemoryRouter initialEntries={['/v1/auth/password']}>
          <Routes>
            <Route path="/v1/auth/:step" element={<PasswordStep />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    expect(await screen.findByText('Unhandled 2FA type authentication')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/v1/auth/password');
    expect(calls).toEqual(['/identity/sign-in']);
  });
});
