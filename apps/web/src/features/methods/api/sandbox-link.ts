import { PlaidSandboxLinkReply, type PlaidSandboxLinkRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/**
 * POST /plaid-sandbox-link: the sandbox's link screen. The link token and the chosen institution give a public token
 * and the institution's accounts (a real bank-link service does this in its own hosted screen).
 */
export function completeSandboxLink(api: ApiClient, body: PlaidSandboxLinkRequest): Promise<PlaidSandboxLinkReply> {
  return api.request('/plaid-sandbox-link', { body, schema: PlaidSandboxLinkReply });
}
