import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider, useApi } from '../lib/api';
import i18n from '../lib/i18n';
import { rampLimitsQueryOptions } from '../lib/queries/limits';
import { DepositPage } from '../features/money/deposit-page';
import { bank, fakeServer, HOLDINGS, renderPage, transfer } from './page-kit';

/** What is left of the weekly ACH limit, as the trade pages (buy, sell, method) read it. */
function TradeWeeklyLeft() {
  const limits = useQuery(rampLimitsQueryOptions(useApi(), 'primex_ach'));
  const weekly = limits.data?.limits.find((limit) => limit.kind === 'weekly_method');
  return <output data-testid="trade-weekly-left">{weekly?.remaining ?? ''}</output>;
}

function limitsReply(used: string, remaining: string) {
  return {
    assetTicker: 'USD',
    minimumTrade: '1.00',
    limits: [
      {
        kind: 'weekly_method',
        method: 'primex_ach',
        windowHours: 168,
        limit: '1000.00',
        used,
        remaining,
        nextReleaseAt: null,
      },
    ],
  };
}

beforeAll(async () => {
  await i18n.loadNamespaces(['money', 'rules']);
});

describe('the ramp limits', () => {
  it('are one read: a deposit made on the money pages refreshes what the trade pages say is left', async () => {
    let reply = limitsReply('0.00', '1000.00');
    const fake = fakeServer({
      '/bank-account-list': () => ({ accounts: [bank()] }),
      '/cc-method-list': () => ({ success: true, errors: { errors: [], fields: {} }, methods: [] }),
      '/primetrust-accounts-view': () => HOLDINGS,
      '/ramp/limits': () => reply,
      '/transfers/deposit': () => {
        reply = limitsReply('100.00', '900.00');
        return { transfer: transfer(), replayed: false };
      },
    });
    const { user, queryClient } = renderPage(<DepositPage />, fake.api, '/money/deposit');
    render(
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={fake.api}>
          <TradeWeeklyLeft />
        </ApiProvider>
      </QueryClientProvider>,
    );
    const trade = screen.getByTestId('trade-weekly-left');
    await waitFor(() => expect(trade).toHaveTextContent('1000.00'));

    await user.click(await screen.findByRole('radio', { name: /^ACH/ }));
    await user.click(await screen.findByRole('radio', { name: /First Platypus Bank/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '100');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/money'));

    await waitFor(() => expect(trade).toHaveTextContent('900.00'));
  });
});
