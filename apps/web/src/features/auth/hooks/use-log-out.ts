import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useAuthStore } from '../../../lib/session/auth-store';

/**
 * The user's sign-out (the header and /settings): the session ends on this device whatever happens, and 'error
 * signing out' (document 2, section 8) says when the server could not end it. Its own module: the header is in the
 * entry chunk, the sign-in flow is not.
 */
export function useLogOut(): () => Promise<void> {
  const { t } = useTranslation();
  const auth = useAuthStore();
  const snackbar = useSnackbar();
  return useCallback(async () => {
    if (!(await auth.logOut())) snackbar.show({ message: t('auth.errors.errorSigningOut'), severity: 'error' });
  }, [auth, snackbar, t]);
}
