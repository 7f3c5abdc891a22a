import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AdBlockerNotice } from '../../../components/ui/ad-blocker-notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { trackEvent } from '../../../lib/telemetry';
import type { CaptureWidgetProps } from './widget/types';

/**
 * The identity-capture widget is its own chunk, loaded when it is needed (the original loaded a third party's
 * script here). When its code does not arrive (an ad blocker, a network error), the ad-blocker notice replaces it
 * (document 1, section 4; R21).
 */
export function loadCaptureWidget(): Promise<{ CaptureWidget: ComponentType<CaptureWidgetProps> }> {
  return import('./widget/capture-widget');
}

type WidgetState =
  { status: 'loading' } | { status: 'ready'; Widget: ComponentType<CaptureWidgetProps> } | { status: 'failed' };

export function CaptureWidgetHost(props: CaptureWidgetProps) {
  const { t } = useTranslation('idv', { useSuspense: true });
  const [state, setState] = useState<WidgetState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    loadCaptureWidget().then(
      (module) => {
        if (live) setState({ status: 'ready', Widget: module.CaptureWidget });
      },
      (error: unknown) => {
        // Document 2, section 8: widget errors are logged; the user sees what to do.
        console.error('[idv] the capture widget could not be loaded', error);
        trackEvent('identity_widget_error', { kind: 'load' });
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (state.status === 'failed') return <AdBlockerNotice variant="inline" />;
  if (state.status === 'loading') return <Skeleton label={t('widget.loading')} />;
  const { Widget } = state;
  return (
    <Suspense fallback={<Skeleton label={t('widget.loading')} />}>
      <Widget {...props} />
    </Suspense>
  );
}
