import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import {
  AccountReply,
  ApiErrorBody,
  AuthenticatedReply,
  ChallengeReply,
  DevOutboxResponse,
  KycDocumentUploadReply,
  SignInResponse,
  VerificationSession,
  type KycDocument,
  type KycIndividualInput,
  type VerificationDocumentType,
} from '@rampart/contracts';
import { createTestApp, type TestApp } from '../helpers';
import { isoDay, multipartBody, tinyPng, type Fields, type FormFile } from '../upload-fixtures';
import type { Env } from '../../src/config';
import { systemClock, type Clock } from '../../src/lib/clock';

/** What `uploadDocument` sends: one document of a type, with a back side and an expiry unless told otherwise. */
export interface TestDocument {
  documentType: VerificationDocumentType | 'other';
  /** Default: a tiny PNG. */
  file?: FormFile;
  /** Default: a back side for every type but the passport and `other`. */
  back?: FormFile | null;
  /** Default: a year after the kit's clock; null sends none. */
  expiresOn?: string | null;
  /** Marks the upload as the selfie (type other, subtype selfie, identity_photo), as the capture widget sends it. */
  selfie?: boolean;
}

/**
 * The real app on a real database for the KYC suites, with users signed in through HTTP as the SPA does
 * (sign-up, emailed code, password, emailed second factor). The custodian decides at once (no review delay).
 */
export async function createKycKit(options: { env?: Env; worker?: boolean; clock?: Clock } = {}) {
  // Uploads land in a folder of this kit's own unless the suite chose one (and removes it itself).
  const ownDataDir = options.env?.DATA_DIR ? null : await mkdtemp(path.join(os.tmpdir(), 'rampart-kyc-'));
  const clock = options.clock ?? systemClock;
  const t: TestApp = await createTestApp({
    env: {
      CUSTODIAN_REVIEW_DELAY_SECONDS: '0',
      IDV_REVIEW_DELAY_SECONDS: '0',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...options.env,
    },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  if (options.worker) await t.jobs.startWorking({ pollingIntervalSeconds: 0.5 });
  let ipCounter = 0;

  async function call(
    url: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; method?: 'GET' | 'POST' } = {},
  ) {
    ipCounter += 1;
    const inject: InjectOptions = {
      method: options.method ?? 'POST',
      url,
      remoteAddress: `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    };
    const res = await t.app.inject(inject);
    return { status: res.statusCode, body: res.json() as unknown };
  }

  async function latestCode(to: string): Promise<string> {
    const res = await call(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { method: 'GET' });
    const code = /\b(\d{6})\b/.exec(DevOutboxResponse.parse(res.body).messages[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`no code in the outbox for ${to}`);
    return code;
  }

  /** A new confirmed user, signed in: returns the bearer token the SPA would send. */
  async function signedInUser(email: string): Promise<string> {
    const password = 'correct horse battery staple';
    expect((await call('/api/identity/sign-up', { body: { email, password } })).status).toBe(200);
    expect(
      (await call('/api/identity/confirm-sign-up', { body: { email, code: await latestCode(email) } })).status,
    ).toBe(200);
    const first = ChallengeReply.parse((await call('/api/identity/sign-in', { body: { email, password } })).body);
    const second = await call('/api/identity/respond-to-challenge', {
      body: { challengeName: 'EMAIL_OTP', session: first.session, code: await latestCode(email) },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    return AuthenticatedReply.parse(SignInResponse.parse(second.body)).authenticationResult.accessToken;
  }

  /** The error a client sees; with `field`, the message is also the one shown on that field. */
  function expectError(res: { status: number; body: unknown }, status: number, code: string, field?: string) {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const body = ApiErrorBody.parse(res.body);
    expect(body.code).toBe(code);
    if (field) expect(body.errors?.fields[field]).toBe(body.message);
    return body;
  }

  async function accountStatus(token: string) {
    const res = await call('/api/primetrust/account/get', { token, body: {} });
    expect(res.status).toBe(200);
    return AccountReply.parse(res.body);
  }

  /** Waits for the decision job (the worker polls every 0.5 s). */
  async function waitForDecision(token: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const account = await accountStatus(token);
      if (account.status !== 'pending' || Date.now() > deadline) return account;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** A multipart upload to the KYC document call, with a login or a capture token. */
  async function upload(token: string | null, fields: Fields) {
    const { payload, contentType } = await multipartBody(fields);
    return call('/api/fileupload-user-kyc-document-upload', {
      ...(token ? { token } : {}),
      body: payload,
      headers: { 'content-type': contentType },
    });
  }

  /** Uploads one document (see TestDocument for the defaults) and returns its row. */
  async function uploadDocument(token: string, doc: TestDocument): Promise<KycDocument> {
    const needsBack = doc.documentType !== 'passport' && doc.documentType !== 'other';
    const back =
      doc.back === undefined
        ? needsBack
          ? { bytes: tinyPng(), name: 'back.png', type: 'image/png' }
          : null
        : doc.back;
    const expiresOn = doc.expiresOn === undefined ? (doc.selfie ? null : isoDay(365, clock.now())) : doc.expiresOn;
    const fields: Fields = {
      file0: doc.file ?? { bytes: tinyPng(), name: doc.selfie ? 'selfie.png' : 'front.png', type: 'image/png' },
      file0_document_type: doc.selfie ? 'other' : doc.documentType,
      file0_country: 'US',
      ...(doc.selfie ? { file0_document_subtype: 'selfie', file0_identity_photo: 'true' } : { file0_identity: 'true' }),
      ...(doc.documentType === 'other' && !doc.selfie ? { file0_document_subtype: 'library card' } : {}),
      ...(back ? { file0_back: back } : {}),
      ...(expiresOn ? { file0_expires_on: expiresOn } : {}),
    };
    const res = await upload(token, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = KycDocumentUploadReply.parse(res.body).documents[0];
    if (!saved) throw new Error('the upload returned no document');
    return saved;
  }

  /**
   * The capture widget's work: uploads a passport (a tiny PNG, expiring in a year) and a selfie, then names them in
   * submit_document. The KYC details must be saved first (uploads belong to the custodian contact).
   */
  async function captureIdentity(
    token: string,
    documentType: VerificationDocumentType = 'passport',
  ): Promise<VerificationSession> {
    const document = await uploadDocument(token, { documentType });
    const selfie = await uploadDocument(token, { documentType: 'other', selfie: true });
    const res = await call('/api/socure/submit_document', {
      token,
      body: { documentType, documentId: document.id, selfieId: selfie.id, deviceId: 'test:kit' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return VerificationSession.parse(res.body);
  }

  async function identityStatus(token: string): Promise<VerificationSession> {
    const res = await call('/api/socure/status', { token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return VerificationSession.parse(res.body);
  }

  /** Waits while the identity session is in one of `waiting` (default: submitted, the decision job's turn). */
  async function waitForIdentity(
    token: string,
    waiting: readonly string[] = ['submitted'],
    timeoutMs = 20_000,
  ): Promise<VerificationSession> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const session = await identityStatus(token);
      if (!waiting.includes(session.status) || Date.now() > deadline) return session;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function close() {
    await t.close();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  }

  return {
    t,
    call,
    signedInUser,
    expectError,
    accountStatus,
    waitForDecision,
    upload,
    uploadDocument,
    captureIdentity,
    identityStatus,
    waitForIdentity,
    close,
  };
}

export type KycKit = Awaited<ReturnType<typeof createKycKit>>;

/** A record every rule accepts: 30 years old on any test day. */
export function validIndividual(overrides: { first?: string; last?: string } = {}): KycIndividualInput {
  const year = new Date().getUTCFullYear() - 30;
  return {
    name: { first: overrides.first ?? 'Ada', last: overrides.last ?? 'Lovelace' },
    birth: { year, month: 3, day: 14 },
    tax: { identifier: '123-45-6789' },
    address: { street1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US', region: 'IL' },
    telephone: { country: 'US', countryCode: '1', number: '2015550123' },
  };
}
