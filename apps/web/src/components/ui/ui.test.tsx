import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CalendarDate } from '@internationalized/date';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AdBlockerNotice } from './ad-blocker-notice';
import { DateOfBirthPicker } from './date-of-birth-picker';
import { FieldError } from './field-error';
import { MessageBlock } from './message-block';
import { SnackbarProvider, useSnackbar } from './snackbar';
import { TextField } from './text-field';

describe('FieldError', () => {
  it('renders the message with its test id, and nothing without one', () => {
    const { rerender } = render(<FieldError field="email" message="Email is required" />);
    const error = screen.getByTestId('field-error-email');
    expect(error).toHaveTextContent('Email is required');
    expect(error).toHaveAttribute('id', 'field-error-email');
    rerender(<FieldError field="email" message={null} />);
    expect(screen.queryByTestId('field-error-email')).toBeNull();
  });

  it('is linked to its input by TextField', () => {
    render(<TextField label="Email" name="email" error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain('field-error-email');
  });
});

describe('MessageBlock', () => {
  it('shows title, message, help and the Back and Next buttons', () => {
    const onBack = vi.fn();
    const onNext = vi.fn();
    render(<MessageBlock title="Title" message="Message" help="Help" onBack={onBack} onNext={onNext} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByText('Help')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onBack).toHaveBeenCalledOnce();
    expect(onNext).toHaveBeenCalledOnce();
  });
});

describe('AdBlockerNotice', () => {
  it('inline: says what to do', () => {
    render(<AdBlockerNotice />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ad Blocker Detected - Please disable your ad blocker and refresh the page to proceed with the onboarding process.',
    );
  });
});

function SnackbarDemo() {
  const snackbar = useSnackbar();
  return (
    <>
      <button onClick={() => snackbar.show({ message: 'Saved', severity: 'success' })}>ok</button>
      <button onClick={() => snackbar.show({ message: 'Failed', severity: 'error' })}>fail</button>
    </>
  );
}

describe('Snackbar', () => {
  it('shows a message and hides it after 6 s', () => {
    vi.useFakeTimers();
    try {
      render(
        <SnackbarProvider>
          <SnackbarDemo />
        </SnackbarProvider>,
      );
      fireEvent.click(screen.getByText('ok'));
      expect(screen.getByRole('status')).toHaveTextContent('Saved');
      act(() => vi.advanceTimersByTime(5999));
      expect(screen.queryByText('Saved')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('Saved')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('errors use role alert and can be dismissed', () => {
    render(
      <SnackbarProvider>
        <SnackbarDemo />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByText('fail'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Failed')).toBeNull();
  });
});

function Picker(props: { initial: CalendarDate | null; min?: CalendarDate; max?: CalendarDate }) {
  const [value, setValue] = useState<CalendarDate | null>(props.initial);
  return (
    <DateOfBirthPicker
      label="Date of birth"
      name="birthDate"
      value={value}
      onChange={setValue}
      minValue={props.min}
      maxValue={props.max}
    />
  );
}

describe('DateOfBirthPicker', () => {
  it('has month, day and year segments in the English order', () => {
    render(<Picker initial={null} />);
    const segments = screen.getAllByRole('spinbutton').map((s) => s.getAttribute('data-type'));
    expect(segments).toEqual(['month', 'day', 'year']);
    // React Aria names the calendar button itself ('Calendar', localised by I18nProvider) with the field label.
    expect(screen.getByRole('button', { name: /Date of birth/ })).toBeInTheDocument();
  });

  it('says a date after the maximum should be before it', () => {
    render(<Picker initial={new CalendarDate(2030, 1, 1)} max={new CalendarDate(2020, 5, 17)} />);
    expect(screen.getByTestId('field-error-birthDate')).toHaveTextContent('Date should be before: May 17, 2020');
  });

  it('says a date before the minimum should be after it', () => {
    render(<Picker initial={new CalendarDate(1890, 1, 1)} min={new CalendarDate(1900, 1, 1)} />);
    expect(screen.getByTestId('field-error-birthDate')).toHaveTextContent('Date should be after: Jan 1, 1900');
  });

  it('shows no error for a date in range', () => {
    render(
      <Picker
        initial={new CalendarDate(1990, 3, 4)}
        min={new CalendarDate(1900, 1, 1)}
        max={new CalendarDate(2020, 1, 1)}
      />,
    );
    expect(screen.queryByTestId('field-error-birthDate')).toBeNull();
  });
});

function FormPicker({ initial }: { initial: CalendarDate }) {
  const [value, setValue] = useState<CalendarDate | null>(initial);
  return (
    <>
      <DateOfBirthPicker label="Date of birth" name="birthDate" value={value} onChange={setValue} />
      <output data-testid="form-value">{value ? value.toString() : 'none'}</output>
    </>
  );
}

describe('DateOfBirthPicker: a day the new month does not have (document 2, section 5)', () => {
  const segment = (type: string) => {
    const found = screen.getAllByRole('spinbutton').find((s) => s.getAttribute('data-type') === type);
    if (!found) throw new Error(`no ${type} segment`);
    return found;
  };

  it('clears the 31st when April is chosen, instead of moving it to the 30th, and the form has no date', async () => {
    const user = userEvent.setup();
    render(<FormPicker initial={new CalendarDate(1990, 3, 31)} />);
    await user.click(segment('month'));
    await user.keyboard('{ArrowUp}');
    expect(segment('month')).toHaveAttribute('aria-valuenow', '4');
    expect(segment('day')).toHaveAttribute('data-placeholder', 'true');
    expect(segment('year')).toHaveAttribute('aria-valuenow', '1990');
    expect(screen.getByTestId('form-value')).toHaveTextContent('none');
    // A new day makes the date whole again.
    await user.click(segment('day'));
    await user.keyboard('15');
    expect(screen.getByTestId('form-value')).toHaveTextContent('1990-04-15');
  });

  it('keeps a day the new month has, and the date moves with it', async () => {
    const user = userEvent.setup();
    render(<FormPicker initial={new CalendarDate(1990, 5, 30)} />);
    await user.click(segment('month'));
    await user.keyboard('{ArrowUp}');
    expect(screen.getByTestId('form-value')).toHaveTextContent('1990-06-30');
    expect(segment('day')).toHaveAttribute('aria-valuenow', '30');
  });

  it('clears February 29 once the year chosen has no such day', async () => {
    const user = userEvent.setup();
    render(<FormPicker initial={new CalendarDate(1992, 2, 29)} />);
    await user.click(segment('year'));
    await user.keyboard('{ArrowDown}');
    expect(segment('day')).toHaveAttribute('data-placeholder', 'true');
    expect(screen.getByTestId('form-value')).toHaveTextContent('none');
  });
});
