import type { Queryable } from '../../db';

/** The SQL of the asset deposits (migration 0027); the use cases hold the rules. */

export type AddressRow = {
  id: string;
  user_id: string;
  network: string;
  asset: string;
  address: string;
  /** '' on networks without a memo. */
  memo: string;
  created_at: Date;
};

export type DepositRow = {
  id: string;
  address_id: string;
  user_id: string;
  network: string;
  asset: string;
  amount: bigint | string;
  tx_hash: string;
  /** The transfer's log in its transaction (0 where a network has no logs). */
  log_index: number;
  ledger_transaction_id: string | null;
  created_at: Date;
};

export async function findAddressOfUser(
  q: Queryable,
  userGuid: string,
  network: string,
  asset: string,
): Promise<AddressRow | null> {
  const { rows } = await q.query<AddressRow>(
    'SELECT * FROM asset_deposit_addresses WHERE user_id = $1 AND network = $2 AND asset = $3',
    [userGuid, network, asset],
  );
  return rows[0] ?? null;
}

/** The address a deposit was sent to, by what the chain reports: the network, the address and the memo ('' for none). */
export async function findAddressByTarget(
  q: Queryable,
  network: string,
  address: string,
  memo: string,
): Promise<AddressRow | null> {
  const { rows } = await q.query<AddressRow>(
    'SELECT * FROM asset_deposit_addresses WHERE network = $1 AND address = $2 AND memo = $3',
    [network, address, memo],
  );
  return rows[0] ?? null;
}

/**
 * Records a new address; null when one of the two unique keys is taken (the user already has one for this asset, or
 * another user's address and memo are the same), so the caller reads again rather than failing.
 */
export async function insertAddress(q: Queryable, row: AddressRow): Promise<AddressRow | null> {
  const { rows } = await q.query<AddressRow>(
    `INSERT INTO asset_deposit_addresses (id, user_id, network, asset, address, memo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING *`,
    [row.id, row.user_id, row.network, row.asset, row.address, row.memo, row.created_at],
  );
  return rows[0] ?? null;
}

/** Claims a chain deposit by its transaction's log; null when that log was already received. */
export async function insertDeposit(
  q: Queryable,
  row: Omit<DepositRow, 'ledger_transaction_id'>,
): Promise<DepositRow | null> {
  const { rows } = await q.query<DepositRow>(
    `INSERT INTO asset_deposits (id, address_id, user_id, network, asset, amount, tx_hash, log_index, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (network, tx_hash, log_index) DO NOTHING RETURNING *`,
    [
      row.id,
      row.address_id,
      row.user_id,
      row.network,
      row.asset,
      String(row.amount),
      row.tx_hash,
      row.log_index,
      row.created_at,
    ],
  );
  return rows[0] ?? null;
}

export async function findDepositByTx(
  q: Queryable,
  network: string,
  txHash: string,
  logIndex: number,
): Promise<DepositRow | null> {
  const { rows } = await q.query<DepositRow>(
    'SELECT * FROM asset_deposits WHERE network = $1 AND tx_hash = $2 AND log_index = $3',
    [network, txHash, logIndex],
  );
  return rows[0] ?? null;
}

export async function setDepositLedgerTransaction(
  q: Queryable,
  id: string,
  transactionId: string,
): Promise<DepositRow> {
  const { rows } = await q.query<DepositRow>(
    'UPDATE asset_deposits SET ledger_transaction_id = $2 WHERE id = $1 RETURNING *',
    [id, transactionId],
  );
  return rows[0]!;
}
