import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES, serverMessage } from '@rampart/contracts';
import i18n from '../../../lib/i18n';
import { errorReply, fakeServer, renderPage } from '../../../test/page-kit';
import { ChangePasswordSection } from './change-password-section';

const NEW = 'a much longer passphrase 42';

async function fill(user: ReturnType<typeof renderPage>['user'], current: string, next: string, again: string) {
  await user.type(await screen.findByLabelText(/^Current password|^Contraseña actual/), current);
  await user.type(screen.getByLabelText(/^New password|^Contraseña nueva/), next);
  await user.type(screen.getByLabelText(/^Confirm new password|^Confirma la nueva contraseña/), again);
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Change password', () => {
  it('checks the entries before sending anything', async () => {
    const fake = fakeServer({});
    const { user } = renderPage(<ChangePasswordSection />, fake.api, '/settings');
    await fill(user, 'old one', NEW, 'something else');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your passwords do not match')).toBeInTheDocument();
    expect(fake.callsTo('/identity/change-password')).toHaveLength(0);
  });

  it('changes it once however often the button is pressed, and clears the form', async () => {
    let release = () => {};
    const fake = fakeServer({
      '/identity/change-password': () => new Promise((resolve) => (release = () => resolve({ ok: true }))),
    });
    const { user } = renderPage(<ChangePasswordSection />, fake.api, '/settings');
    await fill(user, 'old one', NEW, NEW);
    const button = screen.getByRole('button', { name: 'Change password' });
    await user.click(button);
    await user.keyboard('{Enter}');
    release();
    expect(await screen.findByText(/Your password was changed/)).toBeInTheDocument();
    expect(fake.callsTo('/identity/change-password')).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveValue(''));
  });

  it('puts a wrong current password under its field, in the user’s language by key', async () => {
    await i18n.changeLanguage('es');
    const fake = fakeServer({
      '/identity/change-password': () =>
        errorReply(400, serverMessage('identity.notAuthorized'), 'NotAuthorizedException'),
    });
    const { user } = renderPage(<ChangePasswordSection />, fake.api, '/settings');
    await fill(user, 'wrong', NEW, NEW);
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    const current = screen.getByLabelText(/^Contraseña actual/);
    await waitFor(() => expect(current).toHaveAccessibleDescription(IDENTITY_MESSAGES.es.notAuthorized));
  });
});

describe('Change password, a new password of only blanks', () => {
  it('is refused before sending, with its own message', async () => {
    const fake = fakeServer({});
    const { user } = renderPage(<ChangePasswordSection />, fake.api, '/settings');
    await fill(user, 'old one', ' '.repeat(9), ' '.repeat(9));
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(/Password cannot be only spaces/),
    );
    expect(fake.callsTo('/identity/change-password')).toHaveLength(0);
  });

  it('is refused before sending in Spanish, tabs included', async () => {
    await i18n.changeLanguage('es');
    const fake = fakeServer({});
    const { user } = renderPage(<ChangePasswordSection />, fake.api, '/settings');
    await user.type(await screen.findByLabelText(/^Contraseña actual/), 'old one');
    await user.click(screen.getByLabelText(/^Contraseña nueva/));
    await user.paste('\t'.repeat(9));
    await user.click(screen.getByLabelText(/^Confirma la nueva contraseña/));
    await user.paste('\t'.repeat(9));
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Contraseña nueva/)).toHaveAccessibleDescription(
        /La contraseña no puede estar formada solo por espacios/,
      ),
    );
    expect(fake.callsTo('/identity/change-password')).toHaveLength(0);
  });
});
