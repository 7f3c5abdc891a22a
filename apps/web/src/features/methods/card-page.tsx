import { useTranslation } from 'react-i18next';
import { BackLink } from './components/back-link';
import { METHODS_PATH } from './paths';

/** /methods/card: add a card through the API's hosted card form. */
export function CardPage() {
  const { t } = useTranslation('methods', { useSuspense: true });
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={METHODS_PATH}>{t('actions.backToMethods')}</BackLink>
    </div>
  );
}
