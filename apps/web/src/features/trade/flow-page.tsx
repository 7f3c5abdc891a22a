import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { formatUsd } from '../../lib/format';
import { useStoreState } from '../../lib/store';
import { TradeHeader } from './components/trade-header';
import { formatAssetAmount } from './components/trade-lines';
import { isSellDraft, tradeDraftStore } from './model/trade-draft';
import { TRADE_PATHS } from './paths';

/** The steps every trade goes through, in order (decision 030). */
export const TRADE_STEPS = ['quote', 'confirm', 'verify', 'track'] as const;

/** What the user can come back to: a draft handed to the summary, else a form they started on buy or sell. */
function useResume(): { to: string; text: string } | null {
  const { t } = useTranslation('trade', { useSuspense: true });
  const { draft, forms } = useStoreState(tradeDraftStore);
  if (draft) {
    if (isSellDraft(draft)) {
      return {
        to: TRADE_PATHS.summary,
        text: t('flow.resumeSell', {
          amount: formatAssetAmount(draft.amount, draft.asset.assetTickerDisplayName, draft.asset.decimals),
        }),
      };
    }
    return {
      to: TRADE_PATHS.summary,
      text: t('flow.resumeBuy', { amount: formatUsd(draft.amount), asset: draft.asset.assetTickerDisplayName }),
    };
  }
  const side = forms.last;
  if (side === 'buy' && forms.buy) return { to: TRADE_PATHS.buy, text: t('flow.resumeBuyForm') };
  if (side === 'sell' && forms.sell) return { to: TRADE_PATHS.sell, text: t('flow.resumeSellForm') };
  return null;
}

/**
 * /trade/flow, "Trade flow" (document 1, section 2; decision 030): where a trade starts. Buy or sell, the four steps
 * every trade takes (a live quote, confirm the firm price, verify with the authenticator app when set up, follow
 * it to the end), and the trade in progress, if any, to pick up again.
 */
export function FlowPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const resume = useResume();
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <TradeHeader title={t('flow.title')} intro={t('flow.intro')} backTo="/" backLabel={t('common.backHome')} />

      {resume ? (
        <section
          aria-labelledby="resume-heading"
          className="flex flex-col gap-3 rounded-xl border border-primary bg-primary-soft p-4"
          data-testid="resume"
        >
          <h2 id="resume-heading" className="text-base font-semibold text-ink">
            {t('flow.resumeHeading')}
          </h2>
          <p className="text-sm text-ink">{resume.text}</p>
          <LinkButton to={resume.to}>{t('flow.resume')}</LinkButton>
        </section>
      ) : null}

      <nav aria-label={t('flow.chooseLabel')} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Link
          to={TRADE_PATHS.buy}
          className="flex min-h-11 items-start gap-3 rounded-xl border border-line-strong bg-surface p-4 no-underline outline-none hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-focus"
        >
          <ArrowDownToLine size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-primary-ink" />
          <span className="flex flex-col">
            <span className="font-semibold text-ink">{t('flow.buy')}</span>
            <span className="text-sm text-ink-muted">{t('flow.buyText')}</span>
          </span>
        </Link>
        <Link
          to={TRADE_PATHS.sell}
          className="flex min-h-11 items-start gap-3 rounded-xl border border-line-strong bg-surface p-4 no-underline outline-none hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-focus"
        >
          <ArrowUpFromLine size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-primary-ink" />
          <span className="flex flex-col">
            <span className="font-semibold text-ink">{t('flow.sell')}</span>
            <span className="text-sm text-ink-muted">{t('flow.sellText')}</span>
          </span>
        </Link>
      </nav>

      <section aria-labelledby="steps-heading" className="flex flex-col gap-3">
        <h2 id="steps-heading" className="text-base font-semibold text-ink">
          {t('flow.stepsHeading')}
        </h2>
        <ol className="flex flex-col gap-3" data-testid="flow-steps">
          {TRADE_STEPS.map((step, index) => (
            <li key={step} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-ink"
              >
                {index + 1}
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold text-ink">{t(`flow.steps.${step}.title`)}</span>
                <span className="text-sm text-ink-muted">{t(`flow.steps.${step}.text`)}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <p className="text-sm text-ink-muted">
        <Link to={TRADE_PATHS.method} className="inline-flex min-h-11 items-center font-semibold text-primary-ink">
          {t('flow.methodsLink')}
        </Link>
      </p>
    </div>
  );
}
