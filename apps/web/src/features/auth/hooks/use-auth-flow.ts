import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApi } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useStoreState } from '../../../lib/store';
import { useIdentityText } from '../../../lib/identity-messages';
import { useAuthStore } from '../auth-store';
import { authFlowFor, type AuthFlow, type FlowResult, type FlowState } from '../flow';
import { authStepHref, sanitizeRedirect, type AuthField } from '../model';

export { useIdentityText };

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

/**
 * Carries out what a flow call answered: go to a step, return to the redirect target, put messages on the
 * fields this form has, or show the rest in the snackbar.
 */
export function useFlowResult(formFields: readonly AuthField[], setErrors: (errors: FieldErrors) => void) {
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  const snackbar = useSnackbar();
  const text = useIdentityText();
  return useCallback(
    (result: FlowResult | null) => {
      if (result === null) return;
      switch (result.type) {
        case 'step':
          void navigate(authStepHref(result.step, redirect));
          return;
        case 'done':
          void navigate(redirect, { replace: true });
          return;
        case 'fields': {
          const onForm: FieldErrors = {};
          for (const [field, message] of Object.entries(result.fields) as [AuthField, string][]) {
            if (formFields.includes(field)) onForm[field] = text(message);
            else snackbar.show({ message: text(message), severity: 'error' });
          }
          setErrors(onForm);
          return;
        }
        case 'general':
          snackbar.show({ message: text(result.message), severity: 'error' });
      }
    },
    [navigate, redirect, snackbar, text, formFields, setErrors],
  );
}
