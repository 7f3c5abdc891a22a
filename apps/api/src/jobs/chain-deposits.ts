import type { FastifyBaseLogger } from 'fastify';
import { receiveChainDeposit } from '../modules/asset-deposits';
import { LEDGER_TRANSACTION_OPTIONS } from '../modules/ledger';
import { receiveOrderChainDeposit } from '../modules/orders';
import type { Services } from '../services';

/** Batches read per look, per network: a worker behind by many blocks catches up over a few looks. */
const MAX_BATCHES = 20;

export interface ScannedDeposits {
  /** Deposits credited now (not the ones credited before). */
  credited: number;
  /** Deposits to one of the gateway's addresses that neither a sell order nor a holdings address claims. */
  unmatched: number;
}

/**
 * Reads the EVM networks' final blocks for token transfers into deposit addresses (docs/decisions/087-evm-deposits.md)
 * and credits each once: to its sell order when the address is an order's, else to the holdings address it is. Each
 * batch of blocks is claimed (the network's cursor moved) and credited in one transaction, so two workers never both
 * credit a batch, and a crash before the commit reads the same blocks again.
 */
export async function scanChainDeposits(
  services: Pick<Services, 'db' | 'clock' | 'providers' | 'orders'>,
  logger: FastifyBaseLogger,
): Promise<ScannedDeposits> {
  const { db, clock, providers, orders } = services;
  const gateway = providers.evmGateway;
  const scanned: ScannedDeposits = { credited: 0, unmatched: 0 };
  if (!gateway) return scanned;
  for (let look = 0; look < MAX_BATCHES; look += 1) {
    const batches = await gateway.depositBatches();
    if (batches.length === 0) break;
    for (const batch of batches) {
      await db.transaction(async (tx) => {
        if (!(await gateway.claimDepositBatch(tx, batch))) return;
        for (const deposit of batch.deposits) {
          const order = await receiveOrderChainDeposit(tx, orders, deposit);
          if (order) {
            if (order.kind === 'credited') scanned.credited += 1;
            continue;
          }
          const held = await receiveChainDeposit(tx, clock.now(), {
            network: deposit.network,
            address: deposit.address,
            memo: null,
            assetTicker: deposit.asset,
            amount: deposit.amount,
            txHash: deposit.txHash,
            logIndex: deposit.logIndex,
          });
          if (held && !held.replayed) scanned.credited += 1;
          if (!held) {
            scanned.unmatched += 1;
            logger.warn(
              { network: deposit.network, txHash: deposit.txHash, logIndex: deposit.logIndex, asset: deposit.asset },
              'a deposit to a deposit address that no order or holdings address claims: credited to nobody',
            );
          }
        }
      }, LEDGER_TRANSACTION_OPTIONS);
    }
  }
  return scanned;
}
