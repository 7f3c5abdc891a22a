import {
  BANK_REAUTH_FIELD,
  BANK_REAUTH_NOTICE,
  TRANSFER_MESSAGES,
  WITHDRAWAL_CONFIRM_HOURS,
  normaliseSandboxAmount,
  transferFee,
  type TransferMethodKey,
  type TransferReply,
  type WithdrawRequest,
} from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { enqueueOutbox } from '../../providers/mail/outbox';
import {
  LEDGER_TRANSACTION_OPTIONS,
  fromMinorUnits,
  isLedgerError,
  placeHold,
  toMinorUnits,
  userAccount,
} from '../ledger';
import { findBankMethodOfUser } from '../methods';
import { fingerprint, newConfirmationToken } from './confirmation-token';
import type { TransfersContext } from './context';
import { claimTransfer, ledgerKey } from './idempotency';
import { EXPIRE_WITHDRAWAL_JOB } from './job-names';
import { METHOD_NAMES, renderWithdrawalMail } from './mail-templates';
import { requireOpenedAccount } from './money';
import { recordTransferTransition, updateTransfer } from './repository';
import { findUserContact } from '../identity';
import { methodOfKey, toTransferView } from './view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 422 insufficient_funds with the message under `amount` (document 2, section 5: amount plus fees within the balance). */
export function exceedsBalance(): AppError {
  const message = TRANSFER_MESSAGES.amountExceedsBalance;
  return new AppError('insufficient_funds', { message, details: { errors: [message], fields: { amount: message } } });
}

/** The caller's own linked bank (404 bank_method_unknown otherwise), not waiting for a re-authentication (409). */
export async function usableBankMethod(tx: Queryable, userGuid: string, methodId: string) {
  const method = UUID.test(methodId) ? await findBankMethodOfUser(tx, userGuid, methodId.toLowerCase()) : undefined;
  if (!method)
    throw new AppError('bank_method_unknown', {
      details: {
        errors: [TRANSFER_MESSAGES.bankMethodUnknown],
        fields: { fundsTransferMethodId: TRANSFER_MESSAGES.bankMethodUnknown },
      },
    });
  if (method.login_required) {
    throw new AppError('bank_reauth_required', {
      details: { errors: [BANK_REAUTH_NOTICE], fields: { [BANK_REAUTH_FIELD]: BANK_REAUTH_NOTICE } },
    });
  }
  return method;
}

const last4 = (value: string) => value.slice(-4);

/**
 * `/api/transfers/withdraw` (R13: ACH to a linked bank, US wire, international wire). In one transaction: the
 * account must be opened, the amount plus the method's fee is held on the USD balance (so concurrent withdrawals
 * can never overdraw it: 422 insufficient_funds under `amount`), the transfer is recorded pending with the SHA-256
 * of a single-use token, the confirmation mail goes to the outbox and the job that cancels it after 24 hours is
 * queued. The full account number or IBAN is never stored: its last 4 are, and a fingerprint for idempotency.
 */
export async function requestWithdrawal(
  ctx: TransfersContext,
  userGuid: string,
  body: WithdrawRequest,
  options: { idempotencyKey: string; origin: string },
): Promise<TransferReply> {
  const key = body.method as TransferMethodKey;
  const method = methodOfKey(key);
  const amount = toMinorUnits(normaliseSandboxAmount(body.amount as string | number), 'USD');
  const fee = transferFee(key, amount);
  const trimmed = (v: string | null | undefined) => (v ?? '').trim();
  const accountNumber = trimmed(body.accountNumber);
  const iban = trimmed(body.iban).replace(/ /g, '');
  const request = {
    route: 'withdraw',
    method: key,
    amount: amount.toString(),
    fundsTransferMethodId: method === 'ach' ? trimmed(body.fundsTransferMethodId).toLowerCase() : null,
    beneficiaryName: method === 'ach' ? null : trimmed(body.beneficiaryName),
    accountNumber:
      accountNumber && method !== 'ach' && !(method === 'international_wire' && iban)
        ? fingerprint(userGuid, accountNumber)
        : null,
    // US: the wire routing number, else the ACH one (the rule asks for at least one).
    routingNumber: method === 'us_wire' ? trimmed(body.routingNumber) || trimmed(body.achRoutingNumber) : null,
    iban: method === 'international_wire' && iban ? fingerprint(userGuid, iban) : null,
    swiftCode: method === 'international_wire' ? trimmed(body.swiftCode) : null,
  };

  const result = await ctx.db.transaction(async (tx) => {
    await requireOpenedAccount(tx, userGuid);
    const now = ctx.clock.now();
    let ref: {
      kind: 'bank' | 'wire';
      id: string | null;
      last4: string;
      label: string;
      bankCode: string | null;
      destination: string;
    };
    if (method === 'ach') {
      const bank = await usableBankMethod(tx, userGuid, request.fundsTransferMethodId ?? '');
      ref = {
        kind: 'bank',
        id: bank.id,
        last4: bank.mask,
        label: bank.account_name,
        bankCode: null,
        destination: `${bank.institution_name} ••${bank.mask}`,
      };
    } else {
      const number = method === 'international_wire' && iban ? iban : accountNumber;
      const bankCode = method === 'us_wire' ? request.routingNumber : request.swiftCode;
      ref = {
        kind: 'wire',
        id: null,
        last4: last4(number),
        label: request.beneficiaryName ?? '',
        bankCode,
        destination: `${request.beneficiaryName} ••${last4(number)}`,
      };
    }
    const { token, hash } = newConfirmationToken();
    const confirmBy = new Date(now.getTime() + WITHDRAWAL_CONFIRM_HOURS * 3600 * 1000);
    const { row, replayed } = await claimTransfer(tx, {
      userId: userGuid,
      direction: 'disbursement',
      method,
      status: 'pending',
      amount,
      fee,
      methodKind: ref.kind,
      methodId: ref.id,
      methodLast4: ref.last4,
      methodLabel: ref.label,
      methodBankCode: ref.bankCode,
      // Known once confirmed: the method's time from the confirmation.
      settlesAt: null,
      confirmTokenHash: hash,
      confirmBy,
      idempotencyKey: options.idempotencyKey,
      request,
      now,
    });
    if (replayed) return { transfer: toTransferView(row), replayed };

    let holdId: string;
    try {
      ({ holdId } = await placeHold(tx, {
        idempotencyKey: ledgerKey(row.id, 'hold'),
        account: userAccount(userGuid, 'USD'),
        asset: 'USD',
        amount: amount + fee,
        metadata: { kind: 'withdrawal', method, transferId: row.id },
      }));
    } catch (error) {
      if (isLedgerError(error, 'insufficient_funds')) throw exceedsBalance();
      throw error;
    }
    const held = await updateTransfer(tx, row.id, { hold_id: holdId }, now);
    await recordTransferTransition(
      tx,
      row.id,
      null,
      'pending',
      `Created: ${method} withdrawal, waiting for its email confirmation`,
      now,
    );

    const contact = await findUserContact(tx, userGuid);
    if (!contact) throw new Error(`user ${userGuid} vanished`);
    const mail = renderWithdrawalMail(contact.locale, {
      amount: fromMinorUnits(amount, 'USD'),
      fee: fromMinorUnits(fee, 'USD'),
      total: fromMinorUnits(amount + fee, 'USD'),
      methodLabel: METHOD_NAMES[contact.locale][method] ?? method,
      destination: ref.destination,
      link: `${options.origin}/money/withdrawals/confirm?token=${token}`,
    });
    await enqueueOutbox(
      tx,
      ctx.jobs,
      { channel: 'email', to: contact.email, template: 'withdrawal-confirmation', locale: contact.locale, ...mail },
      now,
    );
    await ctx.jobs.send(
      EXPIRE_WITHDRAWAL_JOB,
      { transferId: row.id },
      { tx, startAfter: confirmBy, singletonKey: `expire:${row.id}` },
    );
    return { transfer: toTransferView(held), replayed: false };
  }, LEDGER_TRANSACTION_OPTIONS);
  return result;
}
