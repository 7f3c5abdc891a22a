import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form } from 'react-aria-components';
import { useSnackbar } from '../../../components/ui/snackbar';
import { TextField } from '../../../components/ui/text-field';
import { codeSentText } from '../code-destination';
import type { FlowResult } from '../flow';
import { useAuthFlow, useFlowResult, useRedirectTarget, type FieldErrors } from '../hooks/use-auth-flow';
import { authEntryHref, authStepHref, isSixDigitCode } from '../model';
import { PendingButton } from './pending-button';
import { StepFrame } from './step-frame';

const FIELDS = ['email', 'code'] as const;

/** The steps that ask for a 6-digit code. */
export type CodeStepKind = 'otpcode' | 'otp' | 'totp' | 'email';

const DESCRIPTION = {
  otpcode: 'auth.otpcodeDescription',
  otp: 'auth.otpDescription',
  totp: 'auth.totpDescription',
  email: 'auth.emailCodeDescription',
} as const;

/**
 * otpcode: the sign-up confirmation code (then signed in automatically); otp: the emailed or SMS second
 * factor; totp: the authenticator app; email: the sign-in code of "email me a code instead".
 */
export function CodeStep({ kind }: { kind: CodeStepKind }) {
  const { t } = useTranslation();
  const redirect = useRedirectTarget();
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

  return (
    <StepFrame
      title={t(`auth.steps.${kind}`)}
      description={
        <>
          {sentTo ? <span className="block">{sentTo}</span> : null}
          <span className="block">{t(DESCRIPTION[kind])}</span>
        </>
      }
    >
      <Form validationBehavior="aria" onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        {asksEmail ? (
          <TextField
            name="email"
            type="email"
            label={t('auth.emailLabel')}
            autoComplete="username"
            inputMode="email"
            autoFocus
            value={email}
            onChange={(value) => {
              setEmail(value);
              setErrors({});
            }}
            error={errors.email}
          />
        ) : null}
        <TextField
          name="code"
          label={t('auth.codeLabel')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          autoFocus={!asksEmail}
          value={code}
          onChange={(value) => {
            setCode(value.replace(/\D/g, ''));
            setErrors({});
          }}
          error={errors.code}
        />
        <PendingButton pending={pending}>{kind === 'otpcode' ? t('auth.confirm') : t('auth.verify')}</PendingButton>
        {canResend ? (
          <PendingButton pending={pending} type="button" variant="secondary" onPress={() => void resend()}>
            {t('auth.resendCode')}
          </PendingButton>
        ) : null}
      </Form>
      {kind === 'email' ? (
        <Link
          to={authStepHref('password', redirect)}
          className="self-center rounded px-2 py-2.5 text-sm font-semibold text-primary-ink underline-offset-2 hover:underline"
        >
          {t('auth.usePassword')}
        </Link>
      ) : (
        <Link
          to={authEntryHref(redirect)}
          className="self-center rounded px-2 py-2.5 text-sm font-semibold text-primary-ink underline-offset-2 hover:underline"
        >
          {t('auth.differentEmail')}
        </Link>
      )}
    </StepFrame>
  );
}
