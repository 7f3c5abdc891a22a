import { lazy, Suspense, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, Route, Routes, useNavigate, useParams } from 'react-router';
// /auth is where most first visits land: its page is in the entry, so its first paint waits on no second round of
// chunks (decision 042; about 7 KB gzip that every other first page carries too).
import { AuthPage } from '../features/auth/auth-page';
import type { AuthStore } from '../lib/session/auth-store';
import { useLogOut } from '../features/auth/hooks/use-log-out';
import { isKycStepPath } from '../features/kyc/kyc-steps';
import type { ApiClient } from '../lib/api';
import i18n, { type FeatureNamespace } from '../lib/i18n';
import { useAppConfig } from '../lib/config';
import { RequireKycLevel, RequireLogin } from '../lib/session/guards';
import { AppLayout } from './layout';
import { NotFoundPage } from '../components/not-found-page';

/** Code-splits a page by its named export, so the /auth entry only carries the shell. */
function lazyPage<K extends string, P extends object>(load: () => Promise<{ [key in K]: ComponentType<P> }>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const loadAuthStepPage = () => import('../features/auth/auth-step-page');
const loadHomePage = () => import('../features/home/home-page');
const loadTradePage = () => import('../features/trade/trade-page');
/** A task boundary: what follows runs in a task of its own, after the browser has had its turn. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/**
 * /trade/buy's code in three chunks, each evaluated in a task of its own (decision 045): zod's core and the early reads
 * with the contracts' schemas (both usually evaluated already, since the session check starts the reads), then the
 * page. Evaluating them at once was one long task (Lighthouse's total blocking time). The page's select and radio
 * cards are the browser's own controls (decision 084), no longer React Aria's two chunks of their own.
 */
const loadBuyReads = async () => {
  await import('../features/trade/zod-first');
  await nextTask();
  return import('../features/trade/prefetch');
};
const loadBuyRoute = async () => {
  await loadBuyReads();
  await nextTask();
  return import('../features/trade/buy-route');
};

const AuthStepPage = lazyPage(loadAuthStepPage, 'AuthStepPage');
const HomePage = lazyPage(loadHomePage, 'HomePage');
const KycPage = lazyPage(() => import('../features/kyc/kyc-page'), 'KycPage');
const KycStatusCard = lazyPage(() => import('../features/kyc/components/kyc-status-card'), 'KycStatusCard');
const KycStepPage = lazyPage(() => import('../features/kyc/kyc-step-page'), 'KycStepPage');
const ContinueOnPhonePage = lazyPage<'ContinueOnPhonePage', object>(
  () => import('../features/kyc/identity'),
  'ContinueOnPhonePage',
);
const SandboxPage = lazyPage(() => import('../features/sandbox/sandbox-page'), 'SandboxPage');
const TradePage = lazyPage(loadTradePage, 'TradePage');
const BuyRoute = lazyPage(loadBuyRoute, 'BuyRoute');
const XummPlaidPage = lazyPage<'XummPlaidPage', object>(
  () => import('../features/methods/xumm-plaid-page'),
  'XummPlaidPage',
);
const TrackPage = lazyPage(() => import('../features/trade/track-page'), 'TrackPage');
const ShortLinkPage = lazyPage(() => import('../features/trade/short-link-page'), 'ShortLinkPage');
const SupportPage = lazyPage(() => import('../features/support/support-page'), 'SupportPage');
const SettingsPage = lazyPage(() => import('../features/settings/settings-page'), 'SettingsPage');
const MethodsPage = lazyPage(() => import('../features/methods/methods-page'), 'MethodsPage');
const BankLinkPage = lazyPage<'BankLinkPage', object>(
  () => import('../features/methods/bank-link-page'),
  'BankLinkPage',
);
const CardPage = lazyPage(() => import('../features/methods/card-page'), 'CardPage');
const HomeBalance = lazyPage(() => import('../features/money/components/home-balance'), 'HomeBalance');
const HomeTrade = lazyPage(() => import('../features/trade/home-trade'), 'HomeTrade');
const MoneyPage = lazyPage(() => import('../features/money/money-page'), 'MoneyPage');
const DepositPage = lazyPage(() => import('../features/money/deposit-page'), 'DepositPage');
const WithdrawPage = lazyPage(() => import('../features/money/withdraw-page'), 'WithdrawPage');
const ActivityPage = lazyPage(() => import('../features/money/activity-page'), 'ActivityPage');
const WithdrawAssetPage = lazyPage(() => import('../features/money/withdraw-asset-page'), 'WithdrawAssetPage');
const ConfirmWithdrawalPage = lazyPage(
  () => import('../features/money/confirm-withdrawal-page'),
  'ConfirmWithdrawalPage',
);
const ConfirmAssetWithdrawalPage = lazyPage(
  () => import('../features/money/confirm-asset-withdrawal-page'),
  'ConfirmAssetWithdrawalPage',
);

/**
 * The pages most often opened first, by their route: their chunks (and their feature texts) are fetched as the app
 * starts (decision 042). `afterFirstPaint`: pages whose largest paint the app draws itself while they load (their
 * header, PageSkeleton): their chunk is asked for once that first paint is on screen, so its downloads do not compete
 * with the entry's before it (decision 043: Lighthouse counts requests that end before a paint as needed for it).
 */
const firstPages: Array<
  [pattern: string, load: () => Promise<unknown>, texts?: FeatureNamespace, afterFirstPaint?: boolean]
> = [
  ['/v1/auth/:step', loadAuthStepPage],
  ['/', loadHomePage],
  ['/trade/buy', loadBuyRoute, 'trade', true],
  ['/trade/*', loadTradePage, 'trade'],
];

/**
 * Starts loading the page for the address the app opens on, before the session check that guards it (and, for most
 * pages, before React's first render): the chunk arrives in parallel with them instead of after. React.lazy's own
 * import then finds it loaded. `firstPainted` settles once the app's first render is on screen.
 */
export function preloadFirstPage(pathname: string, firstPainted: Promise<void>): void {
  const found = firstPages.find(([pattern]) => matchPath(pattern, pathname));
  if (!found) return;
  const [, load, texts, afterFirstPaint] = found;
  const start = () => {
    // A failed preload is retried by React.lazy's own import, which shows the error boundary if it fails too.
    load().catch(() => undefined);
    // The page's texts too: otherwise its first render suspends on them and only then starts its reads.
    if (texts) i18n.loadNamespaces(texts).catch(() => undefined);
  };
  if (afterFirstPaint) void firstPainted.then(start);
  else start();
}

/**
 * A trade page opened first starts its reads as soon as the session check says signed in (decision 042): in parallel
 * with the KYC check that guards it and its chunk, instead of after both and the page's first render.
 */
export function prefetchFirstPageReads(
  pathname: string,
  auth: AuthStore,
  queryClient: QueryClient,
  api: ApiClient,
): void {
  const page = matchPath('/trade/:page', pathname)?.params.page;
  if (!page) return;
  const settled = () => {
    const { authChecked, loading, loggedIn } = auth.getState();
    if (!authChecked || loading) return false;
    // A failed chunk is React.lazy's to report; the page then reads for itself.
    // The module is /trade/buy's first chunk, with zod and the reads' schemas (vite.config.ts, decision 045); the page's
    // loader and the other trade pages' chunk import it too.
    if (loggedIn)
      loadBuyReads().then(
        (trade) => trade.prefetchTradeReads(queryClient, api, page),
        () => undefined,
      );
    return true;
  };
  if (settled()) return;
  const unsubscribe = auth.subscribe(() => {
    if (settled()) unsubscribe();
  });
}

function AuthStepRoute() {
  const { step } = useParams();
  return <AuthStepPage step={step} />;
}

/** Settings signs out through the auth store (features do not import each other; the app links them). */
function SettingsRoute() {
  const logOut = useLogOut();
  const navigate = useNavigate();
  return <SettingsPage onSignOut={() => void logOut().then(() => navigate('/auth', { replace: true }))} />;
}

function KycStepRoute() {
  const { step } = useParams();
  const { data: config } = useAppConfig();
  return isKycStepPath(step) ? <KycStepPage step={step} supportUrl={config?.supportUrl} /> : <NotFoundPage />;
}

/** `/history` exists while the "cash transaction history" flag is on (decision 033). */
function ActivityRoute() {
  const { data: config } = useAppConfig();
  return config?.flags.cashTransactionHistory === false ? <NotFoundPage /> : <ActivityPage />;
}

/** Every route of document 1, section 2, with its access rule (R1). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {/* public */}
        <Route path="auth" element={<AuthPage />} />
        <Route path="v1/auth/:step" element={<AuthStepRoute />} />
        <Route path="trade/track" element={<TrackPage />} />
        <Route path="r/:shortId" element={<ShortLinkPage />} />
        {/* Contact Support's page when the deployment sets no SUPPORT_URL (decision 059) */}
        <Route path="support" element={<SupportPage />} />
        {/* the phone that opened the SMS link has no session: the link's token is its credential (decision 010) */}
        <Route path="kyc/continue" element={<ContinueOnPhonePage />} />
        {/* login + Verified in the wallet mini-app; with ?handoff= the wallet's browser, whose link is its credential (decision 034) */}
        <Route path="xumm/plaid" element={<XummPlaidPage />} />

        {/* login */}
        <Route element={<RequireLogin />}>
          <Route
            index
            element={
              <HomePage
                kycStatus={<KycStatusCard />}
                balance={
                  <Suspense fallback={null}>
                    <HomeBalance />
                  </Suspense>
                }
                trade={
                  <Suspense fallback={null}>
                    <HomeTrade />
                  </Suspense>
                }
              />
            }
          />
          <Route path="kyc" element={<KycPage />} />
          <Route path="kyc/:step" element={<KycStepRoute />} />
          <Route path="sandbox" element={<SandboxPage />} />
          <Route path="settings" element={<SettingsRoute />} />

          {/* login + KYC level Verified */}
          <Route element={<RequireKycLevel />}>
            {/* its own chunk, without the other trade pages' dependencies (decision 043) */}
            <Route path="trade/buy" element={<BuyRoute />} />
            <Route path="trade/sell" element={<TradePage page="sell" />} />
            <Route path="trade/complete" element={<TradePage page="complete" />} />
            <Route path="trade/flow" element={<TradePage page="flow" />} />
            <Route path="trade/method" element={<TradePage page="method" />} />
            <Route path="trade/method/:tradeMethod" element={<TradePage page="methodDetail" />} />
            <Route path="trade/summary" element={<TradePage page="summary" />} />
            <Route path="trade/verify" element={<TradePage page="verify" />} />
            {/* payment methods (decision 019): verified users only, like the trade routes */}
            <Route path="methods" element={<MethodsPage />} />
            <Route path="methods/bank" element={<BankLinkPage />} />
            <Route path="methods/card" element={<CardPage />} />
            {/* money (decision 020): the USD balance, deposits, withdrawals and the email confirmation link */}
            <Route path="money" element={<MoneyPage />} />
            <Route path="money/deposit" element={<DepositPage />} />
            <Route path="money/withdraw" element={<WithdrawPage />} />
            <Route path="money/withdraw-asset" element={<WithdrawAssetPage />} />
            {/* the link of an asset withdrawal's confirmation mail (decision 054) */}
            <Route path="money/withdraw-asset/confirm" element={<ConfirmAssetWithdrawalPage />} />
            {/* the transaction history of the "cash transaction history" flag (decision 033) */}
            <Route path="history" element={<ActivityRoute />} />
            <Route path="money/withdrawals/confirm" element={<ConfirmWithdrawalPage />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
