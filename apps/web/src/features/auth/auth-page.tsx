import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessageBlock } from '../../components/ui/message-block';

/** /auth: where a new user meets Rampart, so the tagline shows here (R19). */
export function AuthPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <p className="rounded-xl bg-primary-soft px-4 py-3 text-center text-sm font-semibold text-primary-ink">
        {t('app.tagline')}
      </p>
      <MessageBlock icon={<LogIn size={30} />} title={t('auth.title')} message={t('auth.description')} />
    </div>
  );
}
