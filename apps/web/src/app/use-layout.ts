import { useLayoutEffect } from 'react';
import { matchPath, useLocation, useNavigate, useNavigationType } from 'react-router';
import { useAuthValue } from '../lib/session/auth-store';
import { useAppConfig, useFeatureFlags } from '../lib/config';
import { walletLaunchAtBoot } from '../lib/session/wallet-launch';

/**
 * Pages taller than a phone's screen (the trade forms). While they load (session check, KYC check, their chunk, their
 * reads), the page area already fills the screen on phones, so the footer starts below it instead of being pushed
 * down when the page arrives (Lighthouse's layout shift on /trade/buy, decision 042).
 */
const TALL_PAGES = ['/trade/buy', '/trade/sell'];

/**
 * The shell's state: the router's navigation for React Aria's links, the session (signed in, frozen), the flags and
 * the deployment's config that choose the header's parts, the wallet's launch, and whether the page is a tall one.
 */
export function useLayout() {
  const navigate = useNavigate();
  const loggedIn = useAuthValue((state) => state.loggedIn);
  const accountFrozen = useAuthValue((state) => state.accountFrozen);
  const flags = useFeatureFlags();
  const { data: config } = useAppConfig();
  const walletLaunch = walletLaunchAtBoot();
  const { pathname } = useLocation();
  const tallPage = TALL_PAGES.some((pattern) => matchPath(pattern, pathname));

  return {
    navigate,
    loggedIn,
    accountFrozen,
    languageSelection: flags.languageSelection,
    sandboxLink: loggedIn && config?.sandbox === true && flags.sandboxPageInNav,
    config,
    walletLaunch,
    tallPage,
  };
}

/**
 * Every navigation opens the new page at its top (decision 055): the browser keeps the window's scroll across the
 * SPA's page changes, so a page reached from the bottom of a long one opened part way down. Back and Forward (POP)
 * are left to the browser.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
