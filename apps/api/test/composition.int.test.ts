import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticatedReply, ChallengeReply, DevOutboxResponse, PlaidInstitutionsReply } from '@rampart/contracts';
import { openAdminContext } from '../src/admin/context';
import { createSandboxBankLink } from '../src/providers/bank-link/sandbox';
import type { BankLinkProvider } from '../src/providers/bank-link/types';
import { createSandboxChainGateway } from '../src/providers/chain-gateway/sandbox';
import { createTestApp, rootDir, testConfig, testDatabaseKind, type TestApp } from './helpers';

/**
 * One composition root (decision 076): a provider given to the process is the one its routes, its job list and its
 * worker loop use, because every context comes from the one `createServices`; the admin command builds the same.
 */
describe('one composition root', () => {
  const sandboxLink = createSandboxBankLink();
  let institutionCalls = 0;
  const bankLink: BankLinkProvider = {
    ...sandboxLink,
    institutions() {
      institutionCalls += 1;
      return sandboxLink.institutions();
    },
  };
  const chainGateway = createSandboxChainGateway({ confirmationDelaySeconds: 10 });
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ providers: { bankLink, chainGateway } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands the given providers to every context that uses them', () => {
    const { services } = t;
    expect(services.providers.chainGateway).toBe(chainGateway);
    expect(services.orders.gateway).toBe(chainGateway);
    expect(services.assetDeposits.gateway).toBe(chainGateway);
    expect(services.assetWithdrawals.gateway).toBe(chainGateway);
    expect(services.methods.bankLink).toBe(bankLink);
    expect(services.sandbox.bankLink).toBe(bankLink);
    // One price provider and one custodian per process, whoever asks.
    expect(services.orders.prices).toBe(services.providers.prices);
    expect(services.quotes.prices).toBe(services.providers.prices);
    expect(services.accounts.custodian).toBe(services.providers.custodian);
    expect(services.sandbox.custodian).toBe(services.providers.custodian);
  });

  it('answers the bank-link picker from the given provider, not one the route plugin makes', async () => {
    const email = 'composition@example.com';
    const password = 'correct horse battery staple';
    const post = (url: string, payload: object, token?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
    const latestCode = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
      return /\b(\d{6})\b/.exec(DevOutboxResponse.parse(res.json()).messages[0]?.text ?? '')?.[1];
    };
    expect((await post('/api/identity/sign-up', { email, password })).statusCode).toBe(200);
    expect((await post('/api/identity/confirm-sign-up', { email, code: await latestCode() })).statusCode).toBe(200);
    const challenge = ChallengeReply.parse((await post('/api/identity/sign-in', { email, password })).json());
    const second = await post('/api/identity/respond-to-challenge', {
      challengeName: 'EMAIL_OTP',
      session: challenge.session,
      code: await latestCode(),
    });
    expect(second.statusCode, second.body).toBe(200);
    const token = AuthenticatedReply.parse(second.json()).authenticationResult.accessToken;

    const before = institutionCalls;
    const res = await post('/api/plaid-institutions', {}, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(PlaidInstitutionsReply.parse(res.json()).institutions.length).toBeGreaterThan(0);
    expect(institutionCalls).toBe(before + 1);
  });

  it('builds the admin command on the same composition root, with the providers it is given', async () => {
    // The admin command opens the database from the settings: a folder of its own on PGlite, the server otherwise.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rampart-composition-'));
    const config = testDatabaseKind() === 'pglite' ? testConfig({ DATA_DIR: dataDir }) : t.config;
    const admin = await openAdminContext(config, rootDir, { providers: { chainGateway, bankLink } });
    try {
      expect(admin.services.orders.gateway).toBe(chainGateway);
      expect(admin.services.assetWithdrawals.gateway).toBe(chainGateway);
      expect(admin.services.methods.bankLink).toBe(bankLink);
      expect(admin.jobs).toBe(admin.services.jobs);
      expect(admin.db).toBe(admin.services.db);
    } finally {
      await admin.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
