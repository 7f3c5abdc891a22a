import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { EvmConfigError, parseEvmGatewayConfig } from './evm';
import { decryptKeystore, KeystoreError } from './keystore';

// The Web3 Secret Storage definition's own test vectors (also go-ethereum's accounts/keystore testdata): one file
// per key derivation, both of the same key, password "testpassword".
const FIXTURES = fileURLToPath(new URL('../../../test/evm/fixtures/', import.meta.url));
const SCRYPT_FILE = path.join(FIXTURES, 'keystore-scrypt.json');
const PBKDF2_FILE = path.join(FIXTURES, 'keystore-pbkdf2.json');
const PASSWORD = 'testpassword';
const KEY = '0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d';
const ADDRESS = '0x008AeEda4D805471dF9b2A5B0f38A0C3bCBA786b';

const base = {
  EVM_NETWORKS: 'ethereum',
  EVM_ETHEREUM_RPC_URL: 'http://127.0.0.1:8545',
  EVM_ETHEREUM_CHAIN_ID: '31337',
  EVM_ETHEREUM_CONFIRMATIONS: '2',
  EVM_ETHEREUM_TOKENS: 'USDC=0x5fbdb2315678afecb367f032d93f642f64180aa3',
};

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

function scratch(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'keystore-')), name);
  writeFileSync(file, text);
  return file;
}

// scrypt and PBKDF2 at the standard's cost take seconds each on a busy two-core machine.
describe('the hot wallet keystore (Web3 Secret Storage v3)', { timeout: 120_000 }, () => {
  it('decrypts the standard test vectors, scrypt and PBKDF2, to the known key and address', () => {
    for (const file of [SCRYPT_FILE, PBKDF2_FILE]) {
      const key = decryptKeystore(readFileSync(file, 'utf8'), PASSWORD);
      expect(key).toBe(KEY);
      expect(privateKeyToAccount(key).address).toBe(ADDRESS);
    }
  });

  it('checks the MAC: a wrong password or a changed ciphertext is refused before decrypting', () => {
    const json = readFileSync(PBKDF2_FILE, 'utf8');
    expect(() => decryptKeystore(json, 'wrong')).toThrow(KeystoreError);
    expect(() => decryptKeystore(json, 'wrong')).toThrow(/password is wrong or the file is damaged/);
    const changed = JSON.parse(json) as { crypto: { ciphertext: string } };
    changed.crypto.ciphertext = `00${changed.crypto.ciphertext.slice(2)}`;
    expect(() => decryptKeystore(JSON.stringify(changed), PASSWORD)).toThrow(
      /password is wrong or the file is damaged/,
    );
  });

  it('refuses what is not a v3 keystore it can read', () => {
    const good = JSON.parse(readFileSync(PBKDF2_FILE, 'utf8')) as Record<string, unknown> & {
      crypto: Record<string, unknown>;
    };
    const cases: [string, RegExp][] = [
      ['not json', /not JSON/],
      [JSON.stringify({ ...good, version: 2 }), /version 3/],
      [JSON.stringify({ ...good, crypto: { ...good.crypto, cipher: 'aes-128-cbc' } }), /aes-128-ctr/],
      [JSON.stringify({ ...good, crypto: { ...good.crypto, kdf: 'argon2' } }), /scrypt or pbkdf2/],
      [JSON.stringify({ ...good, crypto: { ...good.crypto, mac: 'zz' } }), /mac/],
      [JSON.stringify({ version: 3 }), /crypto/],
    ];
    for (const [json, message] of cases) expect(() => decryptKeystore(json, PASSWORD)).toThrow(message);
  });

  it('is read from EVM_<NETWORK>_HOT_WALLET_KEYSTORE with its password or password file, into a redacted key', () => {
    const [direct] = parseEvmGatewayConfig({
      ...base,
      EVM_ETHEREUM_HOT_WALLET_KEYSTORE: PBKDF2_FILE,
      EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD: PASSWORD,
    });
    expect(direct!.hotWalletKey.reveal()).toBe(KEY);
    expect(inspect(direct)).not.toContain(KEY.slice(2));
    expect(JSON.stringify(direct)).not.toContain(KEY.slice(2));
    const [fromFile] = parseEvmGatewayConfig({
      ...base,
      EVM_ETHEREUM_HOT_WALLET_KEYSTORE: SCRYPT_FILE,
      EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD_FILE: scratch('password', `${PASSWORD}\n`),
    });
    expect(fromFile!.hotWalletKey.reveal()).toBe(KEY);
  });

  it('a configuration error names the variable, never the password, the key nor the file', () => {
    const key = `0x${'5a'.repeat(32)}`;
    const secret = 'correct horse battery staple';
    const cases: [Record<string, string>, RegExp][] = [
      // Exactly one of the key and the keystore.
      [
        { EVM_ETHEREUM_HOT_WALLET_KEY: key, EVM_ETHEREUM_HOT_WALLET_KEYSTORE: PBKDF2_FILE },
        /EVM_ETHEREUM_HOT_WALLET_KEY or EVM_ETHEREUM_HOT_WALLET_KEYSTORE, not both/,
      ],
      [{}, /EVM_ETHEREUM_HOT_WALLET_KEY must be a private key.*EVM_ETHEREUM_HOT_WALLET_KEYSTORE/],
      [{ EVM_ETHEREUM_HOT_WALLET_KEYSTORE: PBKDF2_FILE }, /EVM_ETHEREUM_HOT_WALLET_KEYSTORE needs .*_PASSWORD/],
      [
        { EVM_ETHEREUM_HOT_WALLET_KEYSTORE: PBKDF2_FILE, EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD: secret },
        /EVM_ETHEREUM_HOT_WALLET_KEYSTORE: the password is wrong or the file is damaged/,
      ],
      [
        {
          EVM_ETHEREUM_HOT_WALLET_KEYSTORE: PBKDF2_FILE,
          EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD: secret,
          EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD_FILE: scratch('password', secret),
        },
        /_PASSWORD or EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD_FILE, not both/,
      ],
      [
        {
          EVM_ETHEREUM_HOT_WALLET_KEYSTORE: PBKDF2_FILE,
          EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD_FILE: '/nonexistent/password',
        },
        /EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD_FILE cannot be read/,
      ],
      [
        {
          EVM_ETHEREUM_HOT_WALLET_KEYSTORE: '/nonexistent/keystore.json',
          EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD: secret,
        },
        /EVM_ETHEREUM_HOT_WALLET_KEYSTORE: the file cannot be read/,
      ],
      [
        {
          EVM_ETHEREUM_HOT_WALLET_KEYSTORE: scratch('k.json', `{"secret":"${secret}"`),
          EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD: secret,
        },
        /EVM_ETHEREUM_HOT_WALLET_KEYSTORE: the file is not JSON/,
      ],
    ];
    for (const [vars, message] of cases) {
      const error = errorOf(() => parseEvmGatewayConfig({ ...base, ...vars }));
      expect(error).toBeInstanceOf(EvmConfigError);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain(secret);
      expect(error.message).not.toContain(key.slice(2));
      expect(error.message).not.toContain(KEY.slice(2));
    }
  });
});
