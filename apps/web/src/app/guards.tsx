import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { KYC_LEVELS, type KycLevel } from '@rampart/contracts';
import { Skeleton } from '../components/ui/skeleton';
import { useAuthState } from '../features/auth/auth-store';
import { kycLevelFromState, useKycState } from '../features/kyc/kyc-store';

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
  const { authChecked, loading, loggedIn } = useAuthState();
  const location = useLocation();
  if (!authChecked || loading) return <Skeleton />;
  if (!loggedIn) return <Navigate to={authRedirectPath(location.pathname, location.search)} replace />;
  return children ?? <Outlet />;
}

/**
 * Trade routes (R1): the KYC level must be at least `level` (Verified). Closed and voided accounts
 * have no level and go to /kyc, whose status screens explain why; so does a failed KYC load.
 * Sits inside RequireLogin.
 */
export function RequireKycLevel({ level = KYC_LEVELS.Verified, children }: { level?: KycLevel; children?: ReactNode }) {
  const kyc = useKycState();
  if (kyc.requestStatus === 'not_started' || kyc.requestStatus === 'started') return <Skeleton />;
  const current = kycLevelFromState(kyc);
  if (current === undefined || current === null || current < level) return <Navigate to={KYC_PATH} replace />;
  return children ?? <Outlet />;
}
