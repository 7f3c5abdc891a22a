import type { Queryable } from '../db';
import { fromMinorUnits, getBalances } from '../modules/ledger';
import { listOperatorActions, type OperatorActionRow } from './audit';
import { findUser } from './find-user';
import { fields, section, table } from './format';

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export interface UserReport {
  user: {
    userGuid: string;
    email: string;
    status: string;
    locale: string;
    phoneNumber: string | null;
    phoneVerified: boolean;
    preferredMfa: string;
    createdAt: string | null;
  };
  kyc: {
    detailsSaved: boolean;
    name: string | null;
    country: string | null;
    /** The identity-document session: not_started, capturing, submitted, review (a manual review waits), accepted, rejected, resubmit. */
    identity: { status: string; reason: string | null; submittedAt: string | null; decidedAt: string | null };
  };
  /** The custodial account; null before the KYC details are saved. */
  account: {
    status: string;
    statusReason: string | null;
    accountId: string | null;
    frozen: boolean;
    frozenAt: string | null;
    frozenReason: string | null;
    submittedAt: string | null;
    decidedAt: string | null;
  } | null;
  /** Decimal strings per asset. */
  balances: { asset: string; settled: string; held: string; available: string }[];
  linkedMethods: { banks: number; cards: number };
  recentOrders: {
    orderId: string;
    trackingId: string;
    side: string;
    status: string;
    sell: string;
    receive: string;
    createdAt: string | null;
  }[];
  recentActions: OperatorActionRow[];
}

/** `admin user <email|userGuid>`: everything support asks about a user, read-only. */
export async function lookupUser(
  ctx: { db: Queryable },
  who: string,
  options: { orders?: number } = {},
): Promise<UserReport> {
  const db = ctx.db;
  const user = await findUser(db, who);
  const kyc = await db.query<{ first: string | null; last: string | null; country: string | null }>(
    `SELECT record->'name'->>'first' AS first, record->'name'->>'last' AS last, record->'address'->>'country' AS country
     FROM kyc_individuals WHERE user_id = $1`,
    [user.id],
  );
  const identity = await db.query<{
    status: string;
    reason: string | null;
    submitted_at: Date | null;
    decided_at: Date | null;
  }>('SELECT status, reason, submitted_at, decided_at FROM identity_verifications WHERE user_id = $1', [user.id]);
  const account = await db.query<{
    status: string;
    status_reason: string | null;
    account_id: string | null;
    frozen: boolean;
    frozen_at: Date | null;
    frozen_reason: string | null;
    submitted_at: Date | null;
    decided_at: Date | null;
  }>(
    'SELECT status, status_reason, account_id, frozen, frozen_at, frozen_reason, submitted_at, decided_at FROM custodian_accounts WHERE user_id = $1',
    [user.id],
  );
  const methods = await db.query<{ banks: bigint | number; cards: bigint | number }>(
    `SELECT (SELECT count(*) FROM bank_methods WHERE user_id = $1 AND removed_at IS NULL) AS banks,
            (SELECT count(*) FROM card_methods WHERE user_id = $1 AND removed_at IS NULL) AS cards`,
    [user.id],
  );
  const orders = await db.query<{
    id: string;
    tracking_id: string;
    side: string;
    status: string;
    sell_amount: bigint;
    sell_asset: string;
    receive_amount: bigint;
    buy_asset: string;
    created_at: Date;
  }>(
    `SELECT id, tracking_id, side, status, sell_amount, sell_asset, receive_amount, buy_asset, created_at
     FROM ramp_orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [user.id, options.orders ?? 10],
  );
  const details = kyc.rows[0];
  const session = identity.rows[0];
  const acc = account.rows[0];
  return {
    user: {
      userGuid: user.id,
      email: user.email,
      status: user.status,
      locale: user.locale,
      phoneNumber: user.phone_number,
      phoneVerified: user.phone_verified,
      preferredMfa: user.preferred_mfa,
      createdAt: iso(user.created_at),
    },
    kyc: {
      detailsSaved: details !== undefined,
      name: details ? [details.first, details.last].filter(Boolean).join(' ') || null : null,
      country: details?.country ?? null,
      identity: session
        ? {
            status: session.status,
            reason: session.reason,
            submittedAt: iso(session.submitted_at),
            decidedAt: iso(session.decided_at),
          }
        : { status: 'not_started', reason: null, submittedAt: null, decidedAt: null },
    },
    account: acc
      ? {
          status: acc.status,
          statusReason: acc.status_reason,
          accountId: acc.account_id,
          frozen: acc.frozen,
          frozenAt: iso(acc.frozen_at),
          frozenReason: acc.frozen_reason,
          submittedAt: iso(acc.submitted_at),
          decidedAt: iso(acc.decided_at),
        }
      : null,
    balances: (await getBalances(db, user.id)).map((b) => ({
      asset: b.asset,
      settled: fromMinorUnits(b.settled, b.asset),
      held: fromMinorUnits(b.held, b.asset),
      available: fromMinorUnits(b.available, b.asset),
    })),
    linkedMethods: { banks: Number(methods.rows[0]?.banks ?? 0), cards: Number(methods.rows[0]?.cards ?? 0) },
    recentOrders: orders.rows.map((o) => ({
      orderId: o.id,
      trackingId: o.tracking_id,
      side: o.side,
      status: o.status,
      sell: `${fromMinorUnits(BigInt(o.sell_amount), o.sell_asset)} ${o.sell_asset}`,
      receive: `${fromMinorUnits(BigInt(o.receive_amount), o.buy_asset)} ${o.buy_asset}`,
      createdAt: iso(o.created_at),
    })),
    recentActions: await listOperatorActions(db, { limit: 5, subject: user.id }),
  };
}

export function renderUserReport(r: UserReport): string {
  const a = r.account;
  return [
    section(
      'User',
      fields([
        ['userGuid', r.user.userGuid],
        ['email', r.user.email],
        ['sign-up status', r.user.status],
        ['locale', r.user.locale],
        [
          'phone',
          r.user.phoneNumber
            ? `${r.user.phoneNumber}${r.user.phoneVerified ? ' (verified)' : ' (not verified)'}`
            : null,
        ],
        ['second factor', r.user.preferredMfa],
        ['created', r.user.createdAt],
      ]),
    ),
    section(
      'KYC',
      fields([
        ['details saved', r.kyc.detailsSaved],
        ['name', r.kyc.name],
        ['country', r.kyc.country],
        [
          'identity check',
          r.kyc.identity.status === 'review'
            ? 'review (a manual review is pending: admin kyc-review)'
            : r.kyc.identity.status,
        ],
        ['identity reason', r.kyc.identity.reason],
        ['identity submitted', r.kyc.identity.submittedAt],
        ['identity decided', r.kyc.identity.decidedAt],
      ]),
    ),
    section(
      'Custodial account',
      a
        ? fields([
            ['status', a.status],
            ['reason', a.statusReason],
            ['account id', a.accountId],
            ['frozen', a.frozen ? `yes, since ${a.frozenAt ?? '?'} (${a.frozenReason ?? 'no reason'})` : 'no'],
            ['submitted', a.submittedAt],
            ['decided', a.decidedAt],
          ])
        : '(no account: KYC details not saved yet)',
    ),
    section(
      'Balances',
      table(
        ['asset', 'settled', 'held', 'available'],
        r.balances.map((b) => [b.asset, b.settled, b.held, b.available]),
      ),
    ),
    section(
      'Linked methods',
      fields([
        ['bank accounts', r.linkedMethods.banks],
        ['cards', r.linkedMethods.cards],
      ]),
    ),
    section(
      'Recent orders',
      table(
        ['order id', 'tracking id', 'side', 'status', 'sell', 'receive', 'created'],
        r.recentOrders.map((o) => [o.orderId, o.trackingId, o.side, o.status, o.sell, o.receive, o.createdAt]),
      ),
    ),
    section(
      'Recent operator actions',
      table(
        ['when', 'operator', 'action', 'reason'],
        r.recentActions.map((x) => [x.createdAt, x.operator, x.action, x.reason]),
      ),
    ),
  ].join('\n\n');
}
