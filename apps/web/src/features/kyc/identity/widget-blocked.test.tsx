import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IdentityStep } from './index';
import { appTree, fakeFetch } from './test-network';

// The widget's chunk does not arrive (an ad blocker refuses it, the network drops): its import rejects.
vi.mock('./widget/capture-widget', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/capture-widget.js');
});

describe('when the capture widget cannot load (R21)', () => {
  it('shows the ad-blocker notice in its place', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const net = fakeFetch({ '/user/country': () => ({ body: { country: 'US', source: 'kyc' } }) });
    const user = userEvent.setup();
    render(appTree(<IdentityStep onCaptured={vi.fn()} />, { fetch: net.fetch, token: 'user-token' }));
    await user.click(await screen.findByRole('button', { name: 'Continue on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ad Blocker Detected - Please disable your ad blocker and refresh the page to proceed with the onboarding process.',
    );
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Photograph your document' })).toBeNull();
  });
});
