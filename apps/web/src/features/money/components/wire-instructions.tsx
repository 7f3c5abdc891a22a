import { useTranslation } from 'react-i18next';
import type { WireInstruction } from '@rampart/contracts';
import { isApiError } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { useWireInstructions } from '../api/wire-instructions';

function Bar({ className }: { className: string }) {
  return <div className={['animate-shimmer rounded-lg bg-surface-muted', className].join(' ')} />;
}

/** Where the user's bank sends a wire (R13: wire deposits are pushed by the user), with the reference for the memo. */
export function WireInstructions({ international }: { international: boolean }) {
  const { t } = useTranslation('money', { useSuspense: true });
  const serverText = useServerText();
  const query = useWireInstructions(true);

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-2 rounded-xl border border-line p-4">
        <span className="sr-only">{t('wire.loading')}</span>
        {[0, 1, 2, 3, 4].map((i) => (
          <Bar key={i} className="h-4 w-full" />
        ))}
      </div>
    );
  }
  if (query.error) {
    return (
      <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
        {t('wire.failed', {
          details: isApiError(query.error) ? serverText.ofError(query.error) : t('errors.unexpected'),
        })}
      </p>
    );
  }
  const wire: WireInstruction = international ? query.data.international : query.data.us;
  const rows: [string, string | null][] = [
    [t('wire.beneficiaryName'), wire.beneficiaryName],
    [t('wire.beneficiaryAddress'), wire.beneficiaryAddress],
    [t('wire.bankName'), wire.bankName],
    [t('wire.bankAddress'), wire.bankAddress],
    [t('wire.accountNumber'), wire.accountNumber],
    [t('wire.routingNumber'), wire.routingNumber],
    [t('wire.swiftCode'), wire.swiftCode],
    [t('wire.reference'), wire.reference],
  ];
  return (
    <section
      aria-labelledby="wire-heading"
      data-testid="wire-instructions"
      className="flex flex-col gap-3 rounded-xl border border-line p-4"
    >
      <h2 id="wire-heading" className="text-base font-semibold text-ink">
        {t('wire.heading')}
      </h2>
      <dl className="flex flex-col gap-2 text-sm">
        {rows
          .filter((row): row is [string, string] => row[1] !== null)
          .map(([label, value]) => (
            <div key={label} className="flex flex-col sm:flex-row sm:justify-between sm:gap-4">
              <dt className="text-ink-muted">{label}</dt>
              <dd className="font-mono font-semibold break-words text-ink sm:text-right">{value}</dd>
            </div>
          ))}
      </dl>
      <p className="rounded-lg bg-warning-soft p-3 text-sm text-warning">{t('wire.referenceHelp')}</p>
    </section>
  );
}
