import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError, loadConfig, type Env } from './config';

const load = (env: Env) => loadConfig(env, { version: '1.2.3', rootDir: '/srv/rampart' });

function problemsOf(env: Env): string[] {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = load({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/rampart/data/pglite' });
    expect(config.sandbox).toBe(true);
    expect(config.stage).toBe('sandbox');
    expect(config.runWorker).toBe(true);
    expect(config.webDistDir).toBe('/srv/rampart/apps/web/dist');
    expect(config.flags.twoFactorRequired).toBe(true);
  });

  it('reads an EVM hot wallet from an encrypted keystore at load; a wrong password stops the start, naming the variable only', () => {
    // The Web3 Secret Storage definition's PBKDF2 test vector (docs/decisions/090-evm-hot-wallet-keystore.md).
    const evm: Env = {
      EVM_NETWORKS: 'ethereum',
      EVM_ETHEREUM_RPC_URL: 'http://127.0.0.1:8545',
      EVM_ETHEREUM_CHAIN_ID: '31337',
      EVM_ETHEREUM_CONFIRMATIONS: '2',
      EVM_ETHEREUM_TOKENS: 'USDC=0x5fbdb2315678afecb367f032d93f642f64180aa3',
      EVM_ETHEREUM_HOT_WALLET_KEYSTORE: path.join(import.meta.dirname, '../test/evm/fixtures/keystore-pbkdf2.json'),
    };
    const config = load({ ...evm, EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD: 'testpassword' });
    expect(config.evm.networks[0]!.hotWalletKey.reveal()).toBe(
      '0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d',
    );
    const problems = problemsOf({ ...evm, EVM_ETHEREUM_HOT_WALLET_KEYSTORE_PASSWORD: 'hunter2-not-it' });
    expect(problems).toEqual(['EVM_ETHEREUM_HOT_WALLET_KEYSTORE: the password is wrong or the file is damaged']);
  }, 120_000);

  it('uses a PostgreSQL server when DATABASE_URL is set, and a data folder of choice otherwise', () => {
    expect(load({ DATABASE_URL: 'postgres://u@db:5432/ramp' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/ramp',
      poolMax: 10,
    });
    expect(load({ DATA_DIR: '/var/lib/rampart' }).database).toEqual({
      kind: 'pglite',
      dataDir: '/var/lib/rampart/pglite',
    });
  });

  it('turns the sandbox off in production unless asked for (R4)', () => {
    expect(load({ NODE_ENV: 'production' })).toMatchObject({ sandbox: false, stage: 'prod' });
    expect(load({ NODE_ENV: 'production', SANDBOX_MODE: 'true' })).toMatchObject({ sandbox: true, stage: 'sandbox' });
  });

  it('turns the metrics off in production unless METRICS_TOKEN is set (decision 052)', () => {
    expect(load({ NODE_ENV: 'production' }).metrics).toEqual({ enabled: false });
    expect(load({ NODE_ENV: 'production', METRICS_TOKEN: 'a-token-of-16-chars' }).metrics).toEqual({
      enabled: true,
      token: 'a-token-of-16-chars',
    });
    expect(load({}).metrics).toEqual({ enabled: true, token: null });
  });

  it('takes TRUST_PROXY as a number of proxies or their addresses, never as true (decision 052)', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,fd00::/8, uniquelocal' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'fd00::/8',
      'uniquelocal',
    ]);
    for (const bad of ['true', 'yes', '11', '10.0.0.0/33', '10.0.0', 'balancer.internal', '1.2.3.4/8/8', '::1/129']) {
      expect(problemsOf({ TRUST_PROXY: bad })[0], bad).toMatch(/^TRUST_PROXY: /);
    }
  });

  it('keeps only the origin of PUBLIC_URL', () => {
    expect(load({ PUBLIC_URL: 'https://app.rampart.example/some/path' }).publicUrl).toBe('https://app.rampart.example');
    expect(load({}).publicUrl).toBeNull();
    expect(problemsOf({ PUBLIC_URL: 'ftp://x' })[0]).toMatch(/^PUBLIC_URL/);
  });

  it('waits 30 seconds before concluding a manual identity review unless told otherwise', () => {
    expect(load({}).idvReviewDelaySeconds).toBe(30);
    expect(load({ IDV_REVIEW_DELAY_SECONDS: '0' }).idvReviewDelaySeconds).toBe(0);
    expect(problemsOf({ IDV_REVIEW_DELAY_SECONDS: '-1' })[0]).toMatch(/^IDV_REVIEW_DELAY_SECONDS/);
    expect(problemsOf({ IDV_REVIEW_DELAY_SECONDS: 'soon' })[0]).toMatch(/^IDV_REVIEW_DELAY_SECONDS/);
  });

  it('treats an empty variable as unset', () => {
    expect(load({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, database: { kind: 'pglite' } });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SANDBOX_MODE: 'maybe' }, 'SANDBOX_MODE'],
    [{ SUPPORT_URL: 'javascript:alert(1)' }, 'SUPPORT_URL'],
    [{ SUPPORT_EMAIL: 'not an address' }, 'SUPPORT_EMAIL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ FEATURE_FLAGS: '{not json' }, 'FEATURE_FLAGS'],
    [{ FEATURE_FLAGS: '{"twoFactorRequired":"yes"}' }, 'FEATURE_FLAGS'],
    [{ FEATURE_FLAGS: '[1]' }, 'FEATURE_FLAGS'],
  ] as Array<[Env, string]>)('stops on %j with a message naming %s', (env, name) => {
    const problems = problemsOf(env);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(new RegExp(`^${name}`));
  });

  it('names every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y' }).map((p) => p.split(':')[0])).toEqual(['PORT', 'LOG_LEVEL']);
  });

  it('merges flag overrides onto the flags of document 2', () => {
    const config = load({ FEATURE_FLAGS: '{"instantAch":false}' });
    expect(config.flags.instantAch).toBe(false);
    expect(config.flags.cardDeposit).toBe(true);
  });
});

describe('the documented configuration', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const variables = [
    ...readFileSync(path.join(root, 'apps/api/src/config.ts'), 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm),
  ].map((m) => m[1]!);

  it('.env.example names every variable with its default, so copying it changes nothing', () => {
    const example = parseEnv(readFileSync(path.join(root, '.env.example'), 'utf8'));
    expect(Object.keys(example).sort()).toEqual([...variables].sort());
    expect(load(example)).toEqual(load({}));
  });

  it("the README's configuration table has a row for every variable", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const rows = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    expect(variables.filter((name) => !rows.has(name))).toEqual([]);
    expect(variables.length).toBeGreaterThan(40);
  });
});
