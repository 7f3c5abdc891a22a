import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { openInWallet } from '../../lib/session/wallet-state';
import { buttonClassName, type ButtonVariant } from './button';

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

/**
 * An outside link (Contact Support) that looks like a button and opens in a new tab, or the wallet's browser
 * (decision 034).
 */
export function ExternalLinkButton({
  href,
  variant = 'primary',
  children,
  newTabLabel,
}: {
  href: string;
  variant?: ButtonVariant;
  children: ReactNode;
  /** Said after the text by screen readers, e.g. '(opens in a new tab)'. */
  newTabLabel: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClassName(variant)}
      onClick={(event) => {
        if (openInWallet(href)) event.preventDefault();
      }}
    >
      {children}
      <span className="sr-only"> {newTabLabel}</span>
    </a>
  );
}
