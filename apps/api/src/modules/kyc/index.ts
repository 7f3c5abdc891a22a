/**
 * The kyc module's surface (docs/architecture.md, "Modules"): the individual's details, the agreement and the
 * identity documents.
 */
export { kycRoutes } from './routes';
export { kycDocumentRoutes } from './documents-routes';
export { AGREEMENT_VERSION } from './agreement-template';
export {
  findIndividual,
  insertIndividual,
  findRelatedId,
  recordCaptureOfIndividual,
  findRecordCountry,
  deleteIndividual,
} from './repository';
export { findCaptureUploads, type CaptureUpload } from './documents-repository';
export type { DocumentsContext } from './upload-documents';
