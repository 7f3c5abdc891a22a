import { inspect } from 'node:util';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  DepositAccountKey,
  depositAddressAt,
  EvmConfigError,
  HotWalletKey,
  parseEvmGatewayConfig,
  toMinorUnits,
} from './evm';

const KEY = `0x${'5a'.repeat(32)}`;
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const env = {
  EVM_NETWORKS: 'ethereum, avalanche',
  EVM_ETHEREUM_RPC_URL: 'http://127.0.0.1:8545',
  EVM_ETHEREUM_CHAIN_ID: '31337',
  EVM_ETHEREUM_CONFIRMATIONS: '12',
  EVM_ETHEREUM_HOT_WALLET_KEY: KEY,
  EVM_ETHEREUM_TOKENS: `USDC=${TOKEN}, USDT=${TOKEN}`,
  EVM_AVALANCHE_RPC_URL: 'https://avalanche.example/rpc',
  EVM_AVALANCHE_CHAIN_ID: '43114',
  EVM_AVALANCHE_CONFIRMATIONS: '1',
  EVM_AVALANCHE_HOT_WALLET_KEY: KEY,
  EVM_AVALANCHE_TOKENS: `USDC=${TOKEN}`,
};

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

describe('the EVM gateway configuration', () => {
  it('reads each network: node, chain id, confirmations, key and tokens', () => {
    const [ethereum, avalanche] = parseEvmGatewayConfig(env);
    expect(ethereum).toMatchObject({
      network: 'ethereum',
      rpcUrl: 'http://127.0.0.1:8545',
      chainId: 31337,
      confirmations: 12,
      tokens: [
        { asset: 'USDC', contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
        { asset: 'USDT', contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      ],
    });
    expect(ethereum!.hotWalletKey.reveal()).toBe(KEY);
    expect(avalanche).toMatchObject({ network: 'avalanche', chainId: 43114, confirmations: 1 });
    expect(parseEvmGatewayConfig({})).toEqual([]);
    expect(ethereum!.lowBalance).toEqual({});
    const [withThresholds] = parseEvmGatewayConfig({ ...env, EVM_ETHEREUM_LOW_BALANCE: 'USDC=1000, ETH=0.5' });
    expect(withThresholds!.lowBalance).toEqual({ USDC: '1000', ETH: '0.5' });
    // A stuck transaction is replaced after 300 s unless the network says otherwise.
    expect(ethereum!.replaceAfterSeconds).toBe(300);
    const [patient] = parseEvmGatewayConfig({ ...env, EVM_ETHEREUM_REPLACE_AFTER_SECONDS: '900' });
    expect(patient!.replaceAfterSeconds).toBe(900);
  });

  it('reads a threshold in whole units as exact minor units', () => {
    expect(toMinorUnits('1000', 6)).toBe(1_000_000_000n);
    expect(toMinorUnits('0.5', 18)).toBe(500_000_000_000_000_000n);
    expect(toMinorUnits('1.1234567', 6)).toBe(1_123_456n);
  });

  it('names the bad variable and never shows a key', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ EVM_ETHEREUM_HOT_WALLET_KEY: `${KEY}00` }, /EVM_ETHEREUM_HOT_WALLET_KEY/],
      [{ EVM_ETHEREUM_HOT_WALLET_KEY: KEY.slice(0, 40) }, /EVM_ETHEREUM_HOT_WALLET_KEY/],
      [{ EVM_ETHEREUM_RPC_URL: 'ftp://x' }, /EVM_ETHEREUM_RPC_URL/],
      [{ EVM_ETHEREUM_CHAIN_ID: '0' }, /EVM_ETHEREUM_CHAIN_ID/],
      [{ EVM_ETHEREUM_CONFIRMATIONS: '1.5' }, /EVM_ETHEREUM_CONFIRMATIONS/],
      [{ EVM_ETHEREUM_TOKENS: 'USDC=0x12' }, /EVM_ETHEREUM_TOKENS/],
      [{ EVM_ETHEREUM_TOKENS: `USDC=${TOKEN},USDC=${TOKEN}` }, /twice/],
      [{ EVM_NETWORKS: 'ethereum,ethereum' }, /twice/],
      [{ EVM_NETWORKS: 'polygon' }, /not an EVM network of the catalogue/],
      [{ EVM_ETHEREUM_LOW_BALANCE: 'AVAX=1' }, /EVM_ETHEREUM_LOW_BALANCE/],
      [{ EVM_ETHEREUM_LOW_BALANCE: 'USDC=-1' }, /EVM_ETHEREUM_LOW_BALANCE/],
      [{ EVM_ETHEREUM_REPLACE_AFTER_SECONDS: '0' }, /EVM_ETHEREUM_REPLACE_AFTER_SECONDS/],
      [{ EVM_ETHEREUM_REPLACE_AFTER_SECONDS: '2.5' }, /EVM_ETHEREUM_REPLACE_AFTER_SECONDS/],
      [{ EVM_ETHEREUM_REPLACE_AFTER_SECONDS: 'soon' }, /EVM_ETHEREUM_REPLACE_AFTER_SECONDS/],
    ];
    for (const [change, message] of cases) {
      const error = errorOf(() => parseEvmGatewayConfig({ ...env, ...change }));
      expect(error).toBeInstanceOf(EvmConfigError);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain('5a5a5a');
      expect(error.message).not.toContain(KEY.slice(2, 40));
    }
  });

  it('prints, serialises and inspects a hot wallet key as redacted', () => {
    const [ethereum] = parseEvmGatewayConfig(env);
    const shown = [JSON.stringify(ethereum), inspect(ethereum, { depth: 5 }), String(ethereum!.hotWalletKey)];
    for (const text of shown) expect(text).not.toContain('5a5a5a');
    expect(JSON.stringify(new HotWalletKey(KEY as `0x${string}`))).toBe('"[redacted]"');
    expect(inspect(new HotWalletKey(KEY as `0x${string}`))).toBe('HotWalletKey([redacted])');
    expect(Object.values(new HotWalletKey(KEY as `0x${string}`)).join()).not.toContain('5a5a5a');
  });
});

describe('deposit addresses from an extended public key', () => {
  // Hardhat's well-known development mnemonic: its first accounts are public knowledge.
  const mnemonic = 'test test test test test test test test test test test junk';
  const accountKey = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive("m/44'/60'/0'");

  it("derives m/44'/60'/0'/0/i from the account's xpub, as wallets do", () => {
    const xpub = accountKey.publicExtendedKey;
    const [ethereum] = parseEvmGatewayConfig({ ...env, EVM_ETHEREUM_DEPOSIT_XPUB: xpub });
    expect(ethereum!.depositXpub).not.toBeNull();
    expect(ethereum!.depositXpub!.privateKey).toBeNull();
    expect(depositAddressAt(ethereum!.depositXpub!, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    for (const index of [1, 7]) {
      expect(depositAddressAt(ethereum!.depositXpub!, index)).toBe(
        mnemonicToAccount(mnemonic, { addressIndex: index }).address,
      );
    }
  });

  it('takes no deposits without one, and refuses a private key or junk without echoing it', () => {
    expect(parseEvmGatewayConfig(env)[0]!.depositXpub).toBeNull();
    const xprv = accountKey.privateExtendedKey;
    const refused = errorOf(() => parseEvmGatewayConfig({ ...env, EVM_ETHEREUM_DEPOSIT_XPUB: xprv }));
    expect(refused).toBeInstanceOf(EvmConfigError);
    expect(refused.message).toBe('EVM_ETHEREUM_DEPOSIT_XPUB must be a public key, not xprv');
    expect(refused.message).not.toContain(xprv.slice(4, 20));
    const junk = errorOf(() => parseEvmGatewayConfig({ ...env, EVM_ETHEREUM_DEPOSIT_XPUB: 'xpub-secret-junk' }));
    expect(junk.message).toBe('EVM_ETHEREUM_DEPOSIT_XPUB must be an extended public key (xpub...)');
  });
});

describe("the deposit account's extended private key (sweeps)", () => {
  const mnemonic = 'test test test test test test test test test test test junk';
  const accountKey = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive("m/44'/60'/0'");
  const xpub = accountKey.publicExtendedKey;
  const xprv = accountKey.privateExtendedKey;
  const other = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive("m/44'/60'/1'");

  it('is optional: without it nothing is swept', () => {
    expect(parseEvmGatewayConfig({ ...env, EVM_ETHEREUM_DEPOSIT_XPUB: xpub })[0]!.depositXprv).toBeNull();
  });

  it('signs for each deposit address the public key derives, and is never shown', () => {
    const [ethereum] = parseEvmGatewayConfig({
      ...env,
      EVM_ETHEREUM_DEPOSIT_XPUB: xpub,
      EVM_ETHEREUM_DEPOSIT_XPRV: xprv,
    });
    const key = ethereum!.depositXprv!;
    expect(key).toBeInstanceOf(DepositAccountKey);
    for (const index of [0, 3]) {
      expect(privateKeyToAccount(key.addressKey(index)).address).toBe(depositAddressAt(ethereum!.depositXpub!, index));
    }
    const secret = accountKey.privateKey!;
    const secretHex = Buffer.from(secret).toString('hex');
    // (The public HDKey's own toJSON throws without a private key: the configuration is shown without it.)
    const shown = [
      JSON.stringify({ ...ethereum, depositXpub: null }),
      inspect(ethereum, { depth: 8 }),
      String(key),
      `${key}`,
    ];
    for (const text of shown) {
      expect(text).not.toContain(xprv.slice(4, 40));
      expect(text).not.toContain(secretHex.slice(0, 16));
      expect(text).not.toContain(key.addressKey(0).slice(2, 18));
    }
    expect(JSON.stringify(key)).toBe('"[redacted]"');
    expect(inspect(key)).toBe('DepositAccountKey([redacted])');
  });

  it('must derive the configured public key, be private, and come with it; errors name the variable only', () => {
    const cases: [Record<string, string>, string][] = [
      [
        { EVM_ETHEREUM_DEPOSIT_XPUB: xpub, EVM_ETHEREUM_DEPOSIT_XPRV: other.privateExtendedKey },
        'EVM_ETHEREUM_DEPOSIT_XPRV does not belong to EVM_ETHEREUM_DEPOSIT_XPUB: it derives another public key',
      ],
      [
        { EVM_ETHEREUM_DEPOSIT_XPUB: xpub, EVM_ETHEREUM_DEPOSIT_XPRV: xpub },
        'EVM_ETHEREUM_DEPOSIT_XPRV must be an extended private key (xprv...), not a public one',
      ],
      [
        { EVM_ETHEREUM_DEPOSIT_XPUB: xpub, EVM_ETHEREUM_DEPOSIT_XPRV: `${xprv.slice(0, -4)}abcd` },
        'EVM_ETHEREUM_DEPOSIT_XPRV must be an extended private key (xprv...)',
      ],
      [
        { EVM_ETHEREUM_DEPOSIT_XPRV: xprv },
        'EVM_ETHEREUM_DEPOSIT_XPRV needs EVM_ETHEREUM_DEPOSIT_XPUB, the public key it belongs to',
      ],
    ];
    for (const [change, message] of cases) {
      const error = errorOf(() => parseEvmGatewayConfig({ ...env, ...change }));
      expect(error).toBeInstanceOf(EvmConfigError);
      expect(error.message).toBe(message);
      expect(error.message).not.toContain(xprv.slice(4, 40));
      expect(error.message).not.toContain(other.privateExtendedKey.slice(4, 40));
    }
  });
});
