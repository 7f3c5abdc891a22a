import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { KYC_LEVELS, type KycLevel } from '@rampart/contracts';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { useAuthValue } from './auth-store';
import { kycLevelFromStatus, useKycState } from './kyc-store';

export const AUTH_PATH = '/auth';
export const KYC_PATH = '/kyc';

/** `/auth?redirect=<path and query>`: where an anonymous user is sent (document 1, section 2). */
export function authRedirectPath(pathname: string, search: string): string {
  return `${AUTH_PATH}?redirect=${encodeURIComponent(pathname + search)}`;
}

/**
 * Login-guarded routes: skeleton while the session is checked, then /auth for anonymous users. As a layout route it
 * shows the child route; `children` guard a part of a page whose route is public for some callers (/xumm/plaid).
 */
export function RequireLogin({ children }: { children?: ReactNode }) {
  // One value, so the user info arriving after the check does not render the page again (decision 043).
  const session = useAuthValue(({ authChecked, loading, loggedIn }) =>
    !authChecked || loading ? 'checking' : loggedIn ? 'signedIn' : 'anonymous',
  );
  const location = useLocation();
  if (session === 'checking') return <PageSkeleton />;
  if (session === 'anonymous') return <Navigate to={authRedirectPath(location.pathname, location.search)} replace />;
  return children ?? <Outlet />;
}

/**
 * Trade routes (R1): the KYC level must be at least `level` (Verified). Closed and voided accounts
 * have no level and go to /kyc, whose status screens explain why; so does a failed KYC load.
 * Sits inside RequireLogin.
 *
 * Decision 043: decided on the account's status as soon as it is known, without waiting for the KYC details read
 * that follows it (the contact checks and holdings, which only the KYC pages show); a details read that then fails
 * leaves a Verified user where they are (the KYC pages show that failure).
 */
export function RequireKycLevel({ level = KYC_LEVELS.Verified, children }: { level?: KycLevel; children?: ReactNode }) {
  // The store's change renders at once (useSyncExternalStore); the page it lets through renders at a transition's
  // priority, in slices that yield to the browser, rather than in the store's one synchronous task (decision 043).
  const kyc = useDeferredValue(useKycState());
  const current = kycLevelFromStatus(kyc);
  if (current === undefined && (kyc.requestStatus === 'not_started' || kyc.requestStatus === 'started'))
    return <PageSkeleton />;
  if (current === undefined || current === null || current < level) return <Navigate to={KYC_PATH} replace />;
  return children ?? <Outlet />;
}
