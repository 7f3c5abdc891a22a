import { countryNameOf, type KycIndividualInfo } from '@rampart/contracts';
import type { IndividualRow } from './repository';

/** The record as the API returns it: the stored fields plus the server-owned ones of document 1, section 3. */
export function toIndividualInfo(
  row: IndividualRow,
  account: { submitted: boolean; accountId: string | null },
): KycIndividualInfo {
  return {
    ...row.record,
    // A record saved before decision 051 may hold the name a request sent: the catalogue's is returned instead.
    address: { ...row.record.address, countryName: countryNameOf(row.record.address.country) },
    email: row.email,
    submitted: account.submitted,
    relatedId: row.related_id,
    related: { contactId: row.related_id, accountId: account.accountId },
    uniqueId: row.unique_id,
    socureDocumentId: row.socure_document_id,
    socureDeviceId: row.socure_device_id,
  };
}
