import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { MessageBlock } from '../../../components/ui/message-block';
import { isApiError } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';

/** A trade page whose reads failed: what went wrong, in the user's language, and Retry when the page offers it. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const serverText = useServerText();
  return (
    <MessageBlock
      title={title}
      message={isApiError(error) ? serverText.ofError(error) : t('common.unexpected')}
      actions={onRetry ? <Button onPress={onRetry}>{t('common.retry')}</Button> : undefined}
    />
  );
}
