import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@rampart/contracts';
import { EMAIL_CODE_USER } from '../../../test/fixtures';
import { fakeServer, renderPage } from '../../../test/page-kit';
import { SettingsPage } from '../settings-page';

const USER = EMAIL_CODE_USER;

describe('Sign-in codes, with the keyboard', () => {
  it('after a phone number is confirmed with its code, focus is on the section’s new phone status', async () => {
    let user = USER;
    const fake = fakeServer({
      '/identity/user': () => user,
      '/identity/reauthenticate': () => ({ reauthToken: 'reauth-token', expiresIn: 300 }),
      '/identity/user/attributes': () => {
        user = { ...user, phoneNumber: '+14155552671', phoneNumberVerified: false };
        return {
          codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+*******2671', attributeName: 'phone_number' },
        };
      },
      '/identity/user/verify-attribute': () => {
        user = { ...user, phoneNumberVerified: true };
        return user;
      },
    });
    const { user: typist } = renderPage(<SettingsPage onSignOut={() => {}} />, fake.api, '/settings');
    await typist.click(await screen.findByRole('button', { name: 'Add a phone number' }));
    await typist.type(screen.getByLabelText('Password', { exact: true }), 'a long passphrase{Enter}');
    await typist.type(await screen.findByLabelText('Phone number'), '+1 415 555 2671{Enter}');
    await typist.type(await screen.findByLabelText('6-digit code'), '123456{Enter}');

    expect(
      await screen.findByText('Your phone number is confirmed. You can now get sign-in codes by text message.'),
    ).toBeInTheDocument();
    const status = screen.getByTestId('phone-status');
    await waitFor(() => expect(status).toHaveTextContent('Phone number: +1 415 555 2671'));
    await waitFor(() => expect(status).toHaveFocus());
  });

  it('after choosing text messages, or cancelling a step, focus is on the section’s current factor', async () => {
    let user: UserInfo = { ...USER, phoneNumber: '+14155552671', phoneNumberVerified: true };
    const fake = fakeServer({
      '/identity/user': () => user,
      '/identity/reauthenticate': () => ({ reauthToken: 'reauth-token', expiresIn: 300 }),
      '/identity/mfa-preference': () => {
        user = { ...user, preferredMfa: 'SMS_OTP' };
        return user;
      },
    });
    const { user: typist } = renderPage(<SettingsPage onSignOut={() => {}} />, fake.api, '/settings');
    await typist.click(await screen.findByRole('button', { name: 'Change phone number' }));
    await typist.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('mfa-current')).toHaveFocus());

    await typist.click(screen.getByRole('button', { name: 'Text me a code' }));
    await typist.type(screen.getByLabelText('Password', { exact: true }), 'a long passphrase{Enter}');
    const current = screen.getByTestId('mfa-current');
    await waitFor(() => expect(current).toHaveTextContent('+1 415 555 2671'));
    await waitFor(() => expect(current).toHaveFocus());
  });
});
