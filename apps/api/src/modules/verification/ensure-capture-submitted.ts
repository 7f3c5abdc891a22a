import { VERIFICATION_SUBMITTABLE } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import { findSessionOfUser } from './repository';

/**
 * The agreement waits for a capture (decision 010): while the identity session is not_started, capturing or
 * resubmit the custodian would have no document to check, so signing answers 409 verification_incomplete.
 */
export async function ensureCaptureSubmitted(db: Queryable, userId: string): Promise<void> {
  const session = await findSessionOfUser(db, userId);
  if (!session || VERIFICATION_SUBMITTABLE.includes(session.status)) throw new AppError('verification_incomplete');
}
