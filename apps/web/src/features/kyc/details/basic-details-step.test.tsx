import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { BasicDetailsStep } from './basic-details-step';
import type { FeatureFlags } from '@rampart/contracts';
import { configKey, readPublicConfig } from '../../../lib/config';
import { kycDetailsDraft, kycInputOf, resetKycDetailsDraft } from './draft';
import {
  fakeServer,
  fromTodayUtc,
  NO_RECORD,
  renderWithApp,
  savedRecord,
  testQueryClient,
  typeDate,
} from './test-utils';

function server(record = NO_RECORD) {
  return fakeServer({
    '/contact/get/individualinfo': () => ({ status: 200, body: record }),
    '/user/country': () => ({ status: 200, body: { country: 'US', source: 'language' } }),
  });
}

async function renderStep(record = NO_RECORD, flags?: Partial<FeatureFlags>) {
  const onContinue = vi.fn();
  const fake = server(record);
  const queryClient = testQueryClient();
  if (flags)
    queryClient.setQueryData(
      configKey,
      readPublicConfig({ version: '0.0.0-test', stage: 'sandbox', sandbox: true, flags }),
    );
  const view = renderWithApp(<BasicDetailsStep onContinue={onContinue} />, fake.api, queryClient);
  await screen.findByRole('heading', { name: /Basic details|Datos básicos/ });
  return { ...view, onContinue, fake };
}

async function fillValid(
  user: Awaited<ReturnType<typeof renderStep>>['user'],
  birth = { year: 1990, month: 5, day: 15 },
) {
  await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Lovelace');
  await typeDate(user, /Date of birth/, birth);
  await user.type(screen.getByRole('textbox', { name: /^Tax ID/ }), '123-45-6789');
}

const continueButton = () => screen.getByRole('button', { name: /^(Continue|Continuar)$/ });

// Typing dates segment by segment is slow in jsdom.
beforeEach(() => resetKycDetailsDraft());
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('BasicDetailsStep', () => {
  it('shows every required field’s message under it on Continue, and does not continue', async () => {
    const { user, onContinue } = await renderStep();
    expect(screen.getByText(/exactly as they appear on the identity document/)).toBeInTheDocument();
    await user.click(continueButton());
    expect(screen.getByTestId('field-error-name.first')).toHaveTextContent('A value is required');
    expect(screen.getByTestId('field-error-name.last')).toHaveTextContent('A value is required');
    expect(screen.getByTestId('field-error-birth')).toHaveTextContent('Invalid Date.');
    expect(screen.getByTestId('field-error-tax.identifier')).toHaveTextContent('A value is required');
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('continues with valid details', async () => {
    const { user, onContinue } = await renderStep();
    await fillValid(user);
    await user.click(continueButton());
    expect(onContinue).toHaveBeenCalledOnce();
    expect(screen.queryByTestId(/^field-error-/)).toBeNull();
  });

  // docs/feature-flags.md: "KYC individual" asks the fuller profile, middle name (optional) and sex (required).
  it('asks no middle name or sex with the flag kycIndividual off (the default)', async () => {
    await renderStep();
    expect(screen.queryByRole('textbox', { name: /^Middle name/ })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: /^Sex/ })).toBeNull();
  });

  it('with the flag kycIndividual on, requires the sex, takes a middle name, and sends both', async () => {
    const { user, onContinue } = await renderStep(NO_RECORD, { kycIndividual: true });
    await fillValid(user);
    await user.click(continueButton());
    expect(screen.getByTestId('field-error-sex')).toHaveTextContent('A value is required');
    expect(onContinue).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /^Middle name/ }), 'Augusta');
    await user.click(within(screen.getByRole('radiogroup', { name: /^Sex/ })).getByRole('radio', { name: 'Female' }));
    expect(screen.queryByTestId('field-error-sex')).toBeNull();
    await user.click(continueButton());
    expect(onContinue).toHaveBeenCalledOnce();
    expect(kycInputOf(kycDetailsDraft.getState())).toMatchObject({
      name: { first: 'Ada', middle: 'Augusta' },
      sex: 'female',
    });
  });

  it("refuses a date before 1900 with 'Invalid Date.'", async () => {
    const { user, onContinue } = await renderStep();
    await fillValid(user, { year: 1890, month: 1, day: 1 });
    await user.click(continueButton());
    expect(screen.getByTestId('field-error-birth')).toHaveTextContent('Invalid Date.');
    expect(onContinue).not.toHaveBeenCalled();
  });

  it("refuses a future date with 'Date must be in the past.'", async () => {
    const { user, onContinue } = await renderStep();
    await fillValid(user, fromTodayUtc({ days: 3 }));
    await user.click(continueButton());
    expect(screen.getByTestId('field-error-birth')).toHaveTextContent('Date must be in the past.');
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('R7: refuses someone who turns 18 tomorrow, by the full date', async () => {
    const { user, onContinue } = await renderStep();
    await fillValid(user, fromTodayUtc({ years: -18, days: 1 }));
    await user.click(continueButton());
    expect(screen.getByTestId('field-error-birth')).toHaveTextContent('Must be older than 18.');
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('R7: accepts someone who turns 18 today', async () => {
    const { user, onContinue } = await renderStep();
    await fillValid(user, fromTodayUtc({ years: -18 }));
    await user.click(continueButton());
    expect(screen.queryByTestId('field-error-birth')).toBeNull();
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('checks a field when it is left after typing, before Continue', async () => {
    const { user } = await renderStep();
    const first = screen.getByRole('textbox', { name: /^First name/ });
    await user.type(first, 'Ada1');
    expect(screen.queryByTestId('field-error-name.first')).toBeNull();
    await user.tab();
    expect(screen.getByTestId('field-error-name.first')).toHaveTextContent('Value is not a valid first name');
    // Untouched fields stay quiet.
    expect(screen.queryByTestId('field-error-name.last')).toBeNull();
    await user.clear(first);
    await user.type(first, 'Ada');
    expect(screen.queryByTestId('field-error-name.first')).toBeNull();
  });

  it('R8: a name outside ASCII asks for its romanized form, which must be romanized', async () => {
    const { user, onContinue } = await renderStep();
    expect(screen.queryByRole('textbox', { name: /First name in Latin letters/ })).toBeNull();
    await fillValid(user);
    const first = screen.getByRole('textbox', { name: /^First name/ });
    await user.clear(first);
    await user.type(first, 'Łukasz');
    const latin = screen.getByRole('textbox', { name: /First name in Latin letters/ });
    expect(screen.queryByRole('textbox', { name: /Last name in Latin letters/ })).toBeNull();
    await user.click(continueButton());
    expect(screen.getByTestId('field-error-name.latinFirst')).toHaveTextContent('A value is required');
    expect(onContinue).not.toHaveBeenCalled();
    await user.type(latin, 'Łukasz');
    await user.click(continueButton());
    expect(screen.getByTestId('field-error-name.latinFirst')).toHaveTextContent(
      'Value only allows romanized characters',
    );
    await user.clear(latin);
    await user.type(latin, 'Lukasz');
    await user.click(continueButton());
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('accepts names in other alphabets with apostrophes and hyphens (R8)', async () => {
    const { user, onContinue } = await renderStep();
    await fillValid(user);
    const last = screen.getByRole('textbox', { name: /^Last name/ });
    await user.clear(last);
    await user.type(last, "Ó'Brien-Ñúñez");
    await user.type(screen.getByRole('textbox', { name: /Last name in Latin letters/ }), "O'Brien-Nunez");
    await user.click(continueButton());
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('explains the Tax ID in a dialog reachable with the keyboard', async () => {
    const { user } = await renderStep();
    const help = screen.getByRole('button', { name: 'About the Tax ID' });
    help.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('US users: enter your Social Security Number (SSN).');
    expect(dialog).toHaveTextContent(
      'International users: enter the number that matches the identity document you upload next.',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is prefilled from the saved record', async () => {
    await renderStep({ relatedId: 'contact-1', individual: savedRecord() });
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Lovelace');
    expect(screen.getByRole('textbox', { name: /^Tax ID/ })).toHaveValue('123-45-6789');
    expect(screen.getAllByRole('spinbutton').map((s) => s.textContent)).toEqual(['5', '15', '1990']);
  });

  it('shows the labels and the validator’s messages in Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    const { user } = await renderStep();
    await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: /^Apellido/ }), 'García');
    await typeDate(user, /Fecha de nacimiento/, fromTodayUtc({ years: -18, days: 1 }));
    await user.click(continueButton());
    expect(screen.getByTestId('field-error-birth')).toHaveTextContent('Debes ser mayor de 18 años.');
    expect(screen.getByTestId('field-error-tax.identifier')).toHaveTextContent('Se requiere un valor');
    // 'García' is not ASCII: the romanized last name is asked for, in Spanish.
    expect(screen.getByTestId('field-error-name.latinLast')).toHaveTextContent('Se requiere un valor');
  });
});
