import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button';

/** A submit or action button that is disabled and says it is busy while its request runs. */
export function PendingButton({
  pending,
  children,
  variant = 'primary',
  type = 'submit',
  onPress,
}: {
  pending: boolean;
  children: ReactNode;
  variant?: ButtonVariant;
  type?: 'submit' | 'button';
  onPress?: () => void;
}) {
  return (
    <Button
      type={type}
      variant={variant}
      fullWidth
      isDisabled={pending}
      aria-busy={pending || undefined}
      onPress={onPress}
    >
      {children}
    </Button>
  );
}
