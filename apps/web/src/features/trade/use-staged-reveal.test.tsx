import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useStagedReveal, type PageRead } from './use-staged-reveal';

const read = (state: Partial<PageRead> = {}): PageRead => ({
  isPending: false,
  isError: false,
  error: null,
  refetch: () => undefined,
  ...state,
});

/** A page of three steps below its top, as a trade form draws them. */
function Page({ reads, seen }: { reads: readonly PageRead[]; seen: string[][] }) {
  const reveal = useStagedReveal(reads, 3);
  if (reveal.phase === 'reading') return <p>Loading…</p>;
  if (reveal.phase === 'failed') return <p role="alert">{String(reveal.error)}</p>;
  const steps = [0, 1, 2, 3].filter((step) => reveal.shown(step)).map((step) => `step ${step}`);
  seen.push(steps);
  return (
    <ul>
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ul>
  );
}

describe('useStagedReveal', () => {
  it('shows the skeleton while a read is pending, then the steps one after the other, each below the last', async () => {
    const seen: string[][] = [];
    const { rerender } = render(<Page reads={[read({ isPending: true }), read()]} seen={seen} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    rerender(<Page reads={[read(), read()]} seen={seen} />);
    expect(await screen.findByText('step 3')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'step 0',
      'step 1',
      'step 2',
      'step 3',
    ]);
    // Never a step before the one above it: what is drawn is always the first steps, one more at a time.
    const distinct = seen.filter((steps, i) => i === 0 || steps.length !== seen[i - 1]!.length);
    expect(distinct.map((steps) => steps.length)).toEqual([1, 2, 3, 4]);
  });

  it('shows the first failed read’s error instead of the form, and reads every read again on retry', async () => {
    const reads: string[] = [];
    const failing = [
      read({ refetch: () => reads.push('assets') }),
      read({ isError: true, error: 'Banks unavailable', refetch: () => reads.push('banks') }),
    ];
    function Failing() {
      const reveal = useStagedReveal(failing, 3);
      return (
        <button type="button" onClick={reveal.retry}>
          {reveal.phase === 'failed' ? String(reveal.error) : 'form'}
        </button>
      );
    }
    render(<Failing />);
    screen.getByRole('button', { name: 'Banks unavailable' }).click();
    await waitFor(() => expect(reads).toEqual(['assets', 'banks']));
  });
});
