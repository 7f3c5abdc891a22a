import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverMessage, type UserInfo } from '@rampart/contracts';
import { EMAIL_CODE_USER } from '../../../test/fixtures';
import { errorReply, fakeServer, renderPage } from '../../../test/page-kit';
import { SettingsPage } from '../settings-page';

const USER = EMAIL_CODE_USER;

describe('Authenticator app', () => {
  it('a code entered more than five minutes after the password turns the app on and says so, as the server did', async () => {
    // The server as it is: verifying the code switches sign-in to the app; the password's confirmation lasts five
    // minutes, and a user who installs an authenticator app in between has outlived it.
    let user = USER;
    const fake = fakeServer({
      '/identity/user': () => user,
      '/identity/reauthenticate': () => ({ reauthToken: 'reauth-token', expiresIn: 300 }),
      '/identity/totp/associate': () => ({
        secretCode: 'JBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/Rampart:a%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Rampart',
      }),
      '/identity/totp/verify': () => {
        user = { ...user, totpEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA' };
        return user;
      },
      '/identity/mfa-preference': () =>
        errorReply(400, serverMessage('identity.reauthRequired'), 'NotAuthorizedException'),
    });
    const { user: typist } = renderPage(<SettingsPage onSignOut={() => {}} />, fake.api, '/settings');
    await typist.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await typist.type(screen.getByLabelText('Password', { exact: true }), 'a long passphrase{Enter}');
    await typist.type(await screen.findByLabelText('6-digit code'), '123456{Enter}');

    expect(await screen.findByText('The authenticator app is set up. You will use it to sign in.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('totp-status')).toHaveTextContent(
        'On: sign-in asks for a code from your authenticator app.',
      ),
    );
    expect(screen.queryByText('Please confirm it is you before changing your second factor.')).toBeNull();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    expect(fake.callsTo('/identity/mfa-preference')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('totp-status')).toHaveFocus());
  });
});

describe('Authenticator app, with the keyboard', () => {
  it('after turning the app on or off, focus is on the section’s new status, not back at the top of the page', async () => {
    let user: UserInfo = { ...USER, totpEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA' };
    const fake = fakeServer({
      '/identity/user': () => user,
      '/identity/reauthenticate': () => ({ reauthToken: 'reauth-token', expiresIn: 300 }),
      '/identity/mfa-preference': () => {
        user = { ...user, totpEnabled: false, preferredMfa: 'EMAIL_OTP' };
        return user;
      },
    });
    const { user: typist } = renderPage(<SettingsPage onSignOut={() => {}} />, fake.api, '/settings');
    await typist.click(await screen.findByRole('button', { name: 'Turn off authenticator app' }));
    await typist.type(screen.getByLabelText('Password', { exact: true }), 'a long passphrase{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('totp-status')).toHaveTextContent('Off: sign-in asks for a code we email you.'),
    );
    await waitFor(() => expect(screen.getByTestId('totp-status')).toHaveFocus());
  });
});
