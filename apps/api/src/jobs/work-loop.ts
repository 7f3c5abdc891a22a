import type { FastifyBaseLogger } from 'fastify';
import { sweepDueOrders } from '../modules/orders';
import { sweepDueTransfers } from '../modules/transfers';
import type { Services } from '../services';
import { scanChainDeposits } from './chain-deposits';
import { sweepChainDeposits } from './chain-sweeps';

export interface WorkLoop {
  /** No new sweep starts and the one running finishes; the owner then stops the queue (its jobs in hand finish). */
  stop(): Promise<void>;
}

/**
 * The one worker loop (decision 053), the same in `npm run worker` and in an API that works its own jobs (`npm start`,
 * RUN_WORKER): it works every registered queue, and sweeps due transfers, then the orders they may fund (decision
 * 024), when it starts and every WORKER_SWEEP_SECONDS. The sweep is the safety net behind the queue: a job claimed by
 * a process that died comes back only when the queue expires it, and work that fell due while no worker ran is taken
 * up within one sweep period of a start. Settling twice is harmless (each step locks its row and checks its state).
 * With a real EVM gateway it also reads the chains' deposits every EVM_CONFIRMATION_POLL_SECONDS and, where the deposit
 * account's extended private key is configured (the worker's environment only), sweeps them into the hot wallet
 * (decision 092).
 */
export async function startWorkLoop(
  services: Pick<Services, 'db' | 'clock' | 'jobs' | 'config' | 'orders' | 'providers'>,
  logger: FastifyBaseLogger,
): Promise<WorkLoop> {
  const { db, clock, jobs, config, orders } = services;
  await jobs.startWorking();
  let stopping = false;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    if (stopping) return;
    sweeping = sweeping
      .then(() => (stopping ? null : sweepDueTransfers({ db, clock, jobs })))
      .then((done) => {
        if (done && done.settled + done.cancelled > 0) logger.info(done, 'swept due transfers');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'transfer sweep failed'))
      .then(() => (stopping ? null : sweepDueOrders(orders)))
      .then((done) => {
        if (done && done.moved > 0) logger.info({ moved: done.moved }, 'swept due orders');
        for (const { orderId, error } of done?.failed ?? []) {
          logger.warn({ orderId, err: error }, 'order sweep: a step failed, tried again at the next sweep');
        }
      })
      .catch((error: unknown) => logger.error({ err: error }, 'order sweep failed'));
  };
  // Deposits are swept only by a process given the deposit account's extended private key (decision 092).
  const sweepsDeposits = services.providers.evmGateway?.sweepsDeposits() ?? false;
  let scanning: Promise<unknown> = Promise.resolve();
  const scan = () => {
    if (stopping) return;
    scanning = scanning
      .then(() => (stopping ? null : scanChainDeposits(services, logger)))
      .then((done) => {
        if (done && done.credited > 0) logger.info(done, 'credited chain deposits');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'reading chain deposits failed, tried again later'))
      .then(() => (stopping || !sweepsDeposits ? null : sweepChainDeposits(services, logger)))
      .then((done) => {
        if (done && (done.swept.length > 0 || done.feesRecorded > 0)) {
          logger.info(
            { swept: done.swept.map((s) => ({ ...s, amount: s.amount.toString() })), feesRecorded: done.feesRecorded },
            'swept chain deposits into the hot wallet',
          );
        }
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'sweeping chain deposits failed, tried again later'));
  };
  sweep();
  const timer = setInterval(sweep, config.workerSweepSeconds * 1000);
  timer.unref();
  let scanTimer: NodeJS.Timeout | null = null;
  if (services.providers.evmGateway) {
    scan();
    scanTimer = setInterval(scan, config.evm.confirmationPollSeconds * 1000);
    scanTimer.unref();
  }
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      if (scanTimer) clearInterval(scanTimer);
      await Promise.all([sweeping, scanning]);
    },
  };
}
