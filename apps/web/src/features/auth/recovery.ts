import { isApiError, type ApiClient, type MessageKey } from '../../lib/api';
import { confirmForgotPassword } from './api/confirm-forgot-password';
import { forgotPassword } from './api/forgot-password';
import { fieldResult, type AuthFlow, type FlowResult } from './flow';
import { isSixDigitCode, mapAuthError, newPasswordRuleKey, normaliseEmail, type AuthField } from './model';

/*
 * The password reset (/v1/auth/forgot, then /v1/auth/reset; docs/decisions/006-auth-steps.md). Loaded only by
 * the lazily loaded reset screens, never by /auth. It works on the shared sign-in flow: the email lives in the
 * flow's store, and once the new password is set the user is signed in with it through the flow's own sign-in,
 * so the second factor (R2) follows exactly as after a normal password sign-in.
 */

export interface RecoveryDeps {
  api: ApiClient;
  flow: AuthFlow;
}

export interface ResetInput {
  code: string;
  password: string;
  confirmPassword: string;
}

/** What the reset answered: whether the password changed, where the flow goes, and a message to show. */
export interface ResetOutcome {
  changed: boolean;
  result: FlowResult;
  /** When the password changed but signing in with it failed: why (shown on the password step), with its key. */
  message?: string;
  messageKey?: MessageKey;
}

/** The messages (keys of the locale files) the reset form says before sending anything. */
export function validateReset({ code, password, confirmPassword }: ResetInput): Partial<Record<AuthField, string>> {
  const errors: Partial<Record<AuthField, string>> = {};
  if (!isSixDigitCode(code)) errors.code = 'identity.codeFormat';
  const rule = newPasswordRuleKey(password);
  if (password === '') errors.password = 'identity.passwordRequired';
  else if (rule) errors.password = rule;
  if (confirmPassword !== password) errors.confirmPassword = 'identity.passwordsDoNotMatch';
  return errors;
}

/**
 * Document 2, section 8 for the reset: CodeMismatch and ExpiredCode on the code, InvalidPassword on the password,
 * InvalidConfirmPassword on the confirmation. An unknown email stays on the email field: offering to sign up
 * here would surprise someone who believes they have an account.
 */
export function recoveryError(error: unknown): FlowResult {
  if (!isApiError(error)) return { type: 'general', message: error instanceof Error ? error.message : String(error) };
  if (error.code === 'UserNotFoundException') return fieldResult('email', error.message, error.messageKey);
  const outcome = mapAuthError(error);
  switch (outcome.kind) {
    case 'field':
      return fieldResult(outcome.field, outcome.message, outcome.messageKey);
    case 'fields':
      return { type: 'fields', fields: outcome.fields, ...(outcome.fieldKeys ? { fieldKeys: outcome.fieldKeys } : {}) };
    case 'general':
      return {
        type: 'general',
        message: outcome.message,
        ...(outcome.messageKey ? { messageKey: outcome.messageKey } : {}),
      };
    case 'signup':
    case 'unconfirmed':
      return { type: 'general', message: error.message, ...(error.messageKey ? { messageKey: error.messageKey } : {}) };
  }
}

/** Emails the reset code to `email` (which becomes the flow's email) and goes on to the reset step. */
export async function sendResetCode({ api, flow }: RecoveryDeps, email: string): Promise<FlowResult> {
  flow.setEmail(email);
  try {
    const sent = await forgotPassword(api, { email: normaliseEmail(email) });
    flow.store.setState({ delivery: sent.codeDeliveryDetails });
    return { type: 'step', step: 'reset' };
  } catch (error) {
    return recoveryError(error);
  }
}

/** "Send a new code" on the reset step: null when sent. */
export async function resendResetCode({ api, flow }: RecoveryDeps): Promise<FlowResult | null> {
  const email = flow.store.getState().email;
  if (email === '') return { type: 'step', step: 'forgot' };
  try {
    const sent = await forgotPassword(api, { email });
    flow.store.setState({ delivery: sent.codeDeliveryDetails });
    return null;
  } catch (error) {
    return recoveryError(error);
  }
}

/**
 * Sets the new password with the emailed code, then signs in with it: the user proved the mailbox and chose
 * the password a moment ago, so asking for it again would only add a step. The server signed out every other
 * session; the second factor is still asked (R2), as the flow's sign-in answers.
 */
export async function resetPassword({ api, flow }: RecoveryDeps, input: ResetInput): Promise<ResetOutcome> {
  const email = flow.store.getState().email;
  if (email === '') return { changed: false, result: { type: 'step', step: 'forgot' } };
  try {
    await confirmForgotPassword(api, {
      email,
      code: input.code.trim(),
      password: input.password,
      confirmPassword: input.confirmPassword,
    });
  } catch (error) {
    return { changed: false, result: recoveryError(error) };
  }
  const next = await flow.signIn(input.password);
  if (next.type === 'step' || next.type === 'done') return { changed: true, result: next };
  // Changed, but the sign-in failed (too many attempts, the network): the password step, with the reason.
  const [message, messageKey] = reason(next);
  return {
    changed: true,
    result: { type: 'step', step: 'password' },
    ...(message ? { message } : {}),
    ...(messageKey ? { messageKey } : {}),
  };
}

/** Why a sign-in failed, in English with its key: the general message's detail or itself, else the first field's. */
function reason(
  result: Extract<FlowResult, { type: 'general' | 'fields' }>,
): [string | undefined, MessageKey | undefined] {
  if (result.type === 'general') {
    return result.detail !== undefined ? [result.detail, result.detailKey] : [result.message, result.messageKey];
  }
  const [field, message] = Object.entries(result.fields)[0] ?? [];
  return [message, field === undefined ? undefined : result.fieldKeys?.[field as AuthField]];
}
