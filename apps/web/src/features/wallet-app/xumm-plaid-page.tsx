import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessageBlock } from '../../components/ui/message-block';

/** /xumm/plaid: the bank-link screen inside the wallet mini-app. */
export function XummPlaidPage() {
  const { t } = useTranslation();
  return <MessageBlock icon={<Landmark size={30} />} title={t('walletApp.plaid.title')} message={t('walletApp.plaid.description')} />;
}
