import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { catalogue } from '../../test/fixtures';
import { MoneyPage } from './money-page';
import { HOLDINGS, fakeServer, renderPage } from '../../test/page-kit';

const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['money', 'trade']);
});

function server() {
  return fakeServer({
    '/primetrust-accounts-view': () => HOLDINGS,
    '/transfers/list': () => ({ transfers: [] }),
    '/ramp/assets': () => ({ data: { assets: catalogue() } }),
    '/holdings/deposit-address': (body) => ({
      deposit: {
        ...(body as { network: string; assetTicker: string }),
        address: XRPL_ADDRESS,
        memo: '4242',
        minimumDeposit: '10',
        createdAt: '2026-11-23T15:00:00.000Z',
      },
    }),
    '/primetrust-sandbox-receive-asset-deposit': (body) => ({
      deposit: {
        depositId: 'd-1',
        network: 'xrpl',
        assetTicker: 'USDS',
        amount: (body as { amount: string }).amount,
        address: XRPL_ADDRESS,
        memo: '4242',
        txHash: 'AB',
        createdAt: '2026-11-23T15:00:00.000Z',
      },
      replayed: false,
    }),
  });
}

describe("the money page's Add assets section (the assets addition flag)", () => {
  it('with the flag on: choose an asset, see its address and destination tag to copy, the warning and the minimum', async () => {
    const fake = server();
    const { user } = renderPage(<MoneyPage />, fake.api, '/money', '/money', { assetsAddition: true });
    const section = await screen.findByTestId('add-assets');
    expect(within(section).getByRole('heading', { name: 'Add assets' })).toBeInTheDocument();
    const select = within(section).getByRole('combobox', { name: 'Asset to deposit' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'USDS on XRP Ledger' })).toBeInTheDocument());
    // What the trade pages cannot choose is not offered (usdc is disabled by default).
    expect(within(select).queryByRole('option', { name: 'USDC on Stellar' })).not.toBeInTheDocument();
    expect(fake.callsTo('/holdings/deposit-address')).toHaveLength(0);

    // The keyboard chooses as well as the mouse: a native select, labelled.
    select.focus();
    await user.selectOptions(select, 'USDS on XRP Ledger');
    expect(await within(section).findByTestId('deposit-address')).toHaveTextContent(XRPL_ADDRESS);
    expect(fake.callsTo('/holdings/deposit-address').map((c) => c.body)).toEqual([
      { network: 'xrpl', assetTicker: 'USDS' },
    ]);
    expect(within(section).getByTestId('deposit-memo')).toHaveTextContent('4242');
    expect(within(section).getByText('You must include this destination tag')).toBeInTheDocument();
    expect(within(section).getByTestId('deposit-warning')).toHaveTextContent(
      'Send only USDS on XRP Ledger to this address.',
    );
    expect(within(section).getByTestId('deposit-minimum')).toHaveTextContent('Minimum deposit: 10 USDS.');
    expect(within(section).getByRole('button', { name: 'Copy the address' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Copy the destination tag' })).toBeInTheDocument();
  });

  it('in sandbox mode, a deposit to the address can be made to arrive (not below the minimum)', async () => {
    const fake = server();
    const { user } = renderPage(<MoneyPage />, fake.api, '/money', '/money', { assetsAddition: true });
    const section = await screen.findByTestId('add-assets');
    const select = within(section).getByRole('combobox', { name: 'Asset to deposit' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'USDS on XRP Ledger' })).toBeInTheDocument());
    await user.selectOptions(select, 'USDS on XRP Ledger');
    const amount = await within(section).findByLabelText('Amount of USDS');
    await user.type(amount, '5');
    await user.click(within(section).getByRole('button', { name: 'Simulate this deposit' }));
    expect(await within(section).findByText('The minimum deposit is 10 USDS')).toBeInTheDocument();
    expect(fake.callsTo('/primetrust-sandbox-receive-asset-deposit')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(within(section).getByRole('button', { name: 'Simulate this deposit' }));
    expect(await within(section).findByTestId('deposit-arrived')).toHaveTextContent(
      '25 USDS arrived in your holdings.',
    );
    const [call] = fake.callsTo('/primetrust-sandbox-receive-asset-deposit');
    expect(call?.body).toEqual({ network: 'xrpl', assetTicker: 'USDS', amount: '25' });
    expect(call?.idempotencyKey).toBeTruthy();
  });

  it('with the flag off (the default): no section and no address asked for', async () => {
    const fake = server();
    renderPage(<MoneyPage />, fake.api, '/money', '/money', { assetsAddition: false });
    expect(await screen.findByTestId('balance-available')).toBeInTheDocument();
    expect(screen.queryByTestId('add-assets')).not.toBeInTheDocument();
    expect(screen.queryByText('Add assets')).not.toBeInTheDocument();
    expect(fake.callsTo('/holdings/deposit-address')).toHaveLength(0);
    expect(fake.callsTo('/ramp/assets')).toHaveLength(0);
  });
});
