import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back to the list, at the top of the add screens. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="-ml-2 inline-flex min-h-11 items-center gap-2 self-start rounded-lg px-2 text-sm font-semibold text-primary-ink no-underline hover:underline focus-visible:outline-3 focus-visible:outline-focus"
    >
      <ArrowLeft size={18} aria-hidden="true" />
      {children}
    </Link>
  );
}
