import { useTranslation } from 'react-i18next';
import { PageHeader as SharedPageHeader } from '../../../components/ui/page-header';
import { MONEY_PATH } from '../paths';

/** Back to /money, the page's h1 (`headingId`: where a step of the page puts focus back) and its one-line purpose. */
export function PageHeader({ title, intro, headingId }: { title: string; intro: string; headingId?: string }) {
  const { t } = useTranslation('money', { useSuspense: true });
  return (
    <SharedPageHeader
      title={title}
      intro={intro}
      backTo={MONEY_PATH}
      backLabel={t('common.backToMoney')}
      headingId={headingId}
    />
  );
}
