import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessageBlock } from '../../components/ui/message-block';

export function SandboxPage() {
  const { t } = useTranslation();
  return <MessageBlock icon={<FlaskConical size={30} />} title={t('sandbox.title')} message={t('sandbox.description')} />;
}
