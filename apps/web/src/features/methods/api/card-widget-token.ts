import { CardTokenReply, type CardFormLanguage, type CardWidgetTokenRequest } from '@rampart/contracts';
import type { ApiClient } from '../../../lib/api';

/** POST /primetrust-creditcard-widget-token { lang }: a single-use token and the hosted card form's address for it. */
export function createCardWidgetToken(api: ApiClient, lang: CardFormLanguage): Promise<CardTokenReply> {
  const body: CardWidgetTokenRequest = { lang };
  return api.request('/primetrust-creditcard-widget-token', { body, schema: CardTokenReply });
}
