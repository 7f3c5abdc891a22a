import type { KycIndividualInfo } from '@rampart/contracts';
import type { IndividualRow } from './repository';

/** The record as the API returns it: the stored fields plus the server-owned ones of document 1, section 3. */
export function toIndividualInfo(row: IndividualRow, submitted: boolean): KycIndividualInfo {
  return {
    ...row.record,
    email: row.email,
    submitted,
    relatedId: row.related_id,
    uniqueId: row.unique_id,
    socureDocumentId: row.socure_document_id,
    socureDeviceId: row.socure_device_id,
  };
}
