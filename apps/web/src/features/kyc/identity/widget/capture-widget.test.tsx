import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityStep } from '../index';
import { DEVICE_ID_PATTERN } from '../model';
import {
  appTree,
  DOCUMENT_ID,
  fakeFetch,
  fakeXhr,
  formFields,
  imageFile,
  SELFIE_ID,
  session,
  uploadReply,
  type Reply,
  type Routes,
  type XhrRequest,
} from '../test-network';

const SUBMITTED = session('submitted', { documentType: 'passport', submittedAt: '2030-01-01T00:00:00.000Z' });

function routes(extra: Routes = {}): Routes {
  return {
    '/user/country': () => ({ body: { country: 'US', source: 'kyc' } }),
    '/socure/status': () => ({ body: session('not_started') }),
    '/socure/submit_document': () => ({ body: SUBMITTED }),
    ...extra,
  };
}

/** The document's upload answers with its id, the selfie's with its own. */
function uploads(request: XhrRequest): Reply {
  const { fields } = formFields(request.body);
  return fields.file0_document_type === 'other'
    ? uploadReply(SELFIE_ID, 'other')
    : uploadReply(DOCUMENT_ID, fields.file0_document_type ?? '');
}

async function openWidget(extra: Routes = {}) {
  const net = fakeFetch(routes(extra));
  const onCaptured = vi.fn();
  window.localStorage.setItem('token', 'user-token');
  const user = userEvent.setup();
  render(appTree(<IdentityStep onCaptured={onCaptured} />, { fetch: net.fetch, token: 'user-token' }));
  await user.click(await screen.findByRole('button', { name: 'Continue on this device' }));
  // The widget's chunk loads on first use (slow the first time in a test run).
  await screen.findByRole('heading', { name: 'Photograph your document' });
  return { ...net, onCaptured, user };
}

async function typeExpiry(user: UserEvent, mmddyyyy: string) {
  const group = screen.getByRole('group', { name: 'Expiry date' });
  const [month] = within(group).getAllByRole('spinbutton');
  await user.click(month!);
  await user.keyboard(mmddyyyy);
}

async function fill(user: UserEvent, type: 'Passport' | "Driver's license", options: { back?: boolean } = {}) {
  await user.click(screen.getByRole('radio', { name: type }));
  await typeExpiry(user, '01012035');
  await user.upload(screen.getByTestId('photo-input-file'), imageFile('front.jpg'));
  if (options.back)
    await user.upload(screen.getByTestId('photo-input-backFile'), imageFile('back.png', 1000, 'image/png'));
  await user.upload(screen.getByTestId('photo-input-selfie'), imageFile('selfie.jpg'));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the capture widget', () => {
  it('asks for no back photo for a passport, and for one for a driver’s license', async () => {
    fakeXhr(uploads);
    const { user } = await openWidget();
    await user.click(screen.getByRole('radio', { name: 'Passport' }));
    expect(screen.queryByRole('group', { name: 'Back of the document' })).toBeNull();
    expect(screen.getByText('A passport needs the photo page only.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: "Driver's license" }));
    expect(screen.getByRole('group', { name: 'Back of the document' })).toBeInTheDocument();
  });

  it('says what is missing under each control, and an expired document clearly', async () => {
    const { requests } = fakeXhr(uploads);
    const { user, calls } = await openWidget();
    await user.click(screen.getByRole('radio', { name: "Driver's license" }));
    await typeExpiry(user, '01012020');
    expect(screen.getByTestId('field-error-documentExpiration')).toHaveTextContent(
      'This document has expired. Use a document that is still valid.',
    );
    await user.click(screen.getByRole('button', { name: 'Upload and submit' }));
    expect(screen.getByTestId('field-error-file')).toHaveTextContent('Add a photo of the front of your document.');
    expect(screen.getByTestId('field-error-backFile')).toHaveTextContent('Add a photo of the back of your document.');
    expect(screen.getByTestId('field-error-selfie')).toHaveTextContent('Add a selfie.');
    expect(requests).toHaveLength(0);
    expect(calls.some((c) => c.path === '/socure/submit_document')).toBe(false);
  });

  it('offers photo buttons by keyboard, with the camera on a phone (accept and capture)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    fakeXhr(uploads);
    const { user } = await openWidget();
    expect(screen.getByTestId('photo-camera-file')).toHaveAttribute('capture', 'environment');
    expect(screen.getByTestId('photo-camera-file')).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(screen.getByTestId('photo-input-file')).toHaveAttribute('accept', 'image/jpeg,image/png,application/pdf');
    expect(screen.getByTestId('photo-camera-selfie')).toHaveAttribute('capture', 'user');
    expect(screen.getByTestId('photo-input-selfie')).toHaveAttribute('accept', 'image/jpeg,image/png');
    const take = screen.getByRole('button', { name: 'Front of the document: Take a photo' });
    const clicked = vi.fn();
    screen.getByTestId('photo-camera-file').addEventListener('click', clicked);
    take.focus();
    await user.keyboard('{Enter}');
    expect(clicked).toHaveBeenCalled();
  });

  it('uploads the document and the selfie with their fields and the bearer token, then submits them once', async () => {
    const { requests } = fakeXhr(uploads);
    const { user, calls, onCaptured } = await openWidget();
    await fill(user, "Driver's license", { back: true });
    await user.click(screen.getByRole('button', { name: 'Upload and submit' }));
    await waitFor(() => expect(onCaptured).toHaveBeenCalledOnce());

    expect(requests).toHaveLength(2);
    const [document, selfie] = requests.map((r) => ({ ...r, ...formFields(r.body) }));
    expect(document?.url).toBe('/api/fileupload-user-kyc-document-upload');
    expect(document?.method).toBe('POST');
    expect(document?.headers.authorization).toBe('Bearer user-token');
    expect(document?.files).toEqual({ file0: 'front.jpg', file0_back: 'back.png' });
    expect(document?.fields).toEqual({
      file0_document_type: 'drivers_license',
      file0_country: 'US',
      file0_expires_on: '2035-01-01',
      file0_identity: 'true',
    });
    expect(selfie?.headers.authorization).toBe('Bearer user-token');
    expect(selfie?.files).toEqual({ file0: 'selfie.jpg' });
    expect(selfie?.fields).toEqual({
      file0_document_type: 'other',
      file0_document_subtype: 'selfie',
      file0_identity_photo: 'true',
      file0_country: 'US',
    });

    const submits = calls.filter((c) => c.path === '/socure/submit_document');
    expect(submits).toHaveLength(1);
    const body = submits[0]?.body as Record<string, string>;
    expect(body).toMatchObject({ documentType: 'drivers_license', documentId: DOCUMENT_ID, selfieId: SELFIE_ID });
    expect(body.deviceId).toMatch(DEVICE_ID_PATTERN);
    expect(window.localStorage.getItem('rampart.idv.deviceId')).toBe(body.deviceId);
  });

  it('sends no back side for a passport', async () => {
    const { requests } = fakeXhr(uploads);
    const { user, onCaptured } = await openWidget();
    await fill(user, 'Passport');
    await user.click(screen.getByRole('button', { name: 'Upload and submit' }));
    await waitFor(() => expect(onCaptured).toHaveBeenCalledOnce());
    const document = formFields(requests[0]!.body);
    expect(document.files).toEqual({ file0: 'front.jpg' });
    expect(document.fields.file0_document_type).toBe('passport');
  });

  it('shows the upload progress with its percentage', async () => {
    const { requests } = fakeXhr();
    const { user } = await openWidget();
    await fill(user, 'Passport');
    await user.click(screen.getByRole('button', { name: 'Upload and submit' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    // Front and selfie weigh the same: half of the first request is a quarter of the whole.
    requests[0]!.progress(500, 1000);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading your photos' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(bar).toHaveTextContent('25%');
    expect(screen.getByRole('button', { name: 'Please wait…' })).toBeDisabled();
  });

  it('puts the upload’s field errors under their controls', async () => {
    fakeXhr(() => ({
      status: 400,
      body: {
        message: 'validation error',
        type: 'new_validation_error',
        errors: {
          errors: [],
          fields: {
            'document documentExpiration': 'The document has expired.',
            'document backFile': 'Both sides of this document are required.',
          },
        },
      },
    }));
    const { user, calls, onCaptured } = await openWidget();
    await fill(user, "Driver's license", { back: true });
    await user.click(screen.getByRole('button', { name: 'Upload and submit' }));
    expect(await screen.findByTestId('field-error-documentExpiration')).toHaveTextContent('The document has expired.');
    expect(screen.getByTestId('field-error-backFile')).toHaveTextContent('Both sides of this document are required.');
    expect(calls.some((c) => c.path === '/socure/submit_document')).toBe(false);
    expect(onCaptured).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Upload and submit' })).toBeEnabled();
  });

  it('shows a 413 reply’s message under the photo', async () => {
    fakeXhr(() => ({
      status: 413,
      body: {
        message: 'The upload is larger than 60 MB.',
        code: 'payload_too_large',
        errors: {
          errors: ['The upload is larger than 60 MB.'],
          fields: { 'document file': 'The upload is larger than 60 MB.' },
        },
      },
    }));
    const { user } = await openWidget();
    await fill(user, 'Passport');
    await user.click(screen.getByRole('button', { name: 'Upload and submit' }));
    expect(await screen.findByTestId('field-error-file')).toHaveTextContent('The upload is larger than 60 MB.');
  });

  it('submits once even when the button is pressed twice', async () => {
    const { requests } = fakeXhr(uploads);
    const { user, calls, onCaptured } = await openWidget();
    await fill(user, 'Passport');
    await user.dblClick(screen.getByRole('button', { name: 'Upload and submit' }));
    await waitFor(() => expect(onCaptured).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/socure/submit_document')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/socure/status')).toHaveLength(1);
    expect(onCaptured).toHaveBeenCalledOnce();
  });

  it('sends again only the selfie when only the selfie was refused', async () => {
    let selfieRefused = true;
    const { requests } = fakeXhr((request) => {
      const { fields } = formFields(request.body);
      if (fields.file0_document_type === 'other' && selfieRefused) {
        selfieRefused = false;
        return {
          status: 400,
          body: {
            message: 'validation error',
            type: 'new_validation_error',
            errors: { errors: [], fields: { 'document file': 'Only JPEG, PNG or PDF files are accepted.' } },
          },
        };
      }
      return uploads(request);
    });
    const { user, onCaptured } = await openWidget();
    await fill(user, 'Passport');
    await user.click(screen.getByRole('button', { name: 'Upload and submit' }));
    expect(await screen.findByTestId('field-error-selfie')).toHaveTextContent(
      'Only JPEG, PNG or PDF files are accepted.',
    );
    await user.upload(screen.getByTestId('photo-input-selfie'), imageFile('selfie-2.png', 1000, 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Upload and submit' }));
    await waitFor(() => expect(onCaptured).toHaveBeenCalledOnce());
    expect(requests.map((r) => formFields(r.body).files.file0)).toEqual(['front.jpg', 'selfie.jpg', 'selfie-2.png']);
  });

  it('says what to do when the connection drops during the upload, and lets the user try again', async () => {
    const { requests } = fakeXhr();
    const { user } = await openWidget();
    await fill(user, 'Passport');
    await user.click(screen.getByRole('button', { name: 'Upload and submit' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.fail();
    expect(await screen.findByTestId('capture-error')).toHaveTextContent(
      'The upload did not go through. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Upload and submit' })).toBeEnabled();
  });
});
