import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

function reload() {
  window.location.reload();
}

/**
 * Shown when the identity widget's code fails to load (R21). Inline replaces the widget in the page;
 * modal blocks the page until the user refreshes.
 */
export function AdBlockerNotice({
  variant = 'inline',
  isOpen = true,
}: {
  variant?: 'inline' | 'modal';
  isOpen?: boolean;
}) {
  const { t } = useTranslation();
  if (variant === 'inline') {
    return (
      <div
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-warning bg-warning-soft p-4 text-ink"
      >
        <ShieldAlert className="mt-0.5 shrink-0 text-warning" size={24} aria-hidden="true" />
        <div className="flex flex-col gap-3">
          <p className="text-sm leading-relaxed">{t('adBlocker.full')}</p>
          <Button variant="secondary" onPress={reload} className="self-start">
            {t('adBlocker.refresh')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <ModalOverlay isOpen={isOpen} className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4">
      <Modal className="w-full max-w-md rounded-2xl bg-surface p-6 shadow-xl">
        <Dialog role="alertdialog" className="flex flex-col items-center text-center outline-none">
          <div
            className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-warning-soft text-warning"
            aria-hidden="true"
          >
            <ShieldAlert size={28} />
          </div>
          <Heading slot="title" className="text-xl font-bold text-ink">
            {t('adBlocker.title')}
          </Heading>
          <p className="mt-2 text-base text-ink-muted">{t('adBlocker.message')}</p>
          <Button onPress={reload} fullWidth className="mt-6" autoFocus>
            {t('adBlocker.refresh')}
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
