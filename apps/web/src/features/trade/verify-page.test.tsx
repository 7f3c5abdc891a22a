import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { fakeServer, renderPage } from './test-support';
import { VerifyPage } from './verify-page';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade']);
});

describe('/trade/verify', () => {
  it('asks for the 6 digits, and says plainly that the order cannot be placed from this step yet', async () => {
    const server = fakeServer({});
    const { user } = renderPage(<VerifyPage />, server.api, '/trade/verify');
    await user.type(await screen.findByLabelText('Authenticator code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify and buy' }));
    expect(screen.getByTestId('field-error-code')).toHaveTextContent('Enter the 6 digits shown in your authenticator app');
    await user.clear(screen.getByLabelText('Authenticator code'));
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and buy' }));
    expect(screen.queryByTestId('field-error-code')).toBeNull();
    expect(screen.getByText(/this order cannot be placed from this step/)).toHaveAttribute('role', 'status');
    expect(server.calls).toEqual([]);
  });
});
