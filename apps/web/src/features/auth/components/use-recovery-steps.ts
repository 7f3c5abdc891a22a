import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApi } from '../../../lib/api';
import { useForm, type Form } from '../../../lib/forms/use-form';
import { useServerText } from '../../../lib/server-text';
import { codeSentText } from '../code-destination';
import { useAuthFlow, useFlowResult, useRedirectTarget, type FieldErrors } from '../hooks/use-auth-flow';
import { authStepHref } from '../model';
import { resendResetCode, resetPassword, sendResetCode, validateReset, type RecoveryDeps } from '../recovery';

const FORGOT_FIELDS = ['email'] as const;
const RESET_FIELDS = ['code', 'password', 'confirmPassword'] as const;

type ResetField = (typeof RESET_FIELDS)[number];

function useRecoveryDeps(): RecoveryDeps & ReturnType<typeof useAuthFlow> {
  const api = useApi();
  const { flow, state } = useAuthFlow();
  return useMemo(() => ({ api, flow, state }), [api, flow, state]);
}

/** A flow result's field messages put on the form, in place of the ones it showed. */
function useReplaceErrors<F extends string>({ clear, setError }: Form<F>) {
  return useCallback(
    (errors: FieldErrors) => {
      clear();
      for (const [field, message] of Object.entries(errors)) setError(field as F, message);
    },
    [clear, setError],
  );
}

/** /v1/auth/forgot: the email (prefilled from the password step), and the command that emails a reset code. */
export function useForgotStep() {
  const { t } = useTranslation();
  const deps = useRecoveryDeps();
  const [email, setEmail] = useState(deps.state.email);
  const form = useForm({
    fields: FORGOT_FIELDS,
    validate: () => (email.trim() === '' ? { email: t('identity.emailRequired') } : {}),
  });
  const apply = useFlowResult(FORGOT_FIELDS, useReplaceErrors(form));

  return {
    email,
    errors: form.errors,
    pending: form.submitting,
    hasEmail: deps.state.email !== '',
    change: (value: string) => {
      setEmail(value);
      form.clear();
    },
    submit: form.handleSubmit(async () => apply(await sendResetCode(deps, email))),
  };
}

/**
 * /v1/auth/reset: the emailed code, the new password and its confirmation, the command that sets it (and signs in
 * with it), and sending the code again.
 */
export function useResetStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const deps = useRecoveryDeps();
  const [values, setValues] = useState({ code: '', password: '', confirmPassword: '' });
  // Sending the code again checks none of the fields: it is what the user asks for when the code is missing.
  const resending = useRef(false);
  const form = useForm<ResetField>({
    fields: RESET_FIELDS,
    validate: () => {
      if (resending.current) return {};
      return Object.fromEntries(Object.entries(validateReset(values)).map(([field, key]) => [field, t(key)]));
    },
  });
  const apply = useFlowResult(RESET_FIELDS, useReplaceErrors(form));

  const change = (field: ResetField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: field === 'code' ? value.replace(/\D/g, '') : value }));
    form.clear();
  };

  const submit = form.handleSubmit(async () => {
    const outcome = await resetPassword(deps, values);
    if (outcome.changed) snackbar.show({ message: t('auth.passwordResetDone'), severity: 'success' });
    if (outcome.message) {
      snackbar.show({ message: serverText.ofMessage(outcome.message, outcome.messageKey), severity: 'error' });
    }
    apply(outcome.result);
  });

  const resendCommand = form.handleSubmit(async () => {
    const result = await resendResetCode(deps);
    if (result === null) snackbar.show({ message: t('auth.codeResent'), severity: 'success' });
    else if (result.type === 'step') void navigate(authStepHref(result.step, redirect));
    else apply(result);
  });

  const resend = () => {
    resending.current = true;
    void resendCommand();
    resending.current = false;
  };

  return {
    values,
    errors: form.errors,
    pending: form.submitting,
    sent: codeSentText('reset', deps.state.delivery),
    change,
    submit,
    resend,
  };
}
