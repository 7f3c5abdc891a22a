import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders, createSession } from '../../../test/app-kit';
import { ApiError, type ApiClient } from '../../../lib/api';
import { authFlowFor } from '../flow';
import { PasswordStep } from './password-step';
import { ResetStep } from './recovery-steps';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function mount(path: string, element: ReactNode, handlers: Record<string, () => unknown> = {}) {
  const calls: string[] = [];
  const api: ApiClient = {
    request: (async (url: string) => {
      calls.push(url);
      const handler = handlers[url];
      if (!handler) throw new Error(`unexpected ${url}`);
      return handler();
    }) as ApiClient['request'],
  };
  const session = createSession(api);
  authFlowFor({ api, auth: session.auth, locale: () => 'en' }).setEmail('a@example.com');
  render(
    <AppProviders session={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/v1/auth/:step" element={element} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
  return calls;
}

describe('the reset screens', () => {
  it('the password step links to the reset, by keyboard too', async () => {
    const user = userEvent.setup();
    mount('/v1/auth/password', <PasswordStep />);
    // The password field has the focus; the link comes right after it.
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/v1/auth/forgot');
  });

  it('says the rules before sending, then puts the server code error on the code field', async () => {
    const user = userEvent.setup();
    const calls = mount('/v1/auth/reset', <ResetStep />, {
      '/identity/confirm-forgot-password': () => {
        throw new ApiError({
          message: 'Invalid verification code provided, please try again.',
          code: 'CodeMismatchException',
          type: 'api_error',
          kind: 'general',
          statusCode: 400,
        });
      },
    });
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('field-error-password')).toHaveTextContent(
      'Password should contain at least 8 characters',
    );
    expect(screen.getByTestId('field-error-confirmPassword')).toHaveTextContent('Your passwords do not match');
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a long new passphrase');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a long new passphrase');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByTestId('field-error-code')).toHaveTextContent(
        'Invalid verification code provided, please try again.',
      ),
    );
    expect(calls).toEqual(['/identity/confirm-forgot-password']);
  });
});
