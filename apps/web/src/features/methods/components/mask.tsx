import { useTranslation } from 'react-i18next';

/** "••••0000" on screen, "ending in 0000" for a screen reader. */
export function Mask({ digits }: { digits: string }) {
  const { t } = useTranslation('methods', { useSuspense: true });
  return (
    <span className="whitespace-nowrap tabular-nums">
      <span aria-hidden="true">••••</span>
      <span className="sr-only">{t('list.endingIn')} </span>
      {digits}
    </span>
  );
}
