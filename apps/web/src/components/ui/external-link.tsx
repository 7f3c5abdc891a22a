import type { ReactNode } from 'react';
import { openInWallet } from '../../lib/session/wallet-state';

/**
 * An outside link (Contact Support) that opens in a new tab, or the wallet's browser (decision 034), with what screen
 * readers say after its text.
 */
export function ExternalLink({
  href,
  className,
  children,
  newTabLabel,
}: {
  href: string;
  className: string;
  children: ReactNode;
  /** Said after the text by screen readers, e.g. '(opens in a new tab)'. */
  newTabLabel: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      onClick={(event) => {
        if (openInWallet(href)) event.preventDefault();
      }}
    >
      {children}
      <span className="sr-only"> {newTabLabel}</span>
    </a>
  );
}
