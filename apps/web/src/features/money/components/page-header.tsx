import { useTranslation } from 'react-i18next';
import { PageHeader as SharedPageHeader } from '../../../components/ui/page-header';
import { MONEY_PATH } from '../paths';

/** Back to /money, the page's h1 and its one-line purpose. */
export function PageHeader({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation('money', { useSuspense: true });
  return <SharedPageHeader title={title} intro={intro} backTo={MONEY_PATH} backLabel={t('common.backToMoney')} />;
}
