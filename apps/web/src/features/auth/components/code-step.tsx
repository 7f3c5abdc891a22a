import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form } from 'react-aria-components';
import { TextField } from '../../../components/ui/text-field';
import { useRedirectTarget } from '../hooks/use-auth-flow';
import { authEntryHref, authStepHref } from '../model';
import { LostAuthenticatorHelp } from './lost-authenticator-help';
import { PendingButton } from './pending-button';
import { StepFrame } from './step-frame';
import { useCodeStep, type CodeStepKind } from './use-code-step';

const DESCRIPTION = {
  otpcode: 'auth.otpcodeDescription',
  otp: 'auth.otpDescription',
  totp: 'auth.totpDescription',
  email: 'auth.emailCodeDescription',
} as const;

/**
 * otpcode: the sign-up confirmation code (then signed in automatically); otp: the emailed or SMS second
 * factor; totp: the authenticator app; email: the sign-in code of "email me a code instead". Its state and commands
 * are in `use-code-step.ts`.
 */
export function CodeStep({ kind }: { kind: CodeStepKind }) {
  const { t } = useTranslation();
  const redirect = useRedirectTarget();
  const { asksEmail, email, code, errors, pending, canResend, sentTo, changeEmail, changeCode, submit, resend } =
    useCodeStep(kind);

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
            onChange={changeEmail}
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
          onChange={changeCode}
          error={errors.code}
        />
        <PendingButton pending={pending}>{kind === 'otpcode' ? t('auth.confirm') : t('auth.verify')}</PendingButton>
        {canResend ? (
          <PendingButton pending={pending} type="button" variant="secondary" onPress={() => void resend()}>
            {t('auth.resendCode')}
          </PendingButton>
        ) : null}
      </Form>
      {kind === 'totp' ? <LostAuthenticatorHelp /> : null}
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
