import type { TransferListReply, TransferListRequest, TransferReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { findTransferOfUser, listTransfersOfUser } from './repository';
import { toTransferView } from './view';

/** `/api/transfers/list`: the caller's transfers, newest first (default 50, at most 200). */
export async function listTransfers(
  db: Queryable,
  userGuid: string,
  body: TransferListRequest,
): Promise<TransferListReply> {
  const rows = await listTransfersOfUser(db, userGuid, {
    direction: body?.direction,
    status: body?.status,
    limit: body?.limit ?? 50,
  });
  return { transfers: rows.map(toTransferView) };
}

/** `/api/transfers/get`: one of the caller's transfers; another user's id reads as unknown (404). */
export async function getTransfer(db: Queryable, userGuid: string, transferId: string): Promise<TransferReply> {
  const row = await findTransferOfUser(db, userGuid, transferId.toLowerCase());
  if (!row) throw new AppError('transfer_unknown');
  return { transfer: toTransferView(row), replayed: false };
}
