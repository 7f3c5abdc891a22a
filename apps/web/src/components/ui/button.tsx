import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export const BUTTON_VARIANTS = {
  primary: 'bg-primary text-on-primary data-[hovered]:bg-primary-hover data-[pressed]:bg-primary-hover',
  secondary:
    'border border-line-strong bg-surface text-ink data-[hovered]:bg-surface-muted data-[pressed]:bg-surface-muted',
  ghost: 'bg-transparent text-primary-ink data-[hovered]:bg-primary-soft data-[pressed]:bg-primary-soft',
  danger: 'bg-danger text-surface data-[hovered]:opacity-90 data-[pressed]:opacity-90',
} as const;
export type ButtonVariant = keyof typeof BUTTON_VARIANTS;

/** Classes shared with links styled as buttons (touch target at least 44 px, visible focus ring). */
export function buttonClassName(variant: ButtonVariant = 'primary', fullWidth = false): string {
  return [
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-5 py-2.5',
    'text-base font-semibold no-underline transition-colors select-none',
    'outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus',
    'data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus',
    'disabled:cursor-not-allowed disabled:opacity-50 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
    fullWidth ? 'w-full' : '',
    BUTTON_VARIANTS[variant],
  ].join(' ');
}

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

export function Button({ variant = 'primary', fullWidth = false, className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (extra) =>
        [buttonClassName(variant, fullWidth), extra ?? ''].join(' ').trim(),
      )}
    />
  );
}
