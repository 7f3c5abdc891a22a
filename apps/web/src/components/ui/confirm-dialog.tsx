import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** While the confirmed action runs: both buttons wait, the dialog stays open. */
  isPending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Pending buttons are disabled with aria-busy rather than React Aria's isPending: its announcement of the pending
 * state stays in the page's live region after the dialog is gone, pointing at a button that no longer exists
 * (axe: role-img-alt).
 *
 * A destructive action asks first (React Aria's modal: focus trapped and restored, Escape cancels). Cancel has the
 * focus, so a stray Enter does not remove anything.
 */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel,
  cancelLabel,
  isPending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
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
            <Button variant="danger" isDisabled={isPending} aria-busy={isPending || undefined} onPress={onConfirm}>
              {isPending ? <Loader2 size={18} className="animate-spin" aria-hidden="true" /> : null}
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
