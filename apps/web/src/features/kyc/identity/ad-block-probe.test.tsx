import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { IdentityStep } from './index';
import { appTree, fakeFetch } from './test-network';

const PROBE_URL = 'https://ads.probe.example/pagead/show_ads.js';

/** The API's calls go through the app's client (fakeFetch); the probe goes out with the page's own fetch. */
type Probe = Mock<(url: string, init?: RequestInit) => Promise<Response>>;

function mount(adBlockProbeUrl: string | null, probe: Probe) {
  vi.stubGlobal('fetch', probe);
  const net = fakeFetch({ '/user/country': () => ({ body: { country: 'US', source: 'kyc' } }) });
  render(appTree(<IdentityStep onCaptured={vi.fn()} />, { fetch: net.fetch, token: 'user-token', adBlockProbeUrl }));
  return net;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the ad-blocker probe on the identity step (R21)', () => {
  it('sends nothing when the deployment sets no probe address', async () => {
    const probe: Probe = vi.fn(async () => new Response(null));
    mount(null, probe);
    await screen.findByRole('heading', { name: 'Verify your identity' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(probe).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('sends one HEAD no-cors request to the address and shows nothing when it goes through', async () => {
    const probe: Probe = vi.fn(async () => new Response(null));
    const net = mount(PROBE_URL, probe);
    await screen.findByRole('heading', { name: 'Verify your identity' });
    await waitFor(() => expect(probe).toHaveBeenCalledOnce());
    expect(probe).toHaveBeenCalledWith(PROBE_URL, expect.objectContaining({ method: 'HEAD', mode: 'no-cors' }));
    // Not an API call: no token goes to the third party, and the API saw no probe.
    const init = probe.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
    expect(init?.credentials).toBe('omit');
    expect(net.calls.map((c) => c.path)).not.toContain(PROBE_URL);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start KYC Verification' })).toBeInTheDocument();
  });

  it('shows the ad-blocker notice over the step when the probe fails on the network', async () => {
    const probe: Probe = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    mount(PROBE_URL, probe);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Ad Blocker Detected');
    expect(dialog).toHaveTextContent(
      'Please disable your ad blocker and refresh the page to proceed with the onboarding process.',
    );
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toHaveFocus();
    expect(probe).toHaveBeenCalledOnce();
  });
});
