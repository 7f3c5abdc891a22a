import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName, type ButtonVariant } from './button';
import { ExternalLink } from './external-link';

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function LinkButton({
  to,
  variant = 'primary',
  fullWidth = false,
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  fullWidth?: boolean;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClassName(variant, fullWidth)}>
      {children}
    </Link>
  );
}

/** An ExternalLink that looks like a button. */
export function ExternalLinkButton({
  href,
  variant = 'primary',
  children,
  newTabLabel,
}: {
  href: string;
  variant?: ButtonVariant;
  children: ReactNode;
  newTabLabel: string;
}) {
  return (
    <ExternalLink href={href} className={buttonClassName(variant)} newTabLabel={newTabLabel}>
      {children}
    </ExternalLink>
  );
}
