import { createHash } from 'node:crypto';
import type { ChainGateway, ConfirmationStatus, DeliverInput, DeliverResult, DepositTarget } from './types';

/**
 * Sandbox markers (docs/sandbox.md, "Orders"): a delivery fails when its memo/tag is `fail` (any case) or its amount
 * ends in .13 of the asset's unit (e.g. 100.13 USDS); every other delivery succeeds.
 */
export const SANDBOX_FAIL_MEMO = 'fail';
export const SANDBOX_FAILURE_REASON = 'The network refused the transaction (sandbox failure marker)';

/** Networks where deposits share the platform's address and are told apart by a memo or destination tag. */
const MEMO_NETWORKS = new Set(['xrpl', 'stellar', 'digitalbits']);

/** Confirmations each network needs (ours; typical exchange values). */
const REQUIRED_CONFIRMATIONS: Record<string, number> = {
  bitcoin: 3,
  ethereum: 12,
  avalanche: 12,
  binancechain: 15,
  harmony: 12,
  vechain: 12,
  qtum: 10,
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)]! + out;
    n /= 58n;
  }
  return out;
}

/** A transaction id in the network's usual form: base58 on Solana, upper-case hex on XRPL, 0x-hex on EVM chains. */
export function sandboxTxHash(network: string, reference: string): string {
  const bytes = digest('tx', network, reference);
  switch (network) {
    case 'solana':
      return base58(Buffer.concat([bytes, digest('tx2', network, reference)]));
    case 'xrpl':
      return bytes.toString('hex').toUpperCase();
    case 'bitcoin':
    case 'stellar':
    case 'chia':
    case 'tezos':
    case 'polymesh':
    case 'digitalbits':
      return bytes.toString('hex');
    default:
      return `0x${bytes.toString('hex')}`;
  }
}

export function requiredConfirmations(network: string): number {
  return REQUIRED_CONFIRMATIONS[network] ?? 1;
}

function endsInThirteenCents(amount: bigint, decimals: number): boolean {
  if (decimals < 2) return false;
  const unit = 10n ** BigInt(decimals);
  const fraction = amount % unit;
  return fraction === 13n * 10n ** BigInt(decimals - 2);
}

/** A per-order deposit address that looks like the network's own (not a real key: nobody can spend from it). */
function sandboxAddress(network: string, reference: string): string {
  const bytes = digest('deposit', network, reference);
  switch (network) {
    case 'bitcoin':
      return `bc1q${base58(bytes)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 38)}`;
    case 'solana':
      return base58(bytes).slice(0, 44);
    default:
      return `0x${bytes.subarray(0, 20).toString('hex')}`;
  }
}

/** The platform's receiving addresses on memo networks (sandbox values, valid for their network's checks). */
export const SANDBOX_PLATFORM_ADDRESSES: Record<string, string> = {
  xrpl: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  stellar: 'GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7',
  digitalbits: 'GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7',
};

/** The sandbox answers confirmations at once, from the clock. */
export type SandboxChainGateway = Omit<ChainGateway, 'kind' | 'confirmations' | 'depositTarget'> & {
  readonly kind: 'sandbox';
  /** Drawn from the reference alone: nothing is recorded. */
  depositTarget(input: { network: string; reference: string }): DepositTarget;
  confirmations(input: Parameters<ChainGateway['confirmations']>[0]): ConfirmationStatus;
};

export function createSandboxChainGateway(options: { confirmationDelaySeconds: number }): SandboxChainGateway {
  const delayMs = options.confirmationDelaySeconds * 1000;
  return {
    kind: 'sandbox',
    confirmationDelayMs: delayMs,
    async deliver(input: DeliverInput): Promise<DeliverResult> {
      if (
        (input.memo ?? '').trim().toLowerCase() === SANDBOX_FAIL_MEMO ||
        endsInThirteenCents(input.amount, input.decimals)
      ) {
        return { ok: false, reason: SANDBOX_FAILURE_REASON };
      }
      return { ok: true, txHash: sandboxTxHash(input.network, input.reference) };
    },
    takesDeposits: () => true,
    requiredConfirmations,

    depositTarget({ network, reference }): DepositTarget {
      const platform = SANDBOX_PLATFORM_ADDRESSES[network];
      if (MEMO_NETWORKS.has(network) && platform) {
        // A destination tag is a 32-bit number on XRPL; a numeric memo works on the Stellar family too.
        const tag = digest('memo', network, reference).readUInt32BE(0) % 4_000_000_000;
        return { address: platform, memo: String(tag + 1) };
      }
      return { address: sandboxAddress(network, reference), memo: null };
    },
    // Nothing is ever stuck in the sandbox: the hash sent is the hash mined.
    follow: ({ txHash }) => txHash,
    confirmations({ network, sentAt, now }): ConfirmationStatus {
      const required = requiredConfirmations(network);
      const elapsed = now.getTime() - sentAt.getTime();
      if (elapsed < 0) return { confirmations: 0, required };
      if (delayMs === 0 || elapsed >= delayMs) return { confirmations: required, required };
      // Between sending and the delay, confirmations grow with time but stay short of final.
      return { confirmations: Math.min(required - 1, Math.floor((elapsed / delayMs) * required)), required };
    },
  };
}
