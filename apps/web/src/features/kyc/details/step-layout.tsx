import type { ReactNode } from 'react';

/** The frame of both screens: the page's heading, a line of explanation, then the form. */
export function StepLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-ink">{title}</h1>
        <p className="text-base leading-relaxed text-pretty text-ink-muted">{intro}</p>
      </div>
      {children}
    </section>
  );
}

/** Focuses the first field that says it is invalid (after a refused Continue), so keyboard users land on it. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const target = form?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], [role="group"][aria-invalid="true"] [role="spinbutton"], [aria-invalid="true"]',
    );
    target?.focus();
  });
}
