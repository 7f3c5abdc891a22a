import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { alertContentOf, GlobalAlert } from './global-alert';

function reject(reason: unknown) {
  const event = new Event('unhandledrejection') as Event & { reason?: unknown };
  event.reason = reason;
  act(() => {
    window.dispatchEvent(event);
  });
}

describe('alertContentOf', () => {
  it('reads an ApiError: message, errors and fields', () => {
    const error = new ApiError({
      message: 'validation error',
      type: 'new_validation_error',
      kind: 'general',
      errors: ['Email is required'],
      fields: { email: 'Email is required' },
    });
    expect(alertContentOf(error)).toEqual({
      message: 'validation error',
      errors: ['Email is required'],
      fields: [['email', 'Email is required']],
    });
  });

  it('reads the raw reply shape', () => {
    expect(alertContentOf({ errors: { errors: ['a'], fields: { f: 'b' } } })).toEqual({
      message: undefined,
      errors: ['a'],
      fields: [['f', 'b']],
    });
  });

  it('ignores reasons with nothing to show', () => {
    expect(alertContentOf('boom')).toBeNull();
    expect(alertContentOf({})).toBeNull();
    expect(alertContentOf(undefined)).toBeNull();
  });
});

describe('GlobalAlert', () => {
  it('shows a dismissible red alert for an unhandled rejection', () => {
    render(<GlobalAlert />);
    reject({ message: 'Something broke', fields: { amount: 'Amount is required' } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something broke');
    expect(alert).toHaveTextContent('amount Amount is required');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
