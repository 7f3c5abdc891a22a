import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { decimalToMinor, type AssetDeposit, type RampAsset } from '@rampart/contracts';
import { useAppConfig } from '../../lib/config';
import { useApi } from '../../lib/api';
import { depositAddressQueryOptions, receiveSandboxAssetDeposit } from './api/asset-deposits';
import { chainAssetsQueryOptions } from './api/asset-withdrawals';
import { useIdempotencyKey } from './use-idempotency-key';
import { useRefreshMoney } from './use-refresh-money';

/** Why a simulated deposit's amount cannot be sent: not a plain positive decimal of the asset, or below its minimum. */
export type AmountProblem = 'invalid' | 'belowMinimum';

function amountProblemOf(text: string, decimals: number, minimum: string): AmountProblem | null {
  const minor = decimalToMinor(text, decimals);
  if (minor === null || minor <= 0n) return 'invalid';
  return minor < (decimalToMinor(minimum, decimals) ?? 0n) ? 'belowMinimum' : null;
}

/**
 * The state of /money's "Add assets" section (the "assets addition" flag, docs/feature-flags.md): the assets that can
 * be deposited (those the trade pages let the user choose), the chosen one's address from the server, and in
 * sandbox mode a deposit to it arriving. The caller shows the section only when the flag is on.
 */
export function useAssetDeposit() {
  const api = useApi();
  const refreshMoney = useRefreshMoney();
  const sandbox = useAppConfig().data?.sandbox ?? false;
  const catalogue = useQuery(chainAssetsQueryOptions(api));
  const options: RampAsset[] = (catalogue.data ?? []).filter((entry) => !entry.disabled);
  const [chosenKey, setChosenKey] = useState('');
  const chosen = options.find((entry) => entry.key === chosenKey) ?? null;
  const address = useQuery(
    depositAddressQueryOptions(api, chosen ? { network: chosen.network, assetTicker: chosen.assetTicker } : null),
  );

  const [amount, setAmount] = useState('');
  const [amountProblem, setAmountProblem] = useState<AmountProblem | null>(null);
  const [arrived, setArrived] = useState<AssetDeposit | null>(null);
  const { keyFor, reset } = useIdempotencyKey();
  const simulation = useMutation({
    mutationFn: (body: { network: string; assetTicker: string; amount: string }) =>
      receiveSandboxAssetDeposit(api, body, keyFor(body)),
    onSuccess: (reply) => {
      setArrived(reply.deposit);
      setAmount('');
      reset();
      refreshMoney();
    },
  });

  const choose = (key: string) => {
    setChosenKey(key);
    setArrived(null);
    setAmountProblem(null);
    simulation.reset();
  };

  /** Sandbox: sends the simulated deposit; false (and `amountProblem` set) when the amount is not a usable one. */
  const simulate = (): boolean => {
    if (!chosen) return false;
    const problem = amountProblemOf(amount.trim(), chosen.decimals, address.data?.minimumDeposit ?? '0');
    setAmountProblem(problem);
    if (problem) return false;
    setArrived(null);
    simulation.mutate({ network: chosen.network, assetTicker: chosen.assetTicker, amount: amount.trim() });
    return true;
  };

  return {
    catalogue,
    options,
    chosen,
    choose,
    address,
    sandbox,
    amount,
    setAmount,
    amountProblem,
    simulate,
    simulation,
    arrived,
  };
}

export type AssetDepositState = ReturnType<typeof useAssetDeposit>;
