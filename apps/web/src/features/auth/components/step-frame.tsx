import type { ReactNode } from 'react';

/** The frame of every auth step: the page's heading, a line of explanation, then the form. */
export function StepFrame({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-ink">{title}</h1>
        {description ? <p className="text-base leading-relaxed text-pretty text-ink-muted">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
