import { useQuery } from '@tanstack/react-query';
import { useAppConfig } from '../../../lib/config';

export type ProbeOutcome = 'reachable' | 'blocked';

/**
 * Document 2, section 7: "a HEAD no-cors probe to an ad-serving script to detect an ad blocker" (R21). A no-cors
 * reply is opaque, so only the outcome counts: any reply means the address was reachable; a network failure means a
 * blocker (or the network) stopped it. Not an API call: it goes out with plain fetch, no token, no retry.
 */
export async function probeAdBlocker(url: string): Promise<ProbeOutcome> {
  try {
    await globalThis.fetch(url, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit' });
    return 'reachable';
  } catch {
    return 'blocked';
  }
}

/**
 * Whether the deployment's probe address (`adBlockProbeUrl` of /api/config, off by default) was blocked. Probed once
 * per page load; without the setting nothing is sent and the answer is false.
 */
export function useAdBlockDetected(): boolean {
  const url = useAppConfig().data?.adBlockProbeUrl ?? null;
  const probe = useQuery({
    queryKey: ['ad-block-probe', url],
    queryFn: () => probeAdBlocker(url as string),
    enabled: url !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return url !== null && probe.data === 'blocked';
}
