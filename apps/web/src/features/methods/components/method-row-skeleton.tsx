/** The shape of a method row while the list loads (document 1's skeleton). */
export function MethodRowsSkeleton({ rows = 2, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-busy="true" data-testid="methods-skeleton" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-xl border border-line p-3">
          <div className="h-10 w-10 shrink-0 animate-shimmer rounded-full bg-surface-muted" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-2/3 animate-shimmer rounded bg-surface-muted" />
            <div className="h-3 w-1/3 animate-shimmer rounded bg-surface-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
