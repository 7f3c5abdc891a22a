import { signatureOf, type AgreementPreviewReply } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Queryable } from '../../db';
import { AGREEMENT_TITLE, AGREEMENT_VERSION, renderAgreement } from './agreement-template';
import { findIndividual } from './repository';

/** `/contact/get/agreementpreviews`: the agreement the caller is about to sign, with the signature it expects. */
export async function previewAgreement(db: Queryable, clock: Clock, userId: string): Promise<AgreementPreviewReply> {
  const row = await findIndividual(db, userId);
  if (!row) throw new AppError('kyc_details_missing');
  return {
    data: {
      title: AGREEMENT_TITLE,
      version: AGREEMENT_VERSION,
      content: renderAgreement(row.record, row.email, clock.now()),
      signature: signatureOf(row.record.name),
    },
  };
}
