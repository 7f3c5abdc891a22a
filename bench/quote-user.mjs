// The benchmarks' user of POST /api/ramp/quote: signed up and in through the API, its custodial account opened by
// the sandbox (as the trade pages need), and the quote it asks for (USD balance -> 10 USDS on the XRP Ledger).
import { postJson } from './lib.mjs';

const PASSWORD = 'correct horse battery staple 42';
const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

async function newestCode(base, email) {
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  return /\b(\d{6})\b/.exec(outbox.messages[0].text)[1];
}

/** A signed-in user whose custodial account is opened (the sandbox), as the trade pages need. */
export async function verifiedUser(base, n = 0) {
  const email = `bench-quote-${Date.now()}-${n}@example.com`;
  await postJson(base, '/api/identity/sign-up', { email, password: PASSWORD });
  await postJson(base, '/api/identity/confirm-sign-up', { email, code: await newestCode(base, email) });
  const challenge = await postJson(base, '/api/identity/sign-in', { email, password: PASSWORD });
  const done = await postJson(base, '/api/identity/respond-to-challenge', {
    challengeName: 'EMAIL_OTP',
    session: challenge.session,
    code: await newestCode(base, email),
  });
  const token = done.authenticationResult.accessToken;
  await postJson(base, '/api/primetrust/sandbox/account/individual/create', {}, token);
  return token;
}

const QUOTE = {
  buyAssetTicker: 'USDS',
  buyNetwork: 'xrpl',
  buyAddress: XRPL_ADDRESS,
  sellAssetTicker: 'USD',
  sellNetwork: 'primex_usd',
  sellAmountTotal: '10',
};

// The body's text up to its idemId, made once: the load generator shares the two cores with the API and the
// database, so each request's body costs it one concatenation, not a new object and its serialisation.
export const QUOTE_BODY_START = `${JSON.stringify(QUOTE).slice(0, -1)},"idemId":`;

/** The quote's body with its own idemId: every request a new quote, stored (none is a replay). */
export function quoteBody(idemId) {
  return `${QUOTE_BODY_START}${JSON.stringify(idemId)}}`;
}
