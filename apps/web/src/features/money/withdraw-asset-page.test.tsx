import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { catalogue } from '../trade/model/test-fixtures';
import { fakeServer, renderPage } from './test-utils';
import { WithdrawAssetPage } from './withdraw-asset-page';

const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['money', 'rules']);
});

const HOLDINGS = { available: '0.00', settled: '0.00', held: '0.00', assets: [{ assetTicker: 'USDS', settled: '150.000000', held: '0.000000', available: '150.000000' }] };
const WITHDRAWAL = {
  withdrawalId: 'w-1',
  assetTicker: 'USDS',
  network: 'xrpl',
  amount: '100.000000',
  address: XRPL_ADDRESS,
  memo: '12345',
  status: 'pending',
  txHash: null,
  reason: null,
  expectedBy: '2026-11-24T15:00:00.000Z',
  createdAt: '2026-11-23T15:00:00.000Z',
  completedAt: null,
};

function handlers(withdrawals: unknown[] = []) {
  return {
    '/primetrust-accounts-view': () => HOLDINGS,
    '/ramp/assets': () => ({ data: { assets: catalogue() } }),
    '/holdings/withdrawals': () => ({ withdrawals }),
    '/holdings/withdraw': () => ({ withdrawal: WITHDRAWAL, replayed: false }),
  };
}

describe('/money/withdraw-asset (R14, decision 032)', () => {
  it('sends a held asset to an address on its network with the destination tag, and says when it will be sent', async () => {
    const server = fakeServer(handlers());
    const { user } = renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    expect(await screen.findByRole('heading', { name: 'Withdraw crypto', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Asset')).toHaveValue('USDS'));
    await user.selectOptions(await screen.findByLabelText('Network'), 'xrpl');
    await user.click(screen.getByRole('button', { name: /Use all: 150/ }));
    expect(screen.getByLabelText('Amount (USDS)')).toHaveValue('150.000000');
    await user.clear(screen.getByLabelText('Amount (USDS)'));
    await user.type(screen.getByLabelText('Amount (USDS)'), '100');
    await user.type(screen.getByLabelText('Address on XRP Ledger'), XRPL_ADDRESS);
    await user.type(screen.getByLabelText('Destination tag'), '12345');
    expect(screen.getByText('Assets are kept in cold storage: a withdrawal is sent within 1 business day.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByTestId('asset-withdrawal-done')).toHaveTextContent(/Your withdrawal of 100(\.0+)? USDS is on its way\. It will be sent by/);
    const call = server.callsTo('/holdings/withdraw')[0]!;
    expect(call.body).toEqual({ assetTicker: 'USDS', network: 'xrpl', amount: '100', address: XRPL_ADDRESS, memo: '12345' });
    expect(call.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('checks the amount and the address in the page before sending anything', async () => {
    const server = fakeServer(handlers());
    const { user } = renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    await waitFor(() => expect(screen.getByLabelText('Asset')).toHaveValue('USDS'));
    await user.selectOptions(await screen.findByLabelText('Network'), 'xrpl');
    await user.type(screen.getByLabelText('Amount (USDS)'), '151');
    await user.type(screen.getByLabelText('Address on XRP Ledger'), 'rNotAnAddress');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByTestId('field-error-amount')).toHaveTextContent('You have 150');
    expect(screen.getByTestId('field-error-address').textContent).not.toBe('');
    expect(server.callsTo('/holdings/withdraw')).toEqual([]);
  });

  it('lists the withdrawals made with their status and transaction hash', async () => {
    const server = fakeServer(handlers([{ ...WITHDRAWAL, status: 'completed', txHash: 'AB'.repeat(32), completedAt: '2026-11-23T15:01:00.000Z' }]));
    renderPage(<WithdrawAssetPage />, server.api, '/money/withdraw-asset');
    const list = await screen.findByTestId('asset-withdrawals');
    expect(within(list).getByText(/^Completed ·/)).toBeInTheDocument();
    expect(within(list).getByText(`Transaction ${'AB'.repeat(32)}`)).toBeInTheDocument();
  });
});
