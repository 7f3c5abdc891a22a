import type { TotpAssociateResponse } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /identity/totp/associate: a new authenticator secret and its otpauth URI, pending verification. */
export function associateTotp(api: ApiClient, reauthToken: string): Promise<TotpAssociateResponse> {
  return api.request<TotpAssociateResponse>('/identity/totp/associate', { body: { reauthToken } });
}
