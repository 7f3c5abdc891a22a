import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useWalletState } from '../../lib/session/wallet-state';
import { BackLink } from './components/back-link';
import { LinkFlow } from './components/link-flow';
import { ReauthFlow } from './components/reauth-flow';
import { METHODS_PATH } from './paths';

// The wallet's browser (xumm-plaid-page.tsx) runs the same two flows with its own ending.
export { LinkFlow, ReauthFlow };

/** /methods/bank: link a bank through the bank-link sandbox, or with `?reauth=<method id>` log in to a linked one again. */
export function BankLinkPage() {
  const { t } = useTranslation('methods', { useSuspense: true });
  const [params] = useSearchParams();
  const location = useLocation();
  const wallet = useWalletState();
  const reauth = params.get('reauth');
  // In the wallet mini-app a bank is linked, or logged in to again, in the wallet's browser (decision 034).
  if (wallet.mode === 'ready' || wallet.mode === 'starting')
    return <Navigate to={`/xumm/plaid${location.search}`} replace />;
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={METHODS_PATH}>{t('actions.backToMethods')}</BackLink>
      {reauth ? <ReauthFlow key={reauth} methodId={reauth} /> : <LinkFlow />}
    </div>
  );
}
