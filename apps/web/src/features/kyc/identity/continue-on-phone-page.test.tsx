import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERIFICATION_MESSAGES } from '@rampart/contracts';
import i18n from '../../../lib/i18n';
import { ContinueOnPhonePage } from './index';
import { forgetValidations } from './continue-on-phone-page';
import { CAPTURE_TOKEN_KEY } from './model';
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
  type Routes,
} from './test-network';

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eHh5enp5eHd2dXRzcnFwb25t';
const IN_AN_HOUR = new Date(Date.now() + 3600_000).toISOString();

function validReply() {
  return {
    body: {
      valid: true,
      userGuid: 'u-1',
      sessionId: 's-1',
      status: 'capturing',
      captureToken: 'capture-token-1',
      captureTokenExpiresAt: IN_AN_HOUR,
      country: 'GB',
    },
  };
}

function mount(routes: Routes, path = `/kyc/continue?token=${TOKEN}`) {
  const net = fakeFetch(routes);
  // The phone page must not use the signed-in client: its fetch is the global one, stubbed here.
  vi.stubGlobal('fetch', net.fetch);
  const signedIn = fakeFetch({});
  render(appTree(<ContinueOnPhonePage />, { fetch: signedIn.fetch, token: 'someone-signed-in', path }));
  return { ...net, signedIn };
}

beforeEach(() => {
  forgetValidations();
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('continue on the phone (/kyc/continue)', () => {
  it('consumes the link once, keeps the capture token, removes the token from the address, and captures with it', async () => {
    const { requests } = fakeXhr((request) =>
      formFields(request.body).fields.file0_document_type === 'other'
        ? uploadReply(SELFIE_ID, 'other')
        : uploadReply(DOCUMENT_ID, 'passport'),
    );
    const { calls, signedIn } = mount({
      '/socure/validate_sms': () => validReply(),
      '/socure/status': () => ({ body: session('capturing') }),
      '/socure/submit_document': () => ({ body: session('submitted') }),
    });
    // The widget's chunk loads on first use (slow the first time in a test run).
    expect(await screen.findByRole('heading', { name: 'Photograph your document' })).toBeInTheDocument();
    expect(calls[0]).toEqual({ path: '/socure/validate_sms', body: { token: TOKEN }, authorization: null });
    expect(calls.filter((c) => c.path === '/socure/validate_sms')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/kyc\/continue$/);
    expect(JSON.parse(window.sessionStorage.getItem(CAPTURE_TOKEN_KEY) ?? '{}')).toMatchObject({
      captureToken: 'capture-token-1',
      expiresAt: IN_AN_HOUR,
    });
    // The document's country starts at the user's (its name once the lazily loaded country names arrive, which on a
    // busy machine can be after the field is shown).
    const country = (await screen.findByRole('combobox', { name: 'Issuing country' })) as HTMLInputElement;
    await waitFor(() => expect(country.value).toMatch(/^United Kingdom/));

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Passport' }));
    const [month] = screen.getAllByRole('spinbutton');
    await user.click(month!);
    await user.keyboard('01012035');
    await user.upload(screen.getByTestId('photo-input-file'), imageFile('front.jpg'));
    await user.upload(screen.getByTestId('photo-input-selfie'), imageFile('selfie.jpg'));
    await user.click(screen.getByRole('button', { name: 'Upload and submit' }));

    expect(await screen.findByRole('heading', { name: 'All done on this phone' })).toBeInTheDocument();
    expect(screen.getByText('Go back to your computer to finish your verification.')).toBeInTheDocument();
    expect(requests.map((r) => r.headers.authorization)).toEqual(['Bearer capture-token-1', 'Bearer capture-token-1']);
    expect(formFields(requests[0]!.body).fields.file0_country).toBe('GB');
    const after = calls.filter((c) => c.path !== '/socure/validate_sms');
    expect(after.map((c) => c.authorization)).toEqual(after.map(() => 'Bearer capture-token-1'));
    expect(calls.find((c) => c.path === '/socure/submit_document')?.body).toMatchObject({
      documentType: 'passport',
      documentId: DOCUMENT_ID,
      selfieId: SELFIE_ID,
    });
    // Nothing went through the signed-in client of this browser.
    expect(signedIn.calls).toHaveLength(0);
    expect(window.sessionStorage.getItem(CAPTURE_TOKEN_KEY)).toBeNull();
  });

  it('says a used or unknown link is not valid, and what to do next', async () => {
    mount({
      '/socure/validate_sms': () => ({
        status: 400,
        body: {
          message: 'This link is not valid or has already been used.',
          code: 'verification_link_invalid',
          type: 'api_error',
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByTestId('idv-link-message')).toHaveTextContent(
      'This link is not valid or has already been used.',
    );
    expect(screen.getByText(/On your computer, choose Change Phone Number and send a new link/)).toBeInTheDocument();
  });

  it('says an expired link has expired', async () => {
    mount({
      '/socure/validate_sms': () => ({
        status: 400,
        body: {
          message: 'This link has expired. Please ask for a new one.',
          code: 'verification_link_expired',
          type: 'api_error',
        },
      }),
    });
    expect(await screen.findByTestId('idv-link-message')).toHaveTextContent(
      'This link has expired. Please ask for a new one.',
    );
    expect(screen.getByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
  });

  it('shows the refusal in Spanish by its key, whatever its English says', async () => {
    await i18n.changeLanguage('es');
    try {
      mount({
        '/socure/validate_sms': () => ({
          status: 400,
          body: {
            message: 'This link is past its time',
            code: 'verification_link_expired',
            type: 'api_error',
            messageKey: 'verification.linkExpired',
          },
        }),
      });
      expect(await screen.findByTestId('idv-link-message')).toHaveTextContent(VERIFICATION_MESSAGES.es.linkExpired);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('keeps working after a reload without the token, from the kept capture token', async () => {
    window.sessionStorage.setItem(
      CAPTURE_TOKEN_KEY,
      JSON.stringify({ captureToken: 'capture-token-1', expiresAt: IN_AN_HOUR, country: 'US', status: 'capturing' }),
    );
    const { calls } = mount({}, '/kyc/continue');
    expect(await screen.findByRole('heading', { name: 'Photograph your document' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(0));
  });

  it('without a token or a kept capture, says the link is not valid', async () => {
    mount({}, '/kyc/continue');
    expect(await screen.findByTestId('idv-link-message')).toHaveTextContent(
      'This link is not valid or has already been used.',
    );
  });

  it('runs the ad-blocker probe as the identity step does, and shows the notice over the page when it is blocked', async () => {
    const probeUrl = 'https://ads.probe.example/pagead/show_ads.js';
    const net = fakeFetch({ '/socure/validate_sms': () => validReply() });
    const probed: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url !== probeUrl) return net.fetch(input, init);
      probed.push(`${init?.method ?? 'GET'} ${init?.mode ?? ''}`);
      throw new TypeError('Failed to fetch');
    });
    render(
      appTree(<ContinueOnPhonePage />, {
        fetch: fakeFetch({}).fetch,
        path: `/kyc/continue?token=${TOKEN}`,
        adBlockProbeUrl: probeUrl,
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Ad Blocker Detected');
    expect(probed).toEqual(['HEAD no-cors']);
  });
});
