import { TRANSFER_METHODS, type WireInstructionsReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { fromMinorUnits } from '../ledger';
import { requireOpenedAccount } from './money';

/**
 * The sandbox custodian's receiving account (docs/design-brief.md, section 4: the custodian is a sandbox). The routing
 * number passes the ABA checksum, the account number is the custodian's 12-digit form and the SWIFT code is a
 * well-formed US BIC; none of them is a real bank's.
 */
export const SANDBOX_WIRE_ACCOUNT = {
  beneficiaryName: 'Rampart Sandbox Trust, LLC',
  beneficiaryAddress: '1 Sandbox Way, Springfield, IL 62701, United States',
  bankName: 'Sandbox Custody Bank',
  bankAddress: '100 Ledger Street, Springfield, IL 62701, United States',
  accountNumber: '200012345678',
  routingNumber: '123456780',
  swiftCode: 'SNDBUS33',
} as const;

/** The per-user reference for the wire's memo: it tells the custodian whose account a wire is for. */
export function wireReferenceOf(userGuid: string): string {
  return `RMP-${userGuid.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

/** `/api/transfers/wire-instructions`: where the user's bank sends a US or international wire (opened accounts only). */
export async function getWireInstructions(db: Queryable, userGuid: string): Promise<WireInstructionsReply> {
  await requireOpenedAccount(db, userGuid);
  const a = SANDBOX_WIRE_ACCOUNT;
  const reference = wireReferenceOf(userGuid);
  const common = {
    beneficiaryName: a.beneficiaryName,
    beneficiaryAddress: a.beneficiaryAddress,
    bankName: a.bankName,
    bankAddress: a.bankAddress,
    accountNumber: a.accountNumber,
    reference,
  };
  const fee = (key: 'primex_fedwire' | 'primex_swift_wire') => {
    const f = TRANSFER_METHODS[key].fee;
    return fromMinorUnits(f.kind === 'fixed' ? f.cents : 0n, 'USD');
  };
  return {
    us: {
      ...common,
      routingNumber: a.routingNumber,
      swiftCode: null,
      fee: fee('primex_fedwire'),
      settlementDescription: TRANSFER_METHODS.primex_fedwire.settlementDescription,
    },
    international: {
      ...common,
      routingNumber: null,
      swiftCode: a.swiftCode,
      fee: fee('primex_swift_wire'),
      settlementDescription: TRANSFER_METHODS.primex_swift_wire.settlementDescription,
    },
  };
}
