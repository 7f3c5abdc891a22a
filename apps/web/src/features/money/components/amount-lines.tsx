import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/format';
import { centsToDecimal } from '../money-math';

export interface AmountLine {
  label: string;
  cents: bigint;
  /** The total: set apart and in bold. */
  total?: boolean;
}

/**
 * The amounts of a transfer before it is made (docs/design-brief.md, interface: money): the amount, every fee on its
 * own line, and the total together. A dash stands for amounts not known yet, so the lines keep their place while the
 * user types.
 */
export function AmountLines({
  lines,
  testId,
}: {
  lines: readonly (AmountLine | { label: string; cents: null; total?: boolean })[];
  testId?: string;
}) {
  const { t } = useTranslation('money', { useSuspense: true });
  return (
    <dl
      data-testid={testId}
      aria-label={t('breakdown.label')}
      className="flex flex-col gap-2 rounded-xl bg-surface-muted p-4 text-base"
    >
      {lines.map((line) => (
        <div
          key={line.label}
          className={[
            'flex items-baseline justify-between gap-4',
            line.total ? 'mt-1 border-t border-line pt-3 font-semibold text-ink' : 'text-ink-muted',
          ].join(' ')}
        >
          <dt className="min-w-0">{line.label}</dt>
          <dd className="shrink-0 text-ink tabular-nums">
            {line.cents === null ? '—' : formatUsd(centsToDecimal(line.cents))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
