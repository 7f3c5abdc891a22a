import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { useSnackbar } from './snackbar';

/**
 * Copies a value (an address, a tag) to the clipboard and says so on the button for a few seconds. Where the
 * browser refuses (no clipboard permission), the snackbar asks the user to select the text instead.
 */
export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const snackbar = useSnackbar();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      snackbar.show({ message: t('deposit.copyFailed'), severity: 'error' });
    }
  };
  return (
    <>
      <Button variant="secondary" onPress={() => void copy()}>
        {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        {copied ? copiedLabel : label}
      </Button>
      {/* Said to screen readers too: a button's children are not announced when they change. */}
      <span role="status" className="sr-only">
        {copied ? copiedLabel : ''}
      </span>
    </>
  );
}
