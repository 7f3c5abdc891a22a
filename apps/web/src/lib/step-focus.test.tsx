import { useRef, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FOCUS_HEADING_ON_ARRIVAL, useFocusOnArrival, useStepFocus } from './step-focus';

/**
 * Two steps: Next swaps the first for the second, whose heading (or, when asked, its own field) takes focus. With
 * `refused`, the second step shows its field invalid and asks for the invalid field first.
 */
function Steps({ fieldFocusesItself = false, refused = false }: { fieldFocusesItself?: boolean; refused?: boolean }) {
  const [step, setStep] = useState(1);
  const focusStep = useStepFocus();
  if (step === 1)
    return (
      <button
        type="button"
        onClick={() => {
          setStep(2);
          focusStep('second-title', { invalidFieldFirst: true });
        }}
      >
        Next
      </button>
    );
  return (
    <section>
      <h2 id="second-title" tabIndex={-1}>
        Second step
      </h2>
      <input aria-label="Code" autoFocus={fieldFocusesItself} aria-invalid={refused || undefined} />
    </section>
  );
}

function Heading({ title }: { title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {title}
    </h1>
  );
}

function Leave({ withState }: { withState: boolean }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/list', withState ? { state: FOCUS_HEADING_ON_ARRIVAL } : {})}>
      Done
    </button>
  );
}

function renderPages(withState: boolean) {
  return render(
    <MemoryRouter initialEntries={['/step']}>
      <Routes>
        <Route path="/step" element={<Leave withState={withState} />} />
        <Route path="/list" element={<Heading title="The list" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useStepFocus', () => {
  it('puts focus on the new step’s heading once it is drawn, not on the body the pressed button left it on', async () => {
    const user = userEvent.setup();
    render(<Steps />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Second step' })).toHaveFocus());
  });

  it('leaves focus on a field the new step focused itself', async () => {
    const user = userEvent.setup();
    render(<Steps fieldFocusesItself />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const field = await screen.findByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(field).toHaveFocus());
  });
});

describe('useStepFocus, a step that comes back refused', () => {
  it('puts focus on the field marked invalid, so the user lands on what to fix (else on the heading, as above)', async () => {
    const user = userEvent.setup();
    render(<Steps refused />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus());
  });
});

describe('useFocusOnArrival', () => {
  it('focuses the heading of the page a step ended on, when the navigation asks for it', async () => {
    const user = userEvent.setup();
    renderPages(true);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'The list' })).toHaveFocus());
  });

  it('leaves an ordinary navigation alone', async () => {
    const user = userEvent.setup();
    renderPages(false);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const heading = await screen.findByRole('heading', { name: 'The list' });
    expect(heading).not.toHaveFocus();
  });
});
