import { VERIFICATION_SUBMITTABLE } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { findSessionOfUser } from './repository';

/**
 * A capture token is for capturing: once the capture is submitted it may still read the status, but it no longer
 * uploads documents (409 verification_already_submitted, as submit_document answers). Login tokens pass.
 */
export async function ensureCaptureOpen(db: Queryable, user: AuthUser): Promise<void> {
  if (user.via !== 'capture') return;
  const session = await findSessionOfUser(db, user.userGuid);
  if (!session || session.id !== user.sessionId || !VERIFICATION_SUBMITTABLE.includes(session.status)) {
    throw new AppError('verification_already_submitted');
  }
}
