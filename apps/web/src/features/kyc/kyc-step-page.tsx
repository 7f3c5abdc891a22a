import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from '../../components/ui/skeleton';
import { verificationStatusKey, useVerificationStatus } from './api/verification-status';
import { BasicDetailsStep, LocationStep } from './details';
import { IdentityStep } from './identity';
import {
  DecidedStatusScreen,
  FallbackStatusScreen,
  LoadingStatusScreen,
  SubmittedStatusScreen,
} from './components/status-screen';
import { StartStep } from './components/start-step';
import { TermsStep } from './components/terms-step';
import { RecheckAction } from './components/recheck-action';
import { UploadedDocuments } from './components/uploaded-documents';
import { WaitingScreen } from './components/waiting-screen';
import { needsVerificationStatus } from './kyc-page';
import { isKycStepOpen, KYC_PROGRESS_STEPS, kycStepFor } from './kyc-flow';
import { KycProgress } from './components/kyc-progress';
import { useKycState, useKycStore, type KycContactChecks } from '../../lib/session/kyc-store';
import { KYC_LOCATION_PATH, KYC_STEP_PATHS, type KycStepPath } from './kyc-steps';

/** History state of a step reached by submitting the step before it (not by a link, a bookmark or a reload). */
const SUBMITTED_STATE = 'submitted';

/**
 * An application under review (docs/decisions/055): the waiting screen's countdown once, right after the agreement is
 * signed; on any other visit (/kyc again, a reload, Back) the submitted status screen of document 1, section 4.
 */
function PendingStep({
  supportUrl,
  checks,
  onCheck,
}: {
  supportUrl?: string | null;
  checks: KycContactChecks | null;
  onCheck(): void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const submittedNow = (location.state as Record<string, unknown> | null)?.[SUBMITTED_STATE] === true;
  const [waiting] = useState(submittedNow);
  useEffect(() => {
    // The mark is spent: a reload of this entry, or Back to it, is a later visit.
    if (submittedNow) void navigate(location.pathname, { replace: true, state: null });
  }, [submittedNow, navigate, location.pathname]);
  // The periodic check reads the status; 'Check again' asks the custodian (docs/decisions/063).
  const more = (
    <>
      <RecheckAction />
      <UploadedDocuments />
    </>
  );
  if (waiting)
    return (
      <WaitingScreen supportUrl={supportUrl} checks={checks} onCheck={onCheck}>
        {more}
      </WaitingScreen>
    );
  return (
    <SubmittedStatusScreen supportUrl={supportUrl} onCheck={onCheck}>
      {more}
    </SubmittedStatusScreen>
  );
}

/**
 * /kyc/:step: the screen of one step. A step that is not open for the user's state (a bookmark, the Back button
 * after signing) sends them to the step they are at, so the flow cannot be skipped or replayed.
 */
export function KycStepPage({ step, supportUrl }: { step: KycStepPath; supportUrl?: string | null }) {
  const kyc = useKycState();
  const store = useKycStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loaded = kyc.requestStatus === 'success';
  const verification = useVerificationStatus(loaded && needsVerificationStatus(kyc.kycStatus));

  if (kyc.requestStatus === 'failure') return <FallbackStatusScreen onRetry={() => void store.refresh()} />;
  if (!loaded || (needsVerificationStatus(kyc.kycStatus) && verification.isPending)) {
    // The loading status screen of document 1, section 4, where a submitted application is looked up.
    return step === KYC_STEP_PATHS.PENDING ? <LoadingStatusScreen /> : <Skeleton />;
  }
  if (verification.isError) return <FallbackStatusScreen onRetry={() => void verification.refetch()} />;

  const identity = verification.data?.status;
  const current = kycStepFor(kyc.kycStatus, identity);
  if (!isKycStepOpen(step, kyc.kycStatus, identity)) return <Navigate to={`/kyc/${current}`} replace />;

  /** Reads the state again, quietly, then goes to the step it calls for (marked as reached by submitting this step). */
  const advance = async () => {
    await Promise.all([store.poll(), queryClient.invalidateQueries({ queryKey: verificationStatusKey })]);
    const next = kycStepFor(
      store.getState().kycStatus,
      queryClient.getQueryData<{ status: typeof identity }>(verificationStatusKey)?.status,
    );
    navigate(`/kyc/${next}`, { state: { [SUBMITTED_STATE]: true } });
  };
  const check = () => {
    void store.poll();
    void queryClient.invalidateQueries({ queryKey: verificationStatusKey });
  };

  const screen = (() => {
    switch (step) {
      case KYC_STEP_PATHS.START_KYC:
      case KYC_STEP_PATHS.NO_INFO:
        return (
          <StartStep
            next={kyc.kycStatus === 'noInfo' ? KYC_STEP_PATHS.KYC : current}
            resuming={kyc.kycStatus !== 'noInfo'}
          />
        );
      case KYC_STEP_PATHS.KYC:
        return <BasicDetailsStep onContinue={() => navigate(`/kyc/${KYC_LOCATION_PATH}`)} />;
      case KYC_LOCATION_PATH:
        return <LocationStep onBack={() => navigate(`/kyc/${KYC_STEP_PATHS.KYC}`)} onSaved={() => void advance()} />;
      case KYC_STEP_PATHS.SOCURE:
        return (
          <IdentityStep
            onCaptured={() => void advance()}
            resubmitReason={identity === 'resubmit' ? (verification.data?.reason ?? null) : null}
          />
        );
      case KYC_STEP_PATHS.KYC_ACCEPT_TERMS:
        return <TermsStep onSigned={advance} onCaptureMissing={() => void advance()} />;
      case KYC_STEP_PATHS.PENDING:
        return <PendingStep supportUrl={supportUrl} checks={kyc.contactChecks} onCheck={check} />;
      case KYC_STEP_PATHS.VERIFIED:
      case KYC_STEP_PATHS.CLOSED:
        return <DecidedStatusScreen status={kyc.kycStatus} supportUrl={supportUrl} />;
    }
  })();

  // The four numbered steps show where the user is (docs/design-brief.md, interface: know where they are).
  if (!(KYC_PROGRESS_STEPS as readonly string[]).includes(step)) return screen;
  return (
    <>
      <KycProgress step={step as (typeof KYC_PROGRESS_STEPS)[number]} />
      {screen}
    </>
  );
}
