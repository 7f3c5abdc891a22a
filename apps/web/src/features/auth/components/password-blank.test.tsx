import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders, createSession } from '../../../test/app-kit';
import type { ApiClient } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { authFlowFor } from '../flow';
import { ResetStep } from './recovery-steps';
import { SignupStep } from './signup-step';

/*
 * A password of only spaces, tabs or other blanks is refused before anything is sent, with the server's own message
 * (docs/decisions/105-mail-on-second-factor-change.md).
 */

function mount(path: string, element: ReactNode) {
  const calls: string[] = [];
  const api: ApiClient = {
    request: (async (url: string) => {
      calls.push(url);
      throw new Error(`unexpected ${url}`);
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
      </MemoryRouter>
    </AppProviders>,
  );
  return calls;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a password of only blanks', () => {
  it('is refused by the sign-up form before sending, in English', async () => {
    const user = userEvent.setup();
    const calls = mount('/v1/auth/signup', <SignupStep />);
    await user.type(screen.getByLabelText('Create a password'), ' '.repeat(8));
    await user.type(screen.getByLabelText('Confirm password'), ' '.repeat(8));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password cannot be only spaces')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('is refused by the sign-up form before sending, in Spanish, tabs and other blanks too', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    const calls = mount('/v1/auth/signup', <SignupStep />);
    const blanks = '\u00a0\u3000\u2003\u2009'.repeat(3);
    await user.click(screen.getByLabelText('Crea una contraseña'));
    await user.paste(blanks);
    await user.click(screen.getByLabelText('Confirma la contraseña'));
    await user.paste(blanks);
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('La contraseña no puede estar formada solo por espacios')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('is refused by the reset form before sending', async () => {
    const user = userEvent.setup();
    const calls = mount('/v1/auth/reset', <ResetStep />);
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.type(screen.getByLabelText('New password'), ' '.repeat(10));
    await user.type(screen.getByLabelText('Confirm new password'), ' '.repeat(10));
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByTestId('field-error-password')).toHaveTextContent('Password cannot be only spaces');
    expect(calls).toEqual([]);
  });

  it('is not a password with spaces among other characters: that one is sent as typed', async () => {
    const user = userEvent.setup();
    const calls = mount('/v1/auth/signup', <SignupStep />);
    await user.type(screen.getByLabelText('Create a password'), '  moss   lantern  ');
    await user.type(screen.getByLabelText('Confirm password'), '  moss   lantern  ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('button', { name: 'Create account' });
    expect(screen.queryByText('Password cannot be only spaces')).toBeNull();
    expect(calls).toEqual(['/identity/sign-up']);
  });
});
