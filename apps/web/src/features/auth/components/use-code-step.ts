import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { codeSentText } from '../code-destination';
import type { FlowResult } from '../flow';
import { useAuthFlow, useFlowResult, type FieldErrors } from '../hooks/use-auth-flow';
import { isSixDigitCode } from '../model';

const FIELDS = ['email', 'code'] as const;

/** The steps that ask for a 6-digit code. */
export type CodeStepKind = 'otpcode' | 'otp' | 'totp' | 'email';

/**
 * The code step's state: the email (asked only by the sign-up code step after a reload), the code, their messages and
 * the call in progress; the submit, which checks both before the flow's call, and the resend.
 */
export function useCodeStep(kind: CodeStepKind) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const { flow, state } = useAuthFlow();
  // The sign-up code step after a reload keeps no email: it asks for it, as the unconfirmed account's key.
  const asksEmail = kind === 'otpcode' && state.email === '';
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const apply = useFlowResult(FIELDS, setErrors);

  const run = async (call: () => Promise<FlowResult | null>) => {
    setPending(true);
    try {
      return await call();
    } finally {
      setPending(false);
    }
  };

  /** Document 2, section 5: 'Email cannot be empty' for the unconfirmed account's calls. */
  const emailGiven = (): boolean => {
    if (!asksEmail) return true;
    if (email.trim() === '') {
      setErrors({ email: t('identity.emailEmpty') });
      return false;
    }
    flow.setEmail(email);
    return true;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (asksEmail && email.trim() === '') {
      setErrors({ email: t('identity.emailEmpty') });
      return;
    }
    if (!isSixDigitCode(code)) {
      setErrors({ code: t('identity.codeFormat') });
      return;
    }
    if (!emailGiven()) return;
    apply(await run(() => (kind === 'otpcode' ? flow.confirmSignUp(code) : flow.answerChallenge(code))));
  };

  // The sign-up code, or a new challenge for the emailed or SMS factor and the emailed sign-in code.
  const canResend = kind === 'otpcode' || flow.canResendChallenge();
  const resend = async () => {
    if (!emailGiven()) return;
    const result = await run(() => (kind === 'otpcode' ? flow.resendCode() : flow.resendChallenge()));
    if (result === null) snackbar.show({ message: t('auth.codeResent'), severity: 'success' });
    else apply(result);
  };

  const sent = codeSentText(kind, state.delivery, state.challenge?.name);
  const sentTo = sent ? t(sent.key, sent.params) : null;

  /** A new email or code drops the messages about the old ones. */
  const changeEmail = (value: string) => {
    setEmail(value);
    setErrors({});
  };

  const changeCode = (value: string) => {
    setCode(value.replace(/\D/g, ''));
    setErrors({});
  };

  return { asksEmail, email, code, errors, pending, canResend, sentTo, changeEmail, changeCode, submit, resend };
}
