import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApi } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useStoreState } from '../../../lib/store';
import { useServerText } from '../../../lib/server-text';
import { useAuthStore } from '../../../lib/session/auth-store';
import { authFlowFor, type AuthErrorKey, type AuthFlow, type FlowResult, type FlowState } from '../flow';
import { sanitizeRedirect } from '../../../lib/redirect';
import { authEntryHref, authStepHref, type AuthField } from '../model';

/** The flow shared by /auth and every /v1/auth step. */
export function useAuthFlow(): { flow: AuthFlow; state: FlowState } {
  const api = useApi();
  const auth = useAuthStore();
  const flow = useMemo(() => authFlowFor({ api, auth, locale: currentLanguage }), [api, auth]);
  return { flow, state: useStoreState(flow.store) };
}

/** The `redirect` query, sanitised (same-origin paths only; '/' by default). */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  return sanitizeRedirect(params.get('redirect'));
}

export type FieldErrors = Partial<Record<AuthField, string>>;

/** A general result in the user's language: the client's own errors and the identity service's, each by its key. */
export function useGeneralText(): (result: Extract<FlowResult, { type: 'general' }>) => string {
  const { t } = useTranslation();
  const serverText = useServerText();
  return useCallback(
    (result) => {
      if (!result.key) return serverText.ofMessage(result.message, result.messageKey);
      return t(`auth.errors.${result.key}`, {
        ...result.params,
        ...(result.detail === undefined ? {} : { detail: serverText.ofMessage(result.detail, result.detailKey) }),
      });
    },
    [t, serverText],
  );
}

/** Shows a message of the client's own in the snackbar (a step reached without what it needs). */
export function useAuthNotice(): (key: AuthErrorKey) => void {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  return useCallback(
    (key: AuthErrorKey) => snackbar.show({ message: t(`auth.errors.${key}`), severity: 'error' }),
    [snackbar, t],
  );
}

/**
 * Carries out what a flow call answered: go to a step, return to the redirect target, put messages on the
 * fields this form has, or show the rest in the snackbar.
 */
export function useFlowResult(formFields: readonly AuthField[], setErrors: (errors: FieldErrors) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const general = useGeneralText();
  return useCallback(
    (result: FlowResult | null) => {
      if (result === null) return;
      switch (result.type) {
        case 'step':
          void navigate(authStepHref(result.step, redirect));
          return;
        case 'done':
          if (result.notice) snackbar.show({ message: t(`auth.errors.${result.notice}`), severity: 'warning' });
          void navigate(redirect, { replace: true });
          return;
        case 'fields': {
          const onForm: FieldErrors = {};
          for (const [field, english] of Object.entries(result.fields) as [AuthField, string][]) {
            const message = serverText.ofMessage(english, result.fieldKeys?.[field]);
            if (formFields.includes(field)) onForm[field] = message;
            else snackbar.show({ message, severity: 'error' });
          }
          setErrors(onForm);
          return;
        }
        case 'general':
          snackbar.show({ message: general(result), severity: 'error' });
          if (result.then)
            void navigate(result.then === 'auth' ? authEntryHref(redirect) : authStepHref(result.then, redirect));
      }
    },
    [navigate, redirect, snackbar, serverText, general, formFields, setErrors, t],
  );
}
