import { cardFormUrl, type CardFormLanguage, type CardTokenPurpose, type CardTokenReply } from '@rampart/contracts';

/** A hosted form token as the token calls answer it, with the form's address in the caller's language. */
export function tokenReply(
  purpose: CardTokenPurpose,
  issued: { token: string; expiresAt: Date },
  lang: CardFormLanguage | undefined,
): CardTokenReply {
  return {
    token: issued.token,
    purpose,
    expiresAt: issued.expiresAt.toISOString(),
    formUrl: cardFormUrl(issued.token, lang ?? 'en'),
  };
}
