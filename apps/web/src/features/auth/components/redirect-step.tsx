import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useAuthState } from '../../../lib/session/auth-store';
import { useAuthFlow, useAuthNotice, useGeneralText, useRedirectTarget } from '../hooks/use-auth-flow';
import { authEntryHref } from '../model';
import { StepFrame } from './step-frame';

/**
 * /v1/auth/redirect: the session is exchanged for the login token, the user info loads, and the app returns
 * to the `redirect` query. Opened without a fresh session, it goes on (signed in) or back to /auth.
 */
export function RedirectStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  const snackbar = useSnackbar();
  const general = useGeneralText();
  const notice = useAuthNotice();
  const { flow } = useAuthFlow();
  const { loggedIn } = useAuthState();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!flow.store.getState().tokens) {
      // Nothing from the pool to exchange: 'No user session for AWS login' (document 2, section 8), unless signed in.
      if (!loggedIn) notice('noUserSessionForLogin');
      void navigate(loggedIn ? redirect : authEntryHref(redirect), { replace: true });
      return;
    }
    void flow.finish().then((result) => {
      if (result.type === 'done') {
        if (result.notice) snackbar.show({ message: t(`auth.errors.${result.notice}`), severity: 'warning' });
        void navigate(redirect, { replace: true });
        return;
      }
      const message = result.type === 'general' ? general(result) : t('auth.signInFailed');
      snackbar.show({ message, severity: 'error' });
      void navigate(authEntryHref(redirect), { replace: true });
    });
  }, [flow, navigate, redirect, loggedIn, snackbar, general, notice, t]);

  return (
    <StepFrame title={t('auth.steps.redirect')} description={t('auth.redirectDescription')}>
      <Skeleton />
    </StepFrame>
  );
}
