import { CardTokenReply, type CardFormLanguage, type CardRefreshTokenRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-creditcard-refresh-token { token, lang }: the form's expired token for a new one (the old one dies). */
export function refreshCardToken(api: ApiClient, token: string, lang: CardFormLanguage): Promise<CardTokenReply> {
  const body: CardRefreshTokenRequest = { token, lang };
  return api.request('/primetrust-creditcard-refresh-token', { body, schema: CardTokenReply });
}
