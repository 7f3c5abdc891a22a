import { Navigate } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { useVerificationStatus } from './api/verification-status';
import { FallbackStatusScreen } from './components/status-screen';
import { kycStepFor } from './kyc-flow';
import { useKycState, useKycStore } from '../../lib/session/kyc-store';

/** Whether the step depends on the identity session (only incomplete and pending accounts look at it). */
export function needsVerificationStatus(status: string): boolean {
  return status === 'incomplete' || status === 'pending';
}

/** /kyc: sends the user to the step their state calls for (docs/decisions/010). */
export function KycPage() {
  const kyc = useKycState();
  const store = useKycStore();
  const loaded = kyc.requestStatus === 'success';
  const verification = useVerificationStatus(loaded && needsVerificationStatus(kyc.kycStatus));

  if (kyc.requestStatus === 'failure') return <FallbackStatusScreen onRetry={() => void store.refresh()} />;
  if (!loaded || (needsVerificationStatus(kyc.kycStatus) && verification.isPending)) return <Skeleton />;
  if (verification.isError) return <FallbackStatusScreen onRetry={() => void verification.refetch()} />;
  return <Navigate to={`/kyc/${kycStepFor(kyc.kycStatus, verification.data?.status)}`} replace />;
}
