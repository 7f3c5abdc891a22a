import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../../../components/ui/button';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  isPending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before an action that cannot be undone (React Aria's modal: focus trapped and restored, Escape cancels). */
export function ConfirmDialog({ isOpen, title, message, confirmLabel, cancelLabel, isPending, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      className="fixed inset-0 z-40 flex items-end justify-center bg-black/50 p-3 sm:items-center sm:p-4"
    >
      <Modal className="w-full max-w-md rounded-2xl bg-surface p-6 shadow-xl">
        <Dialog role="alertdialog" className="flex flex-col gap-3 outline-none">
          <Heading slot="title" className="text-xl font-bold text-ink">
            {title}
          </Heading>
          <div className="text-base text-ink-muted">{message}</div>
          <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" autoFocus isDisabled={isPending} onPress={onCancel}>
              {cancelLabel}
            </Button>
            <Button variant="danger" isPending={isPending} onPress={onConfirm}>
              {isPending ? <Loader2 size={18} className="animate-spin" aria-hidden="true" /> : null}
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
