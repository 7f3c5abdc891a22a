import { useId, type ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A titled list of /methods (the banks, the cards). */
export function MethodsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list that could not be read: what happened and a way to try again. */
export function LoadError({ text, onRetry, retryLabel }: { text: string; onRetry: () => void; retryLabel: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-danger bg-danger-soft p-4 sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm font-medium text-danger">{text}</p>
      <Button variant="secondary" onPress={onRetry} className="self-start sm:self-auto">
        <RotateCw size={18} aria-hidden="true" />
        {retryLabel}
      </Button>
    </div>
  );
}
