// A signed-in Verified user for the benchmarks that load pages as the SPA does after its own sign-in (Lighthouse, the
// JavaScript a signed-in page loads).
import { postJson as post } from './lib.mjs';

const PASSWORD = 'correct horse battery staple 42';

async function newestCode(base, email, previous) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    const newest = outbox.messages[0];
    const code = newest && /\b(\d{6})\b/.exec(newest.text)?.[1];
    if (code && newest.id !== previous?.id) return { id: newest.id, code };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no new code sent to ${email}`);
}

/**
 * A user made and signed in through the API as the SPA does it (sign-up, the emailed confirmation code, sign-in, the
 * emailed second factor, the login-token exchange), whose custodial account the sandbox then opens (Verified).
 * Returns the localStorage entries the SPA writes after its own sign-in.
 */
export async function verifiedSession(base) {
  const email = `bench-session-${Date.now()}@example.com`;
  await post(base, '/api/identity/sign-up', { email, password: PASSWORD, confirmPassword: PASSWORD, locale: 'en' });
  const confirmation = await newestCode(base, email);
  await post(base, '/api/identity/confirm-sign-up', { email, code: confirmation.code });
  const challenge = await post(base, '/api/identity/sign-in', { email, password: PASSWORD });
  const second = await newestCode(base, email, confirmation);
  const done = await post(base, '/api/identity/respond-to-challenge', {
    challengeName: challenge.challengeName ?? 'EMAIL_OTP',
    session: challenge.session,
    code: second.code,
  });
  const login = await post(base, '/api/auth-token-login-request', { token: done.authenticationResult.idToken });
  await post(base, '/api/primetrust/sandbox/account/individual/create', {}, login.token);
  const account = await post(base, '/api/primetrust/account/get', {}, login.token);
  if (account?.status !== 'opened') throw new Error(`the sandbox did not open the account: ${JSON.stringify(account)}`);
  const { token, userGuid, tokenType, expiresAt, expiresIn, loginMethod } = login;
  return {
    token,
    userGuid,
    email: login.email,
    tokenType,
    expiresAt,
    expiresIn,
    loginMethod,
    refreshToken: done.authenticationResult.refreshToken,
  };
}
