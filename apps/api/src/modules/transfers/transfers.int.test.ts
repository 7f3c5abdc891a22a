import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BANK_REAUTH_FIELD,
  BANK_REAUTH_NOTICE,
  SandboxSettleReply,
  SandboxTestSellReply,
  TransferListReply,
  WireInstructionsReply,
  abaRoutingNumber,
  swiftCode,
} from '@rampart/contracts';
import { manualClock } from '../../lib/clock';
import { LEDGER_TRANSACTION_OPTIONS, toMinorUnits } from '../ledger';
import { createContribution, runSettlement, runWithdrawalExpiry, sweepDueTransfers } from './index';
import { createTransferKit, type TransferKit } from '../../../test/kits/transfer-test-kit';

const NO_SUCH_ID = '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a';
const UNPRINTABLE = 'Beneficiary name must hold letters and printable characters only';
const usd = (text: string) => toMinorUnits(text, 'USD');
// A Friday before Thanksgiving: ACH deposits made now settle on Monday 2026-11-30 (5 US banking days).
const FRIDAY = new Date('2026-11-20T15:00:00Z');

const US_WIRE = {
  method: 'primex_fedwire',
  beneficiaryName: 'Ada Lovelace',
  accountNumber: '000123456789',
  routingNumber: '123456780',
};
const INTL_WIRE = {
  method: 'primex_swift_wire',
  beneficiaryName: 'Ada Lovelace',
  iban: 'DE89 3704 0044 0532 0130 00',
  swiftCode: 'DEUTDEFF',
};

describe('transfers: deposits and withdrawals of USD (issue 5, decision 015)', () => {
  let k: TransferKit;
  const clock = manualClock(FRIDAY);
  const deps = () => ({ db: k.t.db, clock, jobs: k.t.jobs });

  beforeAll(async () => {
    k = await createTransferKit({ clock, env: { PUBLIC_URL: 'https://app.rampart.example' } });
  });
  afterEach(async () => {
    // Whatever a test did, the ledger balances; the clock goes back to the Friday for the next one.
    await k.invariants();
    clock.set(FRIDAY);
  });
  afterAll(async () => {
    await k?.close();
  });

  describe('access', () => {
    it.each([
      '/api/transfers/deposit',
      '/api/transfers/withdraw',
      '/api/transfers/wire-instructions',
      '/api/transfers/list',
      '/api/transfers/get',
      '/api/transfers/cancel',
      '/api/transfers/confirm-withdrawal',
      '/api/primetrust-sandbox-settle-last-ach-contribution',
      '/api/primetrust-sandbox-test-sell-flow',
    ])('%s answers 401 to an anonymous caller, before looking at the body', async (url) => {
      k.expectError(await k.call(url, { body: { nonsense: true } }), 401, 'unauthenticated');
    });

    it('money moves only for an opened account (409 account_not_opened)', async () => {
      const email = `not-opened-${Date.now()}@example.com`;
      const token = await k.signedInUser(email);
      k.expectError(
        await k.call('/api/transfers/deposit', {
          token,
          body: { method: 'primex_ach', amount: '10', fundsTransferMethodId: NO_SUCH_ID },
        }),
        409,
        'account_not_opened',
      );
      k.expectError(
        await k.call('/api/transfers/withdraw', { token, body: { ...US_WIRE, amount: '10' } }),
        409,
        'account_not_opened',
      );
      k.expectError(await k.call('/api/transfers/wire-instructions', { token, body: {} }), 409, 'account_not_opened');
      k.expectError(
        await k.call('/api/primetrust-sandbox-settle-last-ach-contribution', { token, body: {} }),
        409,
        'account_not_opened',
      );
      expect(
        TransferListReply.parse((await k.call('/api/transfers/list', { token, body: {} })).body).transfers,
      ).toEqual([]);
    });
  });

  describe('ACH deposits', () => {
    it('are pending for 5 US banking days (Thanksgiving skipped), then the ledger credits the amount and the fee', async () => {
      const { token, guid } = await k.openedUser();
      const bank = await k.addBank(token);
      const before = await k.worldAndFees();
      const { transfer, replayed } = await k.transfer('/api/transfers/deposit', token, {
        method: 'primex_ach',
        amount: '200.00',
        fundsTransferMethodId: bank,
      });
      expect(replayed).toBe(false);
      expect(transfer).toMatchObject({
        direction: 'contribution',
        methodKey: 'primex_ach',
        method: 'ach',
        methodTicker: 'ACH_PLAID',
        status: 'pending',
        amount: '200.00',
        fee: '1.00', // 0.5%
        net: '200.00',
        fundsAvailable: false,
        settlesAt: '2026-11-30T15:00:00.000Z',
        confirmation: null,
        // The account's own name (it already names its bank), as the method list shows it.
        methodRef: {
          kind: 'bank',
          id: bank,
          last4: expect.stringMatching(/^\d{4}$/) as unknown as string,
          label: 'Wells Fargo Checking',
        },
      });
      expect(await k.holdings(token)).toMatchObject({ settled: '0.00', available: '0.00' });

      // Sunday: not due; the job queues itself again for Monday.
      clock.set(new Date('2026-11-29T15:00:00Z'));
      expect(await runSettlement(deps(), transfer.transferId)).toBe('not-due');
      clock.set(new Date('2026-11-30T15:00:00Z'));
      expect(await runSettlement(deps(), transfer.transferId)).toBe('settled');
      // A settle job run twice settles once.
      expect(await runSettlement(deps(), transfer.transferId)).toBe('nothing');
      expect(await k.ledgerTransactionsOf(transfer.transferId)).toBe(1);
      const after = await k.worldAndFees();
      expect(after.fees - before.fees).toBe(usd('1.00'));
      expect(before.bank - after.bank).toBe(usd('201.00'));

      clock.set(FRIDAY);
      const settled = await k.transfer('/api/transfers/get', token, { transferId: transfer.transferId });
      expect(settled.transfer).toMatchObject({
        status: 'settled',
        settledAt: '2026-11-30T15:00:00.000Z',
        fundsAvailable: true,
      });
      expect(await k.holdings(token)).toMatchObject({ settled: '200.00', available: '200.00' });
      const { rows } = await k.t.db.query<{ from_status: string | null; to_status: string }>(
        'SELECT from_status, to_status FROM transfer_transitions WHERE transfer_id = $1 ORDER BY id',
        [transfer.transferId],
      );
      expect(rows).toEqual([
        { from_status: null, to_status: 'pending' },
        { from_status: 'pending', to_status: 'settled' },
      ]);
      expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('settle through the sandbox call at once, the latest pending first, and a reversal takes the money back', async () => {
      const { token } = await k.openedUser();
      const bank = await k.addBank(token);
      const first = (
        await k.transfer('/api/transfers/deposit', token, {
          method: 'primex_ach',
          amount: '10',
          fundsTransferMethodId: bank,
        })
      ).transfer;
      const second = (
        await k.transfer('/api/transfers/deposit', token, {
          method: 'primex_ach',
          amount: '20',
          fundsTransferMethodId: bank,
        })
      ).transfer;
      const res = await k.call('/api/primetrust-sandbox-settle-last-ach-contribution', { token, body: {} });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const reply = SandboxSettleReply.parse(res.body);
      expect(reply.message).toBe('Last ACH Contribution Settled Successfully');
      expect(reply.transfers.map((t) => [t.transferId, t.status])).toEqual([[second.transferId, 'settled']]);
      expect(await k.holdings(token)).toMatchObject({ available: '20.00' });

      const reversed = SandboxSettleReply.parse(
        (await k.call('/api/primetrust-sandbox-reverse-last-ach-contribution', { token, body: {} })).body,
      );
      expect(reversed).toMatchObject({
        message: 'Last ACH Contribution Reversed Successfully',
        transfers: [{ transferId: second.transferId, status: 'reversed' }],
      });
      expect(await k.holdings(token)).toMatchObject({ available: '0.00', settled: '0.00' });
      expect(await k.ledgerTransactionsOf(second.transferId)).toBe(2);
      // Nothing left to reverse (the first is not credited yet); the first still settles.
      k.expectError(
        await k.call('/api/primetrust-sandbox-reverse-last-ach-contribution', { token, body: {} }),
        404,
        'nothing_to_settle',
      );
      SandboxSettleReply.parse(
        (await k.call('/api/primetrust-sandbox-settle-last-ach-contribution', { token, body: {} })).body,
      );
      const none = k.expectError(
        await k.call('/api/primetrust-sandbox-settle-last-ach-contribution', { token, body: {} }),
        404,
        'nothing_to_settle',
      );
      expect(none.message).toBe('There is no pending ACH contribution to settle');
      expect((await k.transfer('/api/transfers/get', token, { transferId: first.transferId })).transfer.status).toBe(
        'settled',
      );
    });

    it('a reversal whose money was already spent is refused and moves nothing', async () => {
      const { token, email } = await k.openedUser();
      const bank = await k.addBank(token);
      await k.transfer('/api/transfers/deposit', token, {
        method: 'primex_ach',
        amount: '50',
        fundsTransferMethodId: bank,
      });
      await k.call('/api/primetrust-sandbox-settle-last-ach-contribution', { token, body: {} });
      await k.transfer('/api/transfers/withdraw', token, { ...US_WIRE, amount: '30' });
      expect(email).toContain('@');
      const refused = k.expectError(
        await k.call('/api/primetrust-sandbox-reverse-last-ach-contribution', { token, body: {} }),
        409,
        'transfer_not_reversible',
      );
      expect(refused.message).toMatch(/no longer available/);
      expect(await k.holdings(token)).toMatchObject({ settled: '50.00', held: '45.00', available: '5.00' });
    });
  });

  describe('instant ACH deposits', () => {
    it('are available at once, pending until the bank pull settles; the sandbox settles them all without crediting twice', async () => {
      const { token } = await k.openedUser();
      const bank = await k.addBank(token);
      const before = await k.worldAndFees();
      const a = (
        await k.transfer('/api/transfers/deposit', token, {
          method: 'primex_instant_ach',
          amount: '100',
          fundsTransferMethodId: bank,
        })
      ).transfer;
      const b = (
        await k.transfer('/api/transfers/deposit', token, {
          method: 'primex_instant_ach',
          amount: '0.01',
          fundsTransferMethodId: bank,
        })
      ).transfer;
      expect(a).toMatchObject({
        status: 'pending',
        fundsAvailable: true,
        fee: '2.00',
        amount: '100.00',
        settlesAt: '2026-11-30T15:00:00.000Z',
      });
      expect(await k.holdings(token)).toMatchObject({ available: '100.01' });
      k.expectError(
        await k.call('/api/transfers/cancel', { token, body: { transferId: a.transferId } }),
        409,
        'transfer_not_cancellable',
      );

      const reply = SandboxSettleReply.parse(
        (await k.call('/api/primetrust-sandbox-settle-instant-ach-contributions', { token, body: {} })).body,
      );
      expect(reply.message).toBe('All Instant ACH Contributions Settled Successfully');
      expect(reply.transfers.map((t) => t.transferId).sort()).toEqual([a.transferId, b.transferId].sort());
      expect(reply.transfers.every((t) => t.status === 'settled')).toBe(true);
      expect(await k.holdings(token)).toMatchObject({ available: '100.01' });
      expect(await k.ledgerTransactionsOf(a.transferId)).toBe(1);
      const after = await k.worldAndFees();
      expect(after.fees - before.fees).toBe(usd('4.00'));
      k.expectError(
        await k.call('/api/primetrust-sandbox-settle-instant-ach-contributions', { token, body: {} }),
        404,
        'nothing_to_settle',
      );
    });
  });

  describe('deposit input', () => {
    it.each([
      [{ method: 'primex_ach', fundsTransferMethodId: NO_SUCH_ID }, { amount: 'Amount is required' }],
      [
        { method: 'primex_ach', amount: '0', fundsTransferMethodId: NO_SUCH_ID },
        { amount: 'Amount must be greater than 0' },
      ],
      [
        { method: 'primex_ach', amount: '-3', fundsTransferMethodId: NO_SUCH_ID },
        { amount: 'Amount must be greater than 0' },
      ],
      [
        { method: 'primex_ach', amount: '1.001', fundsTransferMethodId: NO_SUCH_ID },
        { amount: 'Amount can have at most 2 decimal places' },
      ],
      [
        { method: 'primex_ach', amount: 'ten', fundsTransferMethodId: NO_SUCH_ID },
        { amount: 'Amount must be a number' },
      ],
      [{ method: 'primex_ach', amount: '10' }, { fundsTransferMethodId: 'Select one payment method' }],
      [
        { method: 'primex_fedwire', amount: '10', fundsTransferMethodId: NO_SUCH_ID },
        { method: 'Wire deposits are sent from your bank: use the wire instructions' },
      ],
      [
        { method: 'primex_usd', amount: '10', fundsTransferMethodId: NO_SUCH_ID },
        { method: 'This method cannot be used for deposits' },
      ],
      [{ amount: '10', fundsTransferMethodId: NO_SUCH_ID }, { method: 'Choose how to move the money' }],
    ])('%j: 400 with %j, nothing recorded', async (body, fields) => {
      const { token, guid } = await k.openedUser();
      const error = k.expectError(await k.call('/api/transfers/deposit', { token, body }), 400, 'validation_failed');
      expect(error.errors?.fields).toEqual(fields);
      expect(await k.transferCount(guid)).toBe(0);
    });

    it("refuses another user's bank method and an unknown one as unknown (404), and a bank that needs its login again (409)", async () => {
      const owner = await k.openedUser();
      const someone = await k.openedUser();
      const bank = await k.addBank(owner.token);
      for (const id of [bank, NO_SUCH_ID, 'not-a-uuid']) {
        const error = k.expectError(
          await k.call('/api/transfers/deposit', {
            token: someone.token,
            body: { method: 'primex_ach', amount: '5', fundsTransferMethodId: id },
          }),
          404,
          'bank_method_unknown',
        );
        expect(error.errors?.fields).toEqual({ fundsTransferMethodId: 'Unknown bank method' });
        k.expectError(
          await k.call('/api/transfers/withdraw', {
            token: someone.token,
            body: { method: 'primex_ach', amount: '5', fundsTransferMethodId: id },
          }),
          404,
          'bank_method_unknown',
        );
      }
      expect(
        (
          await k.call('/api/primetrust/sandbox/plaid-reset-method', {
            token: owner.token,
            body: { fundsTransferMethodId: bank },
          })
        ).status,
      ).toBe(200);
      const reauth = k.expectError(
        await k.call('/api/transfers/deposit', {
          token: owner.token,
          body: { method: 'primex_ach', amount: '5', fundsTransferMethodId: bank },
        }),
        409,
        'bank_reauth_required',
      );
      expect(reauth.message).toBe(BANK_REAUTH_NOTICE);
      expect(reauth.errors?.fields).toEqual({ [BANK_REAUTH_FIELD]: BANK_REAUTH_NOTICE });
      expect(await k.transferCount(owner.guid)).toBe(0);
      expect(await k.transferCount(someone.guid)).toBe(0);
    });

    it('replays a deposit with the same Idempotency-Key and refuses the key with another amount (422 naming the field)', async () => {
      const { token, guid } = await k.openedUser();
      const bank = await k.addBank(token);
      const body = { method: 'primex_instant_ach', amount: '25', fundsTransferMethodId: bank };
      const first = await k.transfer('/api/transfers/deposit', token, body, 'deposit-key-1');
      const again = await k.transfer('/api/transfers/deposit', token, body, 'deposit-key-1');
      expect(again).toEqual({ transfer: first.transfer, replayed: true });
      const other = k.expectError(
        await k.call('/api/transfers/deposit', {
          token,
          body: { ...body, amount: '26' },
          headers: { 'idempotency-key': 'deposit-key-1' },
        }),
        422,
        'idempotency_error',
      );
      expect(Object.keys(other.errors?.fields ?? {})).toEqual(['amount']);
      const method = k.expectError(
        await k.call('/api/transfers/deposit', {
          token,
          body: { ...body, method: 'primex_ach' },
          headers: { 'idempotency-key': 'deposit-key-1' },
        }),
        422,
        'idempotency_error',
      );
      expect(Object.keys(method.errors?.fields ?? {})).toEqual(['fee']);
      k.expectError(
        await k.call('/api/transfers/deposit', { token, body, headers: { 'idempotency-key': 'bad key' } }),
        400,
        'validation_failed',
      );
      expect(await k.transferCount(guid)).toBe(1);
      expect(await k.holdings(token)).toMatchObject({ available: '25.00' });
      expect(await k.ledgerTransactionsOf(first.transfer.transferId)).toBe(1);
      // Keys belong to their user.
      const someone = await k.openedUser();
      const theirs = await k.transfer(
        '/api/transfers/deposit',
        someone.token,
        { ...body, fundsTransferMethodId: await k.addBank(someone.token) },
        'deposit-key-1',
      );
      expect(theirs.replayed).toBe(false);
    });
  });

  describe('card deposits (the service the card module calls)', () => {
    it('are pending 12 hours, then credited; the sandbox settles the latest at once', async () => {
      const { token, guid } = await k.openedUser();
      const create = (amount: string, key: string) =>
        k.t.db.transaction(
          (tx) =>
            createContribution(tx, deps(), {
              userGuid: guid,
              method: 'card',
              amount: usd(amount),
              methodRef: { kind: 'card', id: 'card-1', last4: '4242', label: 'Visa' },
              idempotencyKey: key,
            }),
          LEDGER_TRANSACTION_OPTIONS,
        );
      const first = await create('10.13', 'card-a');
      expect(first).toMatchObject({
        status: 'pending',
        fee: '0.41',
        settlesAt: '2026-11-21T03:00:00.000Z',
        methodRef: { kind: 'card', last4: '4242', label: 'Visa' },
        replayed: false,
      });
      expect(await create('10.13', 'card-a')).toMatchObject({ transferId: first.transferId, replayed: true });
      const second = await create('5.00', 'card-b');
      clock.set(new Date('2026-11-21T02:59:59Z'));
      expect(await runSettlement(deps(), first.transferId)).toBe('not-due');
      clock.set(new Date('2026-11-21T03:00:00Z'));
      expect(await runSettlement(deps(), first.transferId)).toBe('settled');
      clock.set(FRIDAY);
      const reply = SandboxSettleReply.parse(
        (await k.call('/api/primetrust-sandbox-settle-last-cc-contribution', { token, body: {} })).body,
      );
      expect(reply).toMatchObject({
        message: 'Last Credit Card Contribution Settled Successfully',
        transfers: [{ transferId: second.transferId, status: 'settled' }],
      });
      expect(await k.holdings(token)).toMatchObject({ available: '15.13' });
      const none = k.expectError(
        await k.call('/api/primetrust-sandbox-settle-last-cc-contribution', { token, body: {} }),
        404,
        'nothing_to_settle',
      );
      expect(none.message).toBe('There is no pending credit card contribution to settle');
    });

    it('a pending card deposit can be cancelled by its owner only, and then never settles', async () => {
      const owner = await k.openedUser();
      const someone = await k.openedUser();
      const t = await k.t.db.transaction((tx) =>
        createContribution(tx, deps(), {
          userGuid: owner.guid,
          method: 'card',
          amount: usd('9'),
          methodRef: { kind: 'card', id: 'c' },
          idempotencyKey: 'card-cancel',
        }),
      );
      k.expectError(
        await k.call('/api/transfers/cancel', { token: someone.token, body: { transferId: t.transferId } }),
        404,
        'transfer_unknown',
      );
      k.expectError(
        await k.call('/api/transfers/get', { token: someone.token, body: { transferId: t.transferId } }),
        404,
        'transfer_unknown',
      );
      const cancelled = await k.transfer('/api/transfers/cancel', owner.token, { transferId: t.transferId });
      expect(cancelled.transfer).toMatchObject({ status: 'cancelled', cancelledAt: FRIDAY.toISOString() });
      k.expectError(
        await k.call('/api/transfers/cancel', { token: owner.token, body: { transferId: t.transferId } }),
        409,
        'transfer_not_cancellable',
      );
      clock.set(new Date('2026-11-22T00:00:00Z'));
      expect(await runSettlement(deps(), t.transferId)).toBe('nothing');
      expect(await k.ledgerTransactionsOf(t.transferId)).toBe(0);
      const card = await k.t.db.transaction((tx) =>
        createContribution(tx, deps(), {
          userGuid: someone.guid,
          method: 'card',
          amount: usd('1'),
          methodRef: { kind: 'card' },
          idempotencyKey: 'k',
        }),
      );
      expect(card.status).toBe('pending');
    });
  });

  describe('wire deposits', () => {
    it('show instructions for US and international wires with a reference of the user', async () => {
      const { token, guid } = await k.openedUser();
      const res = await k.call('/api/transfers/wire-instructions', { token, body: {} });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const reply = WireInstructionsReply.parse(res.body);
      const reference = `RMP-${guid.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
      expect(reply.us).toMatchObject({
        reference,
        fee: '15.00',
        settlementDescription: '1 business day',
        swiftCode: null,
        accountNumber: '200012345678',
      });
      expect(reply.international).toMatchObject({
        reference,
        fee: '25.00',
        settlementDescription: '3-5 business days',
        routingNumber: null,
      });
      expect(abaRoutingNumber(reply.us.routingNumber)).toBeUndefined();
      expect(swiftCode(reply.international.swiftCode)).toBeUndefined();
    });

    it('the sandbox wire deposit records a settled wire contribution; the wire fee is paid on top', async () => {
      const { token } = await k.openedUser();
      const before = await k.worldAndFees();
      const res = await k.call('/api/primetrust-sandbox-send-and-settle-wire-deposit', {
        token,
        body: { amount: '250.00' },
        headers: { 'idempotency-key': 'wire-1' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const again = await k.call('/api/primetrust-sandbox-send-and-settle-wire-deposit', {
        token,
        body: { amount: '250.00' },
        headers: { 'idempotency-key': 'wire-1' },
      });
      expect((again.body as { transactionId: string }).transactionId).toBe(
        (res.body as { transactionId: string }).transactionId,
      );
      const list = TransferListReply.parse((await k.call('/api/transfers/list', { token, body: {} })).body).transfers;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        direction: 'contribution',
        methodKey: 'primex_fedwire',
        status: 'settled',
        amount: '250.00',
        fee: '15.00',
        net: '250.00',
        methodRef: { kind: 'wire' },
      });
      expect(await k.holdings(token)).toMatchObject({ available: '250.00' });
      const after = await k.worldAndFees();
      expect(after.fees - before.fees).toBe(usd('15.00'));
      expect(before.bank - after.bank).toBe(usd('265.00'));
    });
  });

  describe('withdrawals', () => {
    it('hold amount plus fee, mail a single-use confirmation link, then settle on the banking-day time', async () => {
      const { token, email } = await k.openedUser('100');
      const before = await k.worldAndFees();
      const { transfer } = await k.transfer('/api/transfers/withdraw', token, { ...US_WIRE, amount: '60' });
      expect(transfer).toMatchObject({
        direction: 'disbursement',
        methodKey: 'primex_fedwire',
        methodTicker: 'PRIMEX',
        status: 'pending',
        amount: '60.00',
        fee: '15.00',
        net: '-75.00',
        confirmation: 'required',
        confirmBy: '2026-11-21T15:00:00.000Z',
        settlesAt: null,
        methodRef: { kind: 'wire', id: null, last4: '6789', label: 'Ada Lovelace', bankCode: '123456780' },
      });
      expect(await k.holdings(token)).toMatchObject({ settled: '100.00', held: '75.00', available: '25.00' });
      // The full account number is nowhere in the database.
      const { rows } = await k.t.db.query<{ n: bigint }>(
        `SELECT count(*)::int8 AS n FROM transfers WHERE row_to_json(transfers)::text LIKE '%000123456789%'`,
      );
      expect(rows[0]?.n).toBe(0n);

      const mail = (await k.outbox(email)).find((m) => /withdrawals\/confirm/.test(m.text));
      expect(mail?.subject).toBe('Confirm your Rampart withdrawal');
      expect(mail?.text).toContain('https://app.rampart.example/money/withdrawals/confirm?token=');
      expect(mail?.text).toContain('$60.00');
      const token1 = await k.confirmationToken(email);

      // An unconfirmed withdrawal never settles.
      expect(await runSettlement(deps(), transfer.transferId)).toBe('nothing');
      k.expectError(
        await k.call('/api/primetrust-sandbox-settle-last-wire-withdrawal', { token, body: {} }),
        404,
        'nothing_to_settle',
      );

      clock.set(new Date('2026-11-20T15:10:00Z'));
      const confirmed = await k.transfer('/api/transfers/confirm-withdrawal', token, { token: token1 });
      expect(confirmed.transfer).toMatchObject({
        confirmation: 'confirmed',
        confirmedAt: '2026-11-20T15:10:00.000Z',
        settlesAt: '2026-11-23T15:10:00.000Z',
        status: 'pending',
      });
      k.expectError(
        await k.call('/api/transfers/confirm-withdrawal', { token, body: { token: token1 } }),
        400,
        'withdrawal_confirmation_invalid',
      );

      clock.set(new Date('2026-11-23T15:09:59Z'));
      expect(await runSettlement(deps(), transfer.transferId)).toBe('not-due');
      clock.set(new Date('2026-11-23T15:10:00Z'));
      expect(await runSettlement(deps(), transfer.transferId)).toBe('settled');
      const after = await k.worldAndFees();
      expect(after.bank - before.bank).toBe(usd('60.00'));
      expect(after.fees - before.fees).toBe(usd('15.00'));
      // Neither the job again nor the worker's sweep settles it twice.
      expect(await runSettlement(deps(), transfer.transferId)).toBe('nothing');
      await sweepDueTransfers(deps());
      expect(await k.ledgerTransactionsOf(transfer.transferId)).toBe(2); // the captured amount and the fee
      clock.set(FRIDAY);
      expect(await k.holdings(token)).toMatchObject({ settled: '25.00', held: '0.00', available: '25.00' });
      k.expectError(
        await k.call('/api/transfers/cancel', { token, body: { transferId: transfer.transferId } }),
        409,
        'transfer_not_cancellable',
      );
    });

    it('the sandbox settles the latest confirmed wire withdrawal (international too)', async () => {
      const { token, email } = await k.openedUser('200');
      const { transfer } = await k.transfer('/api/transfers/withdraw', token, { ...INTL_WIRE, amount: '100' });
      expect(transfer).toMatchObject({ fee: '25.00', methodRef: { last4: '3000', bankCode: 'DEUTDEFF' } });
      await k.transfer('/api/transfers/confirm-withdrawal', token, { token: await k.confirmationToken(email) });
      const reply = SandboxSettleReply.parse(
        (await k.call('/api/primetrust-sandbox-settle-last-wire-withdrawal', { token, body: {} })).body,
      );
      expect(reply).toMatchObject({
        message: 'Last Wire Withdrawal Settled Successfully',
        transfers: [{ transferId: transfer.transferId, status: 'settled' }],
      });
      expect(await k.holdings(token)).toMatchObject({ settled: '75.00', held: '0.00' });
      expect(
        k.expectError(
          await k.call('/api/primetrust-sandbox-settle-last-wire-withdrawal', { token, body: {} }),
          404,
          'nothing_to_settle',
        ).message,
      ).toBe('There is no confirmed wire withdrawal to settle');
    });

    it('by ACH go to a linked bank of the caller, settle after 5 banking days, and mail in the user’s language', async () => {
      const { token, email } = await k.openedUser('100');
      await k.t.db.query(`UPDATE users SET locale = 'es' WHERE email = $1`, [email]);
      const bank = await k.addBank(token, 'ins_jpmorgan_chase_bank');
      const { transfer } = await k.transfer('/api/transfers/withdraw', token, {
        method: 'primex_ach',
        amount: '50',
        fundsTransferMethodId: bank,
      });
      expect(transfer).toMatchObject({ fee: '0.25', methodRef: { kind: 'bank', id: bank } });
      const mail = (await k.outbox(email)).find((m) => /withdrawals\/confirm/.test(m.text));
      expect(mail?.subject).toBe('Confirma tu retiro de Rampart');
      await k.transfer('/api/transfers/confirm-withdrawal', token, { token: await k.confirmationToken(email) });
      clock.set(new Date('2026-11-27T15:00:00Z'));
      expect(await runSettlement(deps(), transfer.transferId)).toBe('not-due');
      clock.set(new Date('2026-11-30T15:00:00Z'));
      expect(await runSettlement(deps(), transfer.transferId)).toBe('settled');
      clock.set(FRIDAY);
      expect(await k.holdings(token)).toMatchObject({ settled: '49.75', held: '0.00' });
    });

    it('refuse amount plus fee above the available balance (422 under amount); exactly the balance is fine', async () => {
      const { token, guid } = await k.openedUser('75');
      const over = k.expectError(
        await k.call('/api/transfers/withdraw', { token, body: { ...US_WIRE, amount: '60.01' } }),
        422,
        'insufficient_funds',
      );
      expect(over.errors?.fields).toEqual({ amount: 'Amount plus fees must not exceed your available balance' });
      expect(await k.transferCount(guid)).toBe(0);
      // Exactly the balance; a US wire may name the bank by its ACH routing number alone.
      const exact = await k.transfer('/api/transfers/withdraw', token, {
        ...US_WIRE,
        routingNumber: undefined,
        achRoutingNumber: '011000015',
        amount: '60.00',
      });
      expect(exact.transfer.methodRef.bankCode).toBe('011000015');
      expect(await k.holdings(token)).toMatchObject({ available: '0.00', held: '75.00' });
      k.expectError(
        await k.call('/api/transfers/withdraw', {
          token,
          body: { method: 'primex_ach', amount: '0.01', fundsTransferMethodId: await k.addBank(token) },
        }),
        422,
        'insufficient_funds',
      );
    });

    it.each([
      [{ ...US_WIRE }, { amount: 'Amount is required' }],
      [{ ...US_WIRE, amount: '0' }, { amount: 'Amount must be greater than 0' }],
      [
        { ...US_WIRE, amount: '5', routingNumber: '' },
        { routingNumber: 'Routing number is required', achRoutingNumber: 'ACH Routing Number is required' },
      ],
      [
        { ...US_WIRE, amount: '5', routingNumber: '123456789' },
        { routingNumber: 'Value is not a valid ABA routing number' },
      ],
      [{ ...US_WIRE, amount: '5', accountNumber: undefined }, { accountNumber: 'Bank account number is required' }],
      [{ ...US_WIRE, amount: '5', beneficiaryName: '' }, { beneficiaryName: 'Beneficiary name is required' }],
      // A name a bank cannot print on a wire: control and format characters (a bell, a line break, a right-to-left
      // override that shows 'Ann Lee' reversed, a zero-width space standing alone) are refused, not stored.
      [{ ...US_WIRE, amount: '5', beneficiaryName: 'Ann\u0007Lee' }, { beneficiaryName: UNPRINTABLE }],
      [{ ...US_WIRE, amount: '5', beneficiaryName: 'Ann\nLee' }, { beneficiaryName: UNPRINTABLE }],
      [{ ...US_WIRE, amount: '5', beneficiaryName: 'Ann\u202eLee' }, { beneficiaryName: UNPRINTABLE }],
      [{ ...US_WIRE, amount: '5', beneficiaryName: '\u200b' }, { beneficiaryName: UNPRINTABLE }],
      [{ ...US_WIRE, amount: '5', beneficiaryName: '\u200b\u200b --' }, { beneficiaryName: UNPRINTABLE }],
      [{ ...INTL_WIRE, amount: '5', iban: '' }, { iban: 'IBAN is required' }],
      [{ ...INTL_WIRE, amount: '5', iban: 'DE00 3704 0044 0532 0130 00' }, { iban: 'Value is not a valid IBAN' }],
      [{ ...INTL_WIRE, amount: '5', swiftCode: 'deutdeff' }, { swiftCode: 'Value is not a valid SWIFT code' }],
      [{ method: 'primex_ach', amount: '5' }, { fundsTransferMethodId: 'Select one payment method' }],
      [
        { method: 'primex_instant_ach', amount: '5', fundsTransferMethodId: NO_SUCH_ID },
        { method: 'This method cannot be used for withdrawals' },
      ],
      [{ method: 'primex_card', amount: '5' }, { method: 'This method cannot be used for withdrawals' }],
    ])('%j: 400 with %j, nothing held', async (body, fields) => {
      const { token, guid } = await k.openedUser('100');
      const error = k.expectError(await k.call('/api/transfers/withdraw', { token, body }), 400, 'validation_failed');
      expect(error.errors?.fields).toEqual(fields);
      expect(await k.transferCount(guid)).toBe(0);
      expect(await k.holdings(token)).toMatchObject({ held: '0.00', available: '100.00' });
    });

    it('are cancelled with their hold released when not confirmed within 24 hours', async () => {
      const { token, email } = await k.openedUser('100');
      const { transfer } = await k.transfer('/api/transfers/withdraw', token, { ...US_WIRE, amount: '10' });
      const link = await k.confirmationToken(email);
      clock.set(new Date('2026-11-21T14:59:59Z'));
      expect(await runWithdrawalExpiry(deps(), transfer.transferId)).toBe('not-due');
      clock.set(new Date('2026-11-21T15:00:00Z'));
      expect(await runWithdrawalExpiry(deps(), transfer.transferId)).toBe('cancelled');
      expect(await runWithdrawalExpiry(deps(), transfer.transferId)).toBe('nothing');
      const fresh = await k.signIn(email);
      const view = await k.transfer('/api/transfers/get', fresh, { transferId: transfer.transferId });
      expect(view.transfer).toMatchObject({
        status: 'cancelled',
        cancelledAt: '2026-11-21T15:00:00.000Z',
        confirmation: 'required',
      });
      expect(await k.holdings(fresh)).toMatchObject({ held: '0.00', available: '100.00' });
      k.expectError(
        await k.call('/api/transfers/confirm-withdrawal', { token: fresh, body: { token: link } }),
        409,
        'withdrawal_not_pending',
      );
      expect(await k.ledgerTransactionsOf(transfer.transferId)).toBe(0);
    });

    it('a link opened after 24 hours cancels the withdrawal and says so', async () => {
      const { token, email } = await k.openedUser('100');
      const { transfer } = await k.transfer('/api/transfers/withdraw', token, { ...US_WIRE, amount: '10' });
      const link = await k.confirmationToken(email);
      clock.set(new Date('2026-11-21T16:00:00Z'));
      const fresh = await k.signIn(email);
      const expired = k.expectError(
        await k.call('/api/transfers/confirm-withdrawal', { token: fresh, body: { token: link } }),
        400,
        'withdrawal_confirmation_expired',
      );
      expect(expired.message).toBe('This confirmation link has expired. The withdrawal was cancelled.');
      expect((await k.transfer('/api/transfers/get', fresh, { transferId: transfer.transferId })).transfer.status).toBe(
        'cancelled',
      );
      expect(await k.holdings(fresh)).toMatchObject({ held: '0.00' });
      expect(await runWithdrawalExpiry(deps(), transfer.transferId)).toBe('nothing');
    });

    it("refuse a wrong token, another user's token and an empty one", async () => {
      const owner = await k.openedUser('100');
      const someone = await k.openedUser();
      await k.transfer('/api/transfers/withdraw', owner.token, { ...US_WIRE, amount: '10' });
      const link = await k.confirmationToken(owner.email);
      k.expectError(
        await k.call('/api/transfers/confirm-withdrawal', { token: someone.token, body: { token: link } }),
        400,
        'withdrawal_confirmation_invalid',
      );
      k.expectError(
        await k.call('/api/transfers/confirm-withdrawal', { token: owner.token, body: { token: `${link}x` } }),
        400,
        'withdrawal_confirmation_invalid',
      );
      const empty = k.expectError(
        await k.call('/api/transfers/confirm-withdrawal', { token: owner.token, body: { token: '' } }),
        400,
        'validation_failed',
      );
      expect(empty.errors?.fields).toEqual({
        token: 'This confirmation link is not valid. It may have been used already.',
      });
      // The owner's link still works.
      expect(
        (await k.transfer('/api/transfers/confirm-withdrawal', owner.token, { token: link })).transfer.confirmation,
      ).toBe('confirmed');
    });

    it('a pending withdrawal, confirmed or not, can be cancelled by its owner: the hold goes back', async () => {
      const { token, email } = await k.openedUser('100');
      const a = (await k.transfer('/api/transfers/withdraw', token, { ...US_WIRE, amount: '10' })).transfer;
      const b = (await k.transfer('/api/transfers/withdraw', token, { ...US_WIRE, amount: '20' })).transfer;
      await k.transfer('/api/transfers/confirm-withdrawal', token, { token: await k.confirmationToken(email) });
      expect(await k.holdings(token)).toMatchObject({ held: '60.00' });
      expect((await k.transfer('/api/transfers/cancel', token, { transferId: b.transferId })).transfer).toMatchObject({
        status: 'cancelled',
        confirmation: 'confirmed',
      });
      expect((await k.transfer('/api/transfers/cancel', token, { transferId: a.transferId })).transfer.status).toBe(
        'cancelled',
      );
      expect(await k.holdings(token)).toMatchObject({ held: '0.00', available: '100.00' });
      clock.set(new Date('2026-12-01T00:00:00Z'));
      await sweepDueTransfers(deps());
      expect(await runSettlement(deps(), b.transferId)).toBe('nothing');
      expect(await runWithdrawalExpiry(deps(), a.transferId)).toBe('nothing');
      expect(await k.ledgerTransactionsOf(a.transferId)).toBe(0);
      expect(await k.ledgerTransactionsOf(b.transferId)).toBe(0);
    });

    it('replays a withdrawal with the same key (one hold, one mail), refuses the key with other details', async () => {
      const { token, email, guid } = await k.openedUser('100');
      const body = { ...US_WIRE, amount: '60' };
      const first = await k.transfer('/api/transfers/withdraw', token, body, 'withdraw-1');
      const again = await k.transfer('/api/transfers/withdraw', token, body, 'withdraw-1');
      expect(again).toEqual({ transfer: first.transfer, replayed: true });
      for (const [change, field] of [
        [{ amount: '61' }, 'amount'],
        [{ accountNumber: '000123456780' }, 'accountNumber'],
        [{ routingNumber: '011000015' }, 'routingNumber'],
      ] as const) {
        const error = k.expectError(
          await k.call('/api/transfers/withdraw', {
            token,
            body: { ...body, ...change },
            headers: { 'idempotency-key': 'withdraw-1' },
          }),
          422,
          'idempotency_error',
        );
        expect(Object.keys(error.errors?.fields ?? {})).toEqual([field]);
      }
      expect(await k.transferCount(guid)).toBe(1);
      expect(await k.holdings(token)).toMatchObject({ held: '75.00' });
      expect((await k.outbox(email)).filter((m) => /withdrawals\/confirm/.test(m.text))).toHaveLength(1);
      // The same key on the deposit route is another request.
      const bank = await k.addBank(token);
      const cross = k.expectError(
        await k.call('/api/transfers/deposit', {
          token,
          body: { method: 'primex_ach', amount: '60', fundsTransferMethodId: bank },
          headers: { 'idempotency-key': 'withdraw-1' },
        }),
        422,
        'idempotency_error',
      );
      expect(cross.code).toBe('idempotency_error');
    });
  });

  describe('list and get', () => {
    it('list the caller’s transfers newest first, with filters; get reads the owner’s only', async () => {
      const { token } = await k.openedUser('100');
      const bank = await k.addBank(token);
      const d = (
        await k.transfer('/api/transfers/deposit', token, {
          method: 'primex_ach',
          amount: '1',
          fundsTransferMethodId: bank,
        })
      ).transfer;
      clock.set(new Date('2026-11-20T15:01:00Z'));
      const w = (await k.transfer('/api/transfers/withdraw', token, { ...US_WIRE, amount: '1' })).transfer;
      const all = TransferListReply.parse((await k.call('/api/transfers/list', { token, body: {} })).body).transfers;
      expect(all.map((t) => t.transferId)).toEqual([w.transferId, d.transferId]);
      const bare = await k.call('/api/transfers/list', { token });
      expect(bare.status, JSON.stringify(bare.body)).toBe(200);
      const noBody = TransferListReply.parse(bare.body).transfers;
      expect(noBody).toHaveLength(2);
      const withdrawals = TransferListReply.parse(
        (await k.call('/api/transfers/list', { token, body: { direction: 'disbursement' } })).body,
      ).transfers;
      expect(withdrawals.map((t) => t.transferId)).toEqual([w.transferId]);
      const settled = TransferListReply.parse(
        (await k.call('/api/transfers/list', { token, body: { status: 'settled', limit: 5 } })).body,
      ).transfers;
      expect(settled).toEqual([]);
      k.expectError(await k.call('/api/transfers/list', { token, body: { limit: 0 } }), 400, 'validation_failed');
      k.expectError(
        await k.call('/api/transfers/get', { token, body: { transferId: NO_SUCH_ID } }),
        404,
        'transfer_unknown',
      );
      k.expectError(
        await k.call('/api/transfers/get', { token, body: { transferId: 'nope' } }),
        400,
        'validation_failed',
      );
      k.expectError(await k.call('/api/transfers/cancel', { token, body: {} }), 400, 'validation_failed');
      const someone = await k.openedUser();
      expect(
        TransferListReply.parse((await k.call('/api/transfers/list', { token: someone.token, body: {} })).body)
          .transfers,
      ).toEqual([]);
    });
  });

  describe('the sandbox test sell flow', () => {
    it('brings 100 USDC on-chain and sells them at 1.00 into the USD balance; a repeated key moves nothing', async () => {
      const { token } = await k.openedUser();
      const call = () =>
        k.call('/api/primetrust-sandbox-test-sell-flow', { token, body: {}, headers: { 'idempotency-key': 'sell-1' } });
      const res = await call();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(SandboxTestSellReply.parse(res.body)).toMatchObject({
        message: 'Test Sell Flow Completed Successfully',
        assetTicker: 'USDC',
        assetAmount: '100.000000',
        usdAmount: '100.00',
      });
      expect((await call()).status).toBe(200);
      expect(await k.holdings(token)).toMatchObject({
        available: '100.00',
        assets: [{ assetTicker: 'USDC', settled: '0.000000' }],
      });
      const notOpened = await k.signedInUser(`sell-not-opened-${Date.now()}@example.com`);
      k.expectError(
        await k.call('/api/primetrust-sandbox-test-sell-flow', { token: notOpened, body: {} }),
        409,
        'account_not_opened',
      );
    });
  });
});

describe('transfers: sandbox calls outside sandbox mode (R4)', () => {
  let k: TransferKit;
  beforeAll(async () => {
    k = await createTransferKit({ env: { SANDBOX_MODE: 'false' } });
  });
  afterAll(async () => {
    await k?.close();
  });

  it.each([
    '/api/primetrust-sandbox-settle-last-ach-contribution',
    '/api/primetrust-sandbox-settle-last-cc-contribution',
    '/api/primetrust-sandbox-settle-last-wire-withdrawal',
    '/api/primetrust-sandbox-settle-instant-ach-contributions',
    '/api/primetrust-sandbox-reverse-last-ach-contribution',
    '/api/primetrust-sandbox-test-sell-flow',
  ])('%s answers 404', async (url) => {
    const token = await k.signedInUser(`off-${url.length}-${Math.random().toString(36).slice(2, 8)}@example.com`);
    k.expectError(await k.call(url, { token, body: {} }), 404, 'route_not_found');
  });
});
