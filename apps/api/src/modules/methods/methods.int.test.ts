import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  BANK_REAUTH_FIELD,
  BANK_REAUTH_NOTICE,
  BankAccountListReply,
  BankAccountReply,
  PlaidInstitutionsReply,
  PlaidLinkTokenReply,
  PlaidSandboxLinkReply,
} from '@rampart/contracts';
import { createKycKit, validIndividual, type KycKit } from '../../../test/kits/kyc-test-kit';
import { resetBankMethod } from './index';

const NO_SUCH_ID = '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a';

describe('bank methods: bank link and bank accounts (issue 5)', () => {
  let k: KycKit;

  beforeAll(async () => {
    k = await createKycKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  async function ok<T>(url: string, token: string, body: unknown, schema: { parse(v: unknown): T }): Promise<T> {
    const res = await k.call(url, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return schema.parse(res.body);
  }

  async function fail(url: string, token: string | undefined, body: unknown, status: number) {
    const res = await k.call(url, { ...(token ? { token } : {}), body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return ApiErrorBody.parse(res.body);
  }

  async function userGuidOf(email: string): Promise<string> {
    const { rows } = await k.t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    if (!rows[0]) throw new Error(`no user ${email}`);
    return rows[0].id;
  }

  /** Link token → the picker's institution → a public token and accounts. */
  async function link(token: string, institutionId: string) {
    const { linkToken } = await ok('/api/plaid-ui-token', token, {}, PlaidLinkTokenReply);
    return ok('/api/plaid-sandbox-link', token, { linkToken, institutionId }, PlaidSandboxLinkReply);
  }

  function record(l: PlaidSandboxLinkReply, index = 0) {
    const account = l.accounts[index]!;
    return {
      publicToken: l.publicToken,
      accountId: account.id,
      account,
      institutionId: l.institutionId,
      institutionName: l.institutionName,
    };
  }

  async function addBank(token: string, institutionId = 'ins_wells_fargo', index = 0) {
    return (
      await ok('/api/plaid-bank-account-add', token, record(await link(token, institutionId), index), BankAccountReply)
    ).account;
  }

  const list = async (token: string, body: unknown = {}) =>
    (await ok('/api/bank-account-list', token, body, BankAccountListReply)).accounts;

  it('answers 401 to anonymous callers on every call, before looking at the body', async () => {
    for (const url of [
      '/api/plaid-institutions',
      '/api/plaid-ui-token',
      '/api/plaid-sandbox-link',
      '/api/plaid-bank-account-add',
      '/api/bank-account-list',
      '/api/bank-account-remove',
      '/api/plaid-ui-reauth-token',
      '/api/plaid-bank-account-reauth',
    ]) {
      expect((await k.call(url, { body: { nonsense: true } })).status, url).toBe(401);
    }
  });

  it('lists about 70 institutions with monogram logos; chime and Centra Credit Union are marked blacklisted', async () => {
    const token = await k.signedInUser('bank-catalogue@example.com');
    const { institutions } = await ok('/api/plaid-institutions', token, {}, PlaidInstitutionsReply);
    expect(institutions.length).toBeGreaterThanOrEqual(65);
    const blacklisted = institutions
      .filter((i) => i.blacklisted)
      .map((i) => i.name.toLowerCase())
      .sort();
    expect(blacklisted).toEqual(['centra credit union', 'chime']);
    expect(institutions.find((i) => i.id === 'ins_wells_fargo')?.logo).toMatchObject({ monogram: 'WF' });
  });

  it('links a bank: a short-lived link token, the account stored with name, mask and subtype only, idempotently', async () => {
    const token = await k.signedInUser('bank-link@example.com');
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() })).status).toBe(200);
    const { linkToken, expiration } = await ok('/api/plaid-ui-token', token, {}, PlaidLinkTokenReply);
    expect(linkToken).toMatch(/^link-sandbox-/);
    expect(new Date(expiration).getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const l = await link(token, 'ins_wells_fargo');
    const added = (await ok('/api/plaid-bank-account-add', token, record(l, 1), BankAccountReply)).account;
    expect(added).toMatchObject({
      bankName: 'Wells Fargo',
      nickname: 'Wells Fargo Savings',
      lastDigits: l.accounts[1]!.mask,
      fundsTransferMethod: 'plaid',
      subtype: 'savings',
      requiresReauth: false,
      errors: null,
    });
    expect(added.primetrustFundsTransferMethodId).toBe(added.resourceId);
    // Document 1's second name of the method id names the same method (decision 064).
    expect(added.primetrustFundsTransferMethod2Id).toBe(added.primetrustFundsTransferMethodId);
    // The same item and account again: the same method, no duplicate.
    const again = (
      await ok('/api/plaid-bank-account-add', token, record(await link(token, 'ins_wells_fargo'), 1), BankAccountReply)
    ).account;
    expect(again.primetrustFundsTransferMethodId).toBe(added.primetrustFundsTransferMethodId);
    const accounts = await list(token);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      primetrustFundsTransferMethodId: added.primetrustFundsTransferMethodId,
      primetrustFundsTransferMethod2Id: added.primetrustFundsTransferMethodId,
    });
    const { rows } = await k.t.db.query<{ related_id: string }>(
      "SELECT related_id FROM kyc_individuals k JOIN users u ON u.id = k.user_id WHERE u.email = 'bank-link@example.com'",
    );
    expect(accounts[0]!.relatedId).toBe(rows[0]!.related_id);
    // relatedId: the caller's own is accepted, another is unknown.
    expect(await list(token, { relatedId: rows[0]!.related_id })).toHaveLength(1);
    await fail('/api/bank-account-list', token, { relatedId: 'someone-else' }, 404);
  });

  it('refuses blacklisted banks with a message naming them', async () => {
    const token = await k.signedInUser('bank-blacklist@example.com');
    const { linkToken } = await ok('/api/plaid-ui-token', token, {}, PlaidLinkTokenReply);
    const chime = await fail('/api/plaid-sandbox-link', token, { linkToken, institutionId: 'ins_chime' }, 400);
    expect(chime.message).toBe('Chime is not supported. Please link a different bank.');
    // Its key and the bank's name travel beside the English, so a client says it in the user's language.
    expect(chime.messageKey).toBe('bankLink.bankNotSupported');
    expect(chime.params).toEqual({ bankName: 'Chime' });
    const centra = await fail(
      '/api/plaid-sandbox-link',
      token,
      { linkToken, institutionId: 'ins_centra_credit_union' },
      400,
    );
    expect(centra.code).toBe('bank_not_supported');
    expect(centra.message).toMatch(/^Centra Credit Union is not supported/);
    expect(await list(token)).toEqual([]);
  });

  it('answers 400 with the validation shape to bad bodies, and refuses tokens and records that do not agree', async () => {
    const token = await k.signedInUser('bank-bad@example.com');
    const bad = await fail('/api/plaid-bank-account-add', token, { publicToken: 'x' }, 400);
    expect(bad).toMatchObject({ type: 'new_validation_error', message: 'validation error' });
    expect(bad.errors?.fields).toHaveProperty('accountId');
    expect(
      (await fail('/api/bank-account-remove', token, { fundsTransferMethodId: '../1' }, 400)).errors?.fields,
    ).toHaveProperty('fundsTransferMethodId');
    await fail('/api/plaid-ui-reauth-token', token, {}, 400);
    await fail('/api/plaid-bank-account-reauth', token, { fundsTransferMethodId: NO_SUCH_ID }, 400);
    await fail('/api/bank-account-list', token, { relatedId: 'x', extra: 1 }, 400);
    await fail('/api/plaid-sandbox-link', token, { linkToken: 'link-sandbox-x', institutionId: 'ins wells' }, 400);
    // Well-formed but wrong: a forged token, an account of no link, a record naming another bank, an unknown bank.
    const l = await link(token, 'ins_citibank');
    expect(
      (await fail('/api/plaid-bank-account-add', token, { ...record(l), publicToken: 'public-sandbox-abc.def' }, 400))
        .code,
    ).toBe('bank_link_expired');
    const other = {
      ...record(l),
      accountId: 'acc-sandbox-nope',
      account: { ...l.accounts[0]!, id: 'acc-sandbox-nope' },
    };
    expect((await fail('/api/plaid-bank-account-add', token, other, 400)).code).toBe('bank_account_not_in_link');
    await fail('/api/plaid-bank-account-add', token, { ...record(l), institutionId: 'ins_wells_fargo' }, 400);
    await fail('/api/plaid-bank-account-add', token, { ...record(l), institutionName: 'chime' }, 400);
    const { linkToken } = await ok('/api/plaid-ui-token', token, {}, PlaidLinkTokenReply);
    expect((await fail('/api/plaid-sandbox-link', token, { linkToken, institutionId: 'ins_nowhere' }, 400)).code).toBe(
      'bank_institution_unknown',
    );
    // Another user's public token is not this user's.
    const stranger = await k.signedInUser('bank-bad-stranger@example.com');
    await fail('/api/plaid-bank-account-add', stranger, record(l), 400);
    expect(await list(token)).toEqual([]);
  });

  it("answers another user's method id as unknown (404) on every call that takes one", async () => {
    const owner = await k.signedInUser('bank-owner@example.com');
    const method = await addBank(owner);
    const ownerGuid = await userGuidOf('bank-owner@example.com');
    const intruder = await k.signedInUser('bank-intruder@example.com');
    const id = method.primetrustFundsTransferMethodId;
    for (const [url, body] of [
      ['/api/bank-account-remove', { fundsTransferMethodId: id }],
      ['/api/plaid-ui-reauth-token', { fundsTransferMethodId: id }],
      ['/api/plaid-bank-account-reauth', { fundsTransferMethodId: id, publicToken: 'public-sandbox-a.b' }],
      ['/api/bank-account-remove', { fundsTransferMethodId: NO_SUCH_ID }],
    ] as const) {
      const error = await fail(url, intruder, body, 404);
      expect(error.message).toBe('Unknown bank method');
    }
    expect(await list(intruder)).toEqual([]);
    const intruderGuid = await userGuidOf('bank-intruder@example.com');
    await expect(resetBankMethod(k.t.db, intruderGuid, id)).rejects.toMatchObject({ status: 404 });
    await expect(resetBankMethod(k.t.db, ownerGuid, 'not-a-uuid')).rejects.toMatchObject({ status: 404 });
    expect(await list(owner)).toHaveLength(1);
  });

  it('reset → the list shows ItemRequiredLogin → reauth token → reauth → cleared', async () => {
    const token = await k.signedInUser('bank-reauth@example.com');
    const userGuid = await userGuidOf('bank-reauth@example.com');
    const method = await addBank(token, 'ins_citibank');
    const id = method.primetrustFundsTransferMethodId;
    expect((await fail('/api/plaid-ui-reauth-token', token, { fundsTransferMethodId: id }, 409)).code).toBe(
      'bank_reauth_not_required',
    );

    const reset = await resetBankMethod(k.t.db, userGuid, id);
    expect(reset.requiresReauth).toBe(true);
    const [listed] = await list(token);
    expect(listed).toMatchObject({
      requiresReauth: true,
      errors: { errors: [BANK_REAUTH_NOTICE], fields: { [BANK_REAUTH_FIELD]: BANK_REAUTH_NOTICE } },
    });
    expect(BANK_REAUTH_NOTICE).toBe('Please wait a few seconds to reauthenticate your Plaid bank account');

    // A plain link's public token does not re-authenticate.
    const plain = await link(token, 'ins_citibank');
    expect(
      (
        await fail(
          '/api/plaid-bank-account-reauth',
          token,
          { fundsTransferMethodId: id, publicToken: plain.publicToken },
          400,
        )
      ).code,
    ).toBe('bank_link_expired');

    const { linkToken } = await ok(
      '/api/plaid-ui-reauth-token',
      token,
      { fundsTransferMethodId: id },
      PlaidLinkTokenReply,
    );
    // The re-auth link is for the method's bank only.
    await fail('/api/plaid-sandbox-link', token, { linkToken, institutionId: 'ins_wells_fargo' }, 400);
    const relinked = await ok(
      '/api/plaid-sandbox-link',
      token,
      { linkToken, institutionId: 'ins_citibank' },
      PlaidSandboxLinkReply,
    );
    const repaired = (
      await ok(
        '/api/plaid-bank-account-reauth',
        token,
        { fundsTransferMethodId: id, publicToken: relinked.publicToken },
        BankAccountReply,
      )
    ).account;
    expect(repaired).toMatchObject({ requiresReauth: false, errors: null });
    expect((await list(token))[0]).toMatchObject({ requiresReauth: false, errors: null });
  });

  it('removes a method: gone from the list, unknown afterwards, and linking it again makes a new one', async () => {
    const token = await k.signedInUser('bank-remove@example.com');
    const first = await addBank(token, 'ins_jpmorgan_chase_bank', 0);
    const second = await addBank(token, 'ins_jpmorgan_chase_bank', 1);
    expect(await list(token)).toHaveLength(2);
    const removed = await ok(
      '/api/bank-account-remove',
      token,
      { fundsTransferMethodId: first.primetrustFundsTransferMethodId },
      { parse: (v: unknown) => v },
    );
    expect(removed).toEqual({ success: true, fundsTransferMethodId: first.primetrustFundsTransferMethodId });
    expect((await list(token)).map((a) => a.primetrustFundsTransferMethodId)).toEqual([
      second.primetrustFundsTransferMethodId,
    ]);
    await fail(
      '/api/bank-account-remove',
      token,
      { fundsTransferMethodId: first.primetrustFundsTransferMethodId },
      404,
    );
    const relinked = await addBank(token, 'ins_jpmorgan_chase_bank', 0);
    expect(relinked.primetrustFundsTransferMethodId).not.toBe(first.primetrustFundsTransferMethodId);
    expect(await list(token)).toHaveLength(2);
    // Nothing stored looks like a full account number.
    const { rows } = await k.t.db.query<{ mask: string }>('SELECT mask FROM bank_methods');
    for (const row of rows) expect(row.mask).toMatch(/^\d{4}$/);
  });
});
