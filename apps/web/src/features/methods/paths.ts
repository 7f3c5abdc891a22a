import { sanitizeRedirect } from '../../lib/redirect';

/** The routes of the methods screens (decision 019). */
export const METHODS_PATH = '/methods';
export const BANK_LINK_PATH = '/methods/bank';
export const CARD_PATH = '/methods/card';

/** `/methods/bank?reauth=<id>`: the bank-link screen limited to the method's own bank, to log in again. */
export function reauthPath(fundsTransferMethodId: string): string {
  return `${BANK_LINK_PATH}?reauth=${encodeURIComponent(fundsTransferMethodId)}`;
}

/**
 * Where a finished link, re-auth or card add goes: the `redirect` query when there is one (made safe as the sign-in
 * flow does: this origin's paths only), else the methods list.
 */
export function returnPath(redirect: string | null): string {
  if (redirect === null || redirect === '') return METHODS_PATH;
  const safe = sanitizeRedirect(redirect);
  // An unsafe value comes back as '/': the user came from the methods screens, so back there instead.
  return safe === '/' && redirect !== '/' ? METHODS_PATH : safe;
}
