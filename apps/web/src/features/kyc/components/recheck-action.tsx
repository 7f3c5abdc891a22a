import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useRecheck } from '../use-recheck';

/** The 'Check again' button of the review screens and what the last check found (docs/decisions/063). */
export function RecheckAction() {
  const { t } = useTranslation('kyc', { useSuspense: true });
  const { state, recheck } = useRecheck();
  const checking = state === 'checking';
  return (
    <div className="mt-4 flex w-full flex-col items-center gap-2">
      <Button variant="secondary" onPress={() => void recheck()} isPending={checking}>
        <RefreshCw
          size={16}
          aria-hidden="true"
          className={checking ? 'animate-spin motion-reduce:animate-none' : undefined}
        />
        {checking ? t('recheck.checking') : t('recheck.button')}
      </Button>
      <p role="status" className={['min-h-5 text-sm', state === 'failed' ? 'text-danger' : 'text-ink-muted'].join(' ')}>
        {state === 'unchanged' ? t('recheck.unchanged') : state === 'failed' ? t('recheck.failed') : ''}
      </p>
    </div>
  );
}
