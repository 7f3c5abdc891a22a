import { isApiError, type ApiClient } from './api';

/**
 * What a connection failure means for the user (docs/decisions/063): 'offline' (the browser says it has no network),
 * 'unreachable' (online, yet the API's health check did not answer either), 'down' (the API answered that it is not
 * healthy, or a proxy answered for it), 'up' (the API is healthy: the failed call was a passing interruption).
 */
export type ServiceReachability = 'offline' | 'unreachable' | 'down' | 'up';

/** A call that never reached the API or got no reply in time. */
export function isConnectionFailure(error: unknown): boolean {
  return isApiError(error) && error.kind === 'connection';
}

/**
 * GET /user/healthcheck (document 2, section 7), once, after a call failed on the connection. Not retried: the failed
 * call already did, and the answer is wanted now, its failure being an answer too.
 */
export async function checkService(
  api: ApiClient,
  online: () => boolean = () => navigator.onLine,
): Promise<ServiceReachability> {
  if (!online()) return 'offline';
  try {
    await api.request('/user/healthcheck', { method: 'GET', retry: false });
    return 'up';
  } catch (error) {
    if (!isApiError(error) || error.kind === 'connection') return online() ? 'unreachable' : 'offline';
    return error.statusCode !== undefined && error.statusCode >= 500 ? 'down' : 'up';
  }
}
