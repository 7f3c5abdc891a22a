import { afterEach, describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { SnackbarProvider } from '../../components/ui/snackbar';
import { ApiError } from '../api';
import i18n from '../i18n';
import { schemaErrors, useForm, type FormOptions } from './use-form';

type Field = 'amount' | 'bank';

const wrapper = ({ children }: { children: ReactNode }) => <SnackbarProvider>{children}</SnackbarProvider>;

function renderForm(options: Partial<FormOptions<Field>> = {}) {
  return renderHook(() => useForm<Field>({ fields: ['amount', 'bank'], ...options }), { wrapper });
}

const refusal = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ message: 'validation error', type: 'new_validation_error', kind: 'general', ...init });

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('useForm', () => {
  it('runs no command while a field fails its check, and shows the check’s message under it', async () => {
    let sent = 0;
    const { result } = renderForm({ validate: () => ({ amount: 'Enter an amount' }) });
    await act(() => result.current.handleSubmit(async () => void (sent += 1))());
    expect(sent).toBe(0);
    expect(result.current.errors).toEqual({ amount: 'Enter an amount' });
  });

  it('sends one command per click however often the user presses, and says when it is in flight', async () => {
    let sent = 0;
    let finish = () => {};
    const { result } = renderForm();
    const command = () => new Promise<void>((resolve) => ((sent += 1), (finish = resolve)));
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.handleSubmit(command)();
    });
    expect(result.current.submitting).toBe(true);
    await act(() => result.current.handleSubmit(command)());
    expect(sent).toBe(1);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.submitting).toBe(false);
  });

  it('puts a refusal’s field messages under their fields by key, in the user’s language', async () => {
    await i18n.changeLanguage('es');
    const { result } = renderForm({ fieldOfServer: (name) => (name === 'fundsTransferMethodId' ? 'bank' : undefined) });
    const error = refusal({
      fields: { fundsTransferMethodId: 'Select one payment method', amount: 'The smallest trade here is 1.00 USD' },
      fieldKeys: {
        amount: { key: 'ramp.amountBelowMinimum', params: { minimum: '1.00', ticker: 'USD' } },
      },
    });
    await act(() =>
      result.current.handleSubmit(async () => {
        throw error;
      })(),
    );
    expect(result.current.errors.amount).toBe('El mínimo para esta operación es 1.00 USD');
    // A message without a key is shown as the server wrote it.
    expect(result.current.errors.bank).toBe('Select one payment method');
  });

  it('shows a refusal that names no field of the form in the snackbar, and an unexpected failure as such', async () => {
    function Probe({ error }: { error: unknown }) {
      const form = useForm<Field>({ fields: ['amount', 'bank'] });
      return (
        <button
          onClick={() =>
            void form.handleSubmit(async () => {
              throw error;
            })()
          }
        >
          send
        </button>
      );
    }
    const { unmount } = render(<Probe error={refusal({ message: 'Your account is frozen' })} />, { wrapper });
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByText('Your account is frozen')).toBeTruthy();
    unmount();
    render(<Probe error={new TypeError('boom')} />, { wrapper });
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/boom/)).toBeNull();
  });

  it('lets the page answer a refusal itself', async () => {
    const { result } = renderForm({
      onServerError: (error) => error.code === 'trade_limit_exceeded',
    });
    await act(() =>
      result.current.handleSubmit(async () => {
        throw refusal({ code: 'trade_limit_exceeded', fields: { amount: 'Over the limit' } });
      })(),
    );
    expect(result.current.errors).toEqual({});
  });

  it('clears one field as the user changes it, and sets one', () => {
    const { result } = renderForm();
    act(() => result.current.setError('amount', 'Enter an amount'));
    act(() => result.current.setError('bank', 'Choose a bank'));
    act(() => result.current.clear('amount'));
    expect(result.current.errors).toEqual({ bank: 'Choose a bank' });
    act(() => result.current.clear());
    expect(result.current.errors).toEqual({});
  });
});

describe('schemaErrors', () => {
  const schema = z.object({ amount: z.string().min(1, 'Enter an amount'), bank: z.string().min(1, 'Choose a bank') });

  it('gives the first problem of each field the form shows, through the translator', () => {
    expect(schemaErrors(schema, { amount: '', bank: '' }, ['amount'], (m) => `«${m}»`)).toEqual({
      amount: '«Enter an amount»',
    });
    expect(schemaErrors(schema, { amount: '5', bank: 'b' }, ['amount', 'bank'])).toEqual({});
  });
});
