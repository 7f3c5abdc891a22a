import type { FastifyBaseLogger } from 'fastify';
import {
  assetDecimals,
  isAssetCode,
  LEDGER_TRANSACTION_OPTIONS,
  PLATFORM_NETWORK_FEES,
  postTransaction,
} from '../modules/ledger';
import { WORLD_CHAIN } from '../modules/transfers';
import type { EvmSweep } from '../providers/chain-gateway/evm';
import type { Services } from '../services';

export interface SweptDeposits {
  /** Rounds that found their sweep's receipt this look. */
  swept: EvmSweep[];
  /** Gas records posted to the ledger now (not the ones posted before). */
  feesRecorded: number;
  /** Rounds still waiting for a receipt. */
  waiting: number;
  /** Rounds that failed this look (tried again at the next). */
  failed: number;
}

/** Wei (the chain's 18 decimals) in the ledger's units of the coin (gwei), rounded up: the platform paid at least that. */
export function weiInLedgerUnits(wei: bigint, ledgerDecimals: number): bigint {
  const scale = 10n ** BigInt(18 - ledgerDecimals);
  return (wei + scale - 1n) / scale;
}

/**
 * One look at the sweeps of deposits into the hot wallet (docs/decisions/092-evm-deposit-sweeps.md), only where the
 * deposit account's extended private key is configured. The gateway tops up, signs, sends and follows each step in
 * its own transactions; this job then posts the gas each mined transaction spent, once per transaction hash, from
 * the platform's network fees to `world:chain` in the network's native coin, in the transaction that claims it. The
 * tokens swept move no one's money: the deposits were credited from `world:chain` when they arrived.
 */
export async function sweepChainDeposits(
  services: Pick<Services, 'db' | 'providers'>,
  logger: FastifyBaseLogger,
): Promise<SweptDeposits> {
  const { db, providers } = services;
  const gateway = providers.evmGateway;
  const done: SweptDeposits = { swept: [], feesRecorded: 0, waiting: 0, failed: 0 };
  if (!gateway?.sweepsDeposits()) return done;
  const report = await gateway.sweep();
  done.swept = report.swept;
  done.waiting = report.waiting;
  done.failed = report.failed.length;
  for (const failure of report.failed) logger.warn(failure, 'a deposit sweep failed, tried again at the next look');
  for (const swept of report.swept) {
    if (!swept.ok) logger.error(swept, "a deposit sweep's token transfer reverted: the tokens stay on the address");
  }
  for (const fee of report.fees) {
    const asset = fee.nativeAsset;
    if (!isAssetCode(asset)) throw new Error(`${asset} is not an asset of the ledger`);
    await db.transaction(async (tx) => {
      if (!(await gateway.claimSweepFee(tx, fee))) return;
      const amount = weiInLedgerUnits(fee.fee, assetDecimals(asset));
      if (amount === 0n) return;
      const posted = await postTransaction(tx, {
        idempotencyKey: `evm-sweep-gas:${fee.network}:${fee.txHash.toLowerCase()}`,
        postings: [{ source: PLATFORM_NETWORK_FEES, destination: WORLD_CHAIN, asset, amount }],
        metadata: {
          kind: 'evm_sweep_gas',
          network: fee.network,
          address: fee.address,
          txHash: fee.txHash.toLowerCase(),
          step: fee.step,
          asset: fee.asset,
          round: fee.round,
          gasWei: fee.fee.toString(),
          // A top-up: the native coin sent to the address; a sweep: the token's minor units swept.
          ...(fee.step === 'sweep' ? { amountSwept: fee.amount.toString() } : { topUp: fee.amount.toString() }),
        },
      });
      if (!posted.replayed) done.feesRecorded += 1;
    }, LEDGER_TRANSACTION_OPTIONS);
  }
  return done;
}
