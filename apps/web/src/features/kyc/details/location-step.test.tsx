import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycIndividualInput } from '@rampart/contracts';
import i18n from '../../../lib/i18n';
import { BasicDetailsStep } from './basic-details-step';
import { flagUrl } from './countries';
import { individualInfoQueryKey } from './api/get-individual-info';
import { kycDetailsDraft, resetKycDetailsDraft, seedDraft, updateDraft } from './draft';
import { LocationStep } from './location-step';
import {
  fakeServer,
  NO_RECORD,
  renderWithApp,
  savedRecord,
  testQueryClient,
  typeDate,
  type Handler,
} from './test-utils';

const SAVE = '/contact/set/individualinfo';

function server(handlers: Record<string, Handler> = {}) {
  return fakeServer({
    '/contact/get/individualinfo': () => ({ status: 200, body: NO_RECORD }),
    '/user/country': () => ({ status: 200, body: { country: 'US', source: 'language' } }),
    [SAVE]: (body) => {
      const input = body as KycIndividualInput;
      return {
        status: 200,
        body: {
          relatedId: 'contact-1',
          individual: savedRecord({ name: { first: input.name?.first ?? '', last: input.name?.last ?? '' } }),
        },
      };
    },
    ...handlers,
  });
}

let queryClient = testQueryClient();

/** What the first screen leaves behind: the record read (none) and the basic details typed. */
function withBasicDetails() {
  const reply = { ...NO_RECORD };
  queryClient.setQueryData(individualInfoQueryKey, reply);
  seedDraft(reply);
  updateDraft({ first: 'Ada', last: 'Lovelace', birth: { year: 1990, month: 5, day: 15 }, taxId: '123-45-6789' });
}

async function renderStep(fake = server()) {
  const onBack = vi.fn();
  const onSaved = vi.fn();
  const view = renderWithApp(<LocationStep onBack={onBack} onSaved={onSaved} />, fake.api, queryClient);
  await screen.findByRole('heading', { name: /^(Location|Ubicación)$/ });
  return { ...view, onBack, onSaved, fake };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const countryBox = () => screen.getByRole('combobox', { name: /^(Country|País)/ });
const regionBox = () => screen.queryByRole('combobox', { name: /^(Tax Region\/State|Región fiscal\/Estado)/ });
const continueButton = () => screen.getByRole('button', { name: /^(Continue|Continuar)$/ });

async function pickCountry(
  user: Awaited<ReturnType<typeof renderStep>>['user'],
  search: string,
  option: RegExp | string,
) {
  await user.clear(countryBox());
  await user.type(countryBox(), search);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function pickRegion(
  user: Awaited<ReturnType<typeof renderStep>>['user'],
  search: string,
  option: RegExp | string,
) {
  const box = regionBox();
  if (!box) throw new Error('no region field');
  await user.type(box, search);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillAddress(user: Awaited<ReturnType<typeof renderStep>>['user'], postalCode = '02110') {
  await user.type(field(/^Address Street$/), '1 Main St');
  await user.type(field(/^City/), 'Boston');
  await user.type(field(/^Postal Code/), postalCode);
}

// Typing into lists of 250 countries is slow in jsdom.
beforeEach(() => {
  resetKycDetailsDraft();
  queryClient = testQueryClient();
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('LocationStep', () => {
  it('preselects the country from /user/country when there is no record (R23)', async () => {
    const { fake } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    expect(fake.callsTo('/user/country')).toHaveLength(1);
    // The selected country's flag shows in the field (an asset URL in the build; vitest inlines it).
    const flag = countryBox().parentElement?.querySelector('img');
    expect(flag?.getAttribute('src')).toBe(flagUrl('US'));
    expect(flag).toHaveAttribute('alt', '');
  });

  it('takes the record’s address and does not guess the country when a record exists', async () => {
    const fake = server({
      '/contact/get/individualinfo': () => ({
        status: 200,
        body: { relatedId: 'contact-1', individual: savedRecord() },
      }),
    });
    await renderStep(fake);
    // The record arrives with the heading, the country names load lazily after it: wait for what the user sees.
    await waitFor(() => {
      expect(countryBox()).toHaveValue('United States of America');
      expect(regionBox()).toHaveValue('Massachusetts');
    });
    expect(field(/^Address Street$/)).toHaveValue('1 Main St');
    expect(fake.callsTo('/user/country')).toHaveLength(0);
  });

  it('says so when the saved details cannot be read, and still offers the form', async () => {
    const fake = server({ '/contact/get/individualinfo': () => ({ status: 403, body: { message: 'Forbidden' } }) });
    await renderStep(fake);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the details you saved before.");
    expect(field(/^Address Street$/)).toHaveValue('');
  });

  it('lists the primary postal-code countries (US, GB, CA) first, then every country alphabetically', async () => {
    const { user } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    await user.click(screen.getByRole('button', { name: /Show all countries/, hidden: true }));
    const names = (await screen.findAllByRole('option')).map((option) => option.textContent?.trim());
    expect(names.slice(0, 4)).toEqual([
      'United States of America',
      'United Kingdom',
      'Canada',
      'Afghanistan (Not Supported)',
    ]);
    expect(names.filter((name) => name === 'Canada')).toHaveLength(1);
  });

  it('keeps Continue disabled until every required address part is filled', async () => {
    withBasicDetails();
    const { user } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    expect(continueButton()).toBeDisabled();
    expect(screen.getByText('Fill in every required part of your address to continue.')).toBeInTheDocument();
    await fillAddress(user);
    // The US has a region list: the state is required too.
    expect(continueButton()).toBeDisabled();
    await pickRegion(user, 'Massa', 'Massachusetts');
    expect(continueButton()).toBeEnabled();
    await user.clear(field(/^City/));
    expect(continueButton()).toBeDisabled();
  });

  it('lists the US states with New York disabled and labelled (Not Supported)', async () => {
    const { user } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    const box = regionBox();
    if (!box) throw new Error('no region field');
    await user.type(box, 'New');
    const newYork = await screen.findByRole('option', { name: 'New York (Not Supported)' });
    expect(newYork).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'New Jersey' })).not.toHaveAttribute('aria-disabled');
    await user.click(newYork);
    expect(kycDetailsDraft.getState().values.region).toBeNull();
  });

  it('offers a region list only for the US, Canada and the UK', async () => {
    const { user } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    expect(regionBox()).not.toBeNull();
    await pickCountry(user, 'Franc', 'France');
    expect(regionBox()).toBeNull();
    await pickCountry(user, 'Canad', 'Canada');
    expect(regionBox()).not.toBeNull();
    await pickCountry(user, 'United Ki', 'United Kingdom');
    await pickRegion(user, 'Scot', 'Scotland');
    expect(regionBox()).toHaveValue('Scotland');
    await pickCountry(user, 'Mexi', 'Mexico');
    expect(regionBox()).toBeNull();
  });

  it('clears the region when the country changes', async () => {
    const { user } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    await pickRegion(user, 'Massa', 'Massachusetts');
    expect(kycDetailsDraft.getState().values.region).toBe('MA');
    await pickCountry(user, 'Canada', 'Canada');
    expect(regionBox()).toHaveValue('');
    expect(kycDetailsDraft.getState().values.region).toBeNull();
  });

  it("lists restricted countries disabled and labelled '(Not Supported)'", async () => {
    const { user } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    await user.clear(countryBox());
    await user.type(countryBox(), 'Afgh');
    const option = await screen.findByRole('option', { name: 'Afghanistan (Not Supported)' });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    await user.click(option);
    expect(kycDetailsDraft.getState().values.country).not.toBe('AF');
  });

  it('finds countries by their Spanish name, accents optional, and by ISO code', async () => {
    await act(() => i18n.changeLanguage('es'));
    const { user } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('Estados Unidos'));
    await user.clear(countryBox());
    await user.type(countryBox(), 'japon');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Japón']);
    await user.click(within(listbox).getByRole('option', { name: 'Japón' }));
    expect(countryBox()).toHaveValue('Japón');
    expect(kycDetailsDraft.getState().values.country).toBe('JP');

    await user.clear(countryBox());
    await user.type(countryBox(), 'Afga');
    expect(await screen.findByRole('option', { name: 'Afganistán (No disponible)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await pickCountry(user, 'de', 'Alemania');
    expect(kycDetailsDraft.getState().values.country).toBe('DE');
  });

  it('checks the postal code for the country before saving', async () => {
    withBasicDetails();
    const { user, fake, onSaved } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    await fillAddress(user, '1234');
    await pickRegion(user, 'Massa', 'Massachusetts');
    await user.click(continueButton());
    expect(screen.getByTestId('field-error-address.postalCode')).toHaveTextContent('Value is not a valid postal');
    expect(fake.callsTo(SAVE)).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('accepts a postal code typed in lower case, as people type it (decision 051)', async () => {
    withBasicDetails();
    const { user, fake, onSaved } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    await pickCountry(user, 'Irel', 'Ireland');
    await user.type(field(/^Address Street$/), '1 Grand Canal Square');
    await user.type(field(/^City/), 'Dublin');
    await user.type(field(/^Postal Code/), 'd02 x285');
    await user.click(continueButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(screen.queryByTestId('field-error-address.postalCode')).toBeNull();
    expect((fake.callsTo(SAVE)[0]?.body as KycIndividualInput).address).toMatchObject({
      country: 'IE',
      postalCode: 'd02 x285',
    });
  });

  it('saves the whole record and hands over', async () => {
    withBasicDetails();
    const { user, fake, onSaved } = await renderStep();
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    await fillAddress(user);
    await pickRegion(user, 'Massa', 'Massachusetts');
    await user.click(continueButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(fake.callsTo(SAVE).map((call) => call.body)).toEqual([
      {
        name: { first: 'Ada', last: 'Lovelace' },
        birth: { year: 1990, month: 5, day: 15 },
        tax: { identifier: '123-45-6789', country: 'US' },
        address: {
          street1: '1 Main St',
          city: 'Boston',
          postalCode: '02110',
          country: 'US',
          countryName: 'United States of America',
          region: 'MA',
        },
      },
    ]);
  });

  it('keeps the saved record’s phone when saving again', async () => {
    const record = savedRecord();
    const fake = server({
      '/contact/get/individualinfo': () => ({ status: 200, body: { relatedId: 'contact-1', individual: record } }),
    });
    const { user, onSaved } = await renderStep(fake);
    await user.click(continueButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const body = fake.callsTo(SAVE)[0]?.body as KycIndividualInput;
    expect(body.telephone).toEqual(record.telephone);
    expect(body.address?.region).toBe('MA');
  });

  it('shows a server validation reply under its field, until the field changes', async () => {
    withBasicDetails();
    const fake = server({
      [SAVE]: () => ({
        status: 400,
        body: {
          message: 'validation error',
          type: 'new_validation_error',
          errors: {
            errors: ['Value is not a valid street'],
            fields: { 'address.street1': 'Value is not a valid street' },
          },
        },
      }),
    });
    const { user, onSaved } = await renderStep(fake);
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    await fillAddress(user);
    await pickRegion(user, 'Massa', 'Massachusetts');
    await user.click(continueButton());
    expect(await screen.findByTestId('field-error-address.street1')).toHaveTextContent('Value is not a valid street');
    expect(onSaved).not.toHaveBeenCalled();
    await user.type(field(/^Address Street$/), 'A');
    expect(screen.queryByTestId('field-error-address.street1')).toBeNull();
  });

  it('shows other failures in the snackbar', async () => {
    withBasicDetails();
    const fake = server({
      [SAVE]: () => ({
        status: 409,
        body: { message: 'Your application has already been submitted.', code: 'kyc_already_submitted' },
      }),
    });
    const { user, onSaved } = await renderStep(fake);
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    await fillAddress(user);
    await pickRegion(user, 'Massa', 'Massachusetts');
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your application has already been submitted.');
    expect(onSaved).not.toHaveBeenCalled();
    expect(continueButton()).toBeEnabled();
  });
});

/** Both screens as the routes mount them. */
function Flow({ onSaved }: { onSaved(): void }) {
  const [step, setStep] = useState<'details' | 'location'>('details');
  return step === 'details' ? (
    <BasicDetailsStep onContinue={() => setStep('location')} />
  ) : (
    <LocationStep onBack={() => setStep('details')} onSaved={onSaved} />
  );
}

describe('the two screens together', () => {
  it('keep what was typed across Back and Continue, and a server message on a name goes back to its field', async () => {
    const fake = server({
      [SAVE]: () => ({
        status: 400,
        body: {
          message: 'validation error',
          type: 'new_validation_error',
          errors: { errors: [], fields: { 'name.first': 'Value is not a valid first name' } },
        },
      }),
    });
    const onSaved = vi.fn();
    const { user } = renderWithApp(<Flow onSaved={onSaved} />, fake.api);
    await screen.findByRole('heading', { name: 'Basic details' });
    await user.type(field(/^First name/), 'Ada');
    await user.type(field(/^Last name/), 'Lovelace');
    await typeDate(user, /Date of birth/, { year: 1990, month: 5, day: 15 });
    await user.type(field(/^Tax ID/), '123-45-6789');
    await user.click(continueButton());

    await screen.findByRole('heading', { name: 'Location' });
    await waitFor(() => expect(countryBox()).toHaveValue('United States of America'));
    await user.type(field(/^Address Street$/), '1 Main St');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Basic details' });
    expect(field(/^First name/)).toHaveValue('Ada');
    await user.click(continueButton());
    await screen.findByRole('heading', { name: 'Location' });
    expect(field(/^Address Street$/)).toHaveValue('1 Main St');

    await user.type(field(/^City/), 'Boston');
    await user.type(field(/^Postal Code/), '02110');
    await pickRegion(user, 'Massa', 'Massachusetts');
    await user.click(continueButton());
    await screen.findByRole('heading', { name: 'Basic details' });
    expect(screen.getByTestId('field-error-name.first')).toHaveTextContent('Value is not a valid first name');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
