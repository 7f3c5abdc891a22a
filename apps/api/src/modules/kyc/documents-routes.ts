import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmptyRequest,
  KYC_MAX_DOCUMENTS_PER_UPLOAD,
  KycDocumentListReply,
  KycDocumentUploadReply,
  KYC_DOCUMENT_METADATA_MAX_BYTES,
} from '@rampart/contracts';
import { errorResponses } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import { listKycDocuments } from './documents-repository';
import { readDocumentUpload } from './read-document-upload';
import { uploadDocuments, type DocumentsContext } from './upload-documents';

const tags = ['kyc'];

/** The two fileupload calls of document 2, section 7. Only the caller's own documents, read and written. */
export const kycDocumentRoutes: FastifyPluginAsyncZod<{ ctx: DocumentsContext }> = async (app, { ctx }) => {
  app.post(
    '/fileupload-user-kyc-document-list',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: "The caller's KYC documents, newest first",
        body: EmptyRequest,
        response: { 200: KycDocumentListReply, ...errorResponses },
      },
    },
    async (request) => ({ documents: await listKycDocuments(ctx.db, requireUser(request).userGuid) }),
  );
  // Multipart only here: registered in a scope of its own, so no other route accepts multipart bodies.
  await app.register(uploadRoute, { ctx });
};

const uploadRoute: FastifyPluginAsyncZod<{ ctx: DocumentsContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: {
      // R11 is per request; busboy only knows per-file limits, so each file may use all of it and the reader
      // counts the request's total (read-document-upload.ts).
      fileSize: ctx.uploadLimitBytes,
      files: KYC_MAX_DOCUMENTS_PER_UPLOAD * 2,
      // 12 names per index (document 1, section 3, plus fileN_issued_on), text ones at most this long.
      fields: KYC_MAX_DOCUMENTS_PER_UPLOAD * 12,
      parts: KYC_MAX_DOCUMENTS_PER_UPLOAD * 14,
      fieldSize: KYC_DOCUMENT_METADATA_MAX_BYTES * 2,
      fieldNameSize: 64,
      headerPairs: 100,
    },
  });
  app.post(
    '/fileupload-user-kyc-document-upload',
    {
      // Authenticated before a byte of the body is read: an anonymous upload is refused without being received.
      // A capture call (decision 010): the phone's capture token is accepted too, while its capture is open.
      preValidation: app.authenticateCapture,
      schema: {
        tags,
        summary:
          'Upload KYC documents (multipart/form-data: fileN, fileN_back, fileN_document_type, ...); jpeg, png or pdf, 60 MB per request',
        consumes: ['multipart/form-data'],
        response: { 200: KycDocumentUploadReply, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await ctx.ensureCaptureOpen(user);
      const uploaded = await readDocumentUpload(request, ctx.uploadLimitBytes);
      return uploadDocuments(ctx, user.userGuid, uploaded);
    },
  );
};
