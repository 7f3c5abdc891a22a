import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasRegionList } from '@rampart/contracts';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError, useApi } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { individualInfoQueryKey } from './api/get-individual-info';
import { userCountryKey } from './api/get-user-country';
import { setIndividualInfo } from './api/set-individual-info';
import {
  DETAILS_FIELDS,
  DETAILS_MISSING,
  draftProblems,
  kycDetailsDraft,
  kycInputOf,
  LOCATION_FIELDS,
  serverFieldMessages,
  updateDraft,
  type KycDetailsDraft,
  type KycDetailsValues,
} from './draft';
import { focusFirstInvalid } from './step-layout';
import { useFieldErrors } from './use-field-errors';
import { useSeededDraft } from './use-draft';

/** Every required address part has something in it (document 2, section 5: Continue stays disabled until then). */
export function addressComplete(values: KycDetailsValues): boolean {
  const filled = (value: string | null) => value !== null && value.trim() !== '';
  const { country } = values;
  return (
    filled(values.street1) &&
    filled(values.city) &&
    filled(values.postalCode) &&
    filled(country) &&
    (country === null || !hasRegionList(country) || filled(values.region))
  );
}

const LOCATION: readonly string[] = LOCATION_FIELDS;
const DETAILS: readonly string[] = DETAILS_FIELDS;

export type AddressTextField = 'street1' | 'street2' | 'city' | 'postalCode';

/**
 * The address screen's state: the seeded draft, its messages (`useFieldErrors`), and Continue, which checks the whole
 * record with the contracts' validator, saves it with /contact/set/individualinfo and hands over. The server's field
 * messages land on their fields; those of the basic details go back to that screen.
 */
export function useLocationStep({ onBack, onSaved }: { onBack(): void; onSaved(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const { t: shell } = useTranslation();
  const { draft, ready } = useSeededDraft();
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const problems = draftProblems(draft);
  const { errorOf, markEdited, markBlurred, submit } = useFieldErrors(problems, draft.serverErrors);
  const { values } = draft;

  /** The change handler of a text field of the address, named `address.<key>` on the form and by the server. */
  const set = (key: AddressTextField) => (value: string) => {
    markEdited(`address.${key}`);
    updateDraft({ [key]: value });
  };

  const chooseCountry = (code: string | null) => {
    markEdited('address.country');
    // A region belongs to its country: a new country starts with none.
    updateDraft({ country: code, region: null });
  };

  const chooseRegion = (code: string | null) => {
    markEdited('address.region');
    updateDraft({ region: code });
  };

  /** Messages for the basic details go back to that screen, which shows them under their fields. */
  const backToDetails = (messages: KycDetailsDraft['serverErrors']) => {
    kycDetailsDraft.setState((state) => ({ serverErrors: { ...state.serverErrors, ...messages } }));
    snackbar.show({ message: serverText.ofMessage(DETAILS_MISSING.text, DETAILS_MISSING), severity: 'warning' });
    onBack();
  };

  const save = async () => {
    setSaving(true);
    try {
      const reply = await setIndividualInfo(api, kycInputOf(draft));
      queryClient.setQueryData(individualInfoQueryKey, reply);
      // The record's country is now the user's country (R23).
      void queryClient.invalidateQueries({ queryKey: userCountryKey });
      onSaved();
    } catch (error) {
      setSaving(false);
      if (!isApiError(error)) {
        snackbar.show({ message: shell('common.unexpected'), severity: 'error' });
        return;
      }
      const fields = serverFieldMessages(error);
      if (error.statusCode === 400 && Object.keys(fields).length > 0) {
        kycDetailsDraft.setState((state) => ({ serverErrors: { ...state.serverErrors, ...fields } }));
        const elsewhere = Object.fromEntries(Object.entries(fields).filter(([field]) => DETAILS.includes(field)));
        const unknown = Object.entries(fields).filter(
          ([field]) => !DETAILS.includes(field) && !LOCATION.includes(field),
        );
        if (unknown.length > 0)
          snackbar.show({
            message: unknown.map(([field]) => `${field}: ${serverText.ofField(error, field) ?? ''}`).join('; '),
            severity: 'error',
          });
        if (Object.keys(elsewhere).length > 0) backToDetails(elsewhere);
        else focusFirstInvalid(formRef.current);
        return;
      }
      snackbar.show({ message: serverText.ofError(error), severity: 'error' });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !addressComplete(values)) return;
    submit();
    if (LOCATION.some((field) => problems[field] !== undefined || draft.serverErrors[field] !== undefined)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const detailProblems = Object.fromEntries(Object.entries(problems).filter(([field]) => DETAILS.includes(field)));
    if (Object.keys(detailProblems).length > 0) {
      backToDetails(detailProblems);
      return;
    }
    void save();
  };

  return {
    ready,
    values,
    complete: addressComplete(values),
    saving,
    formRef,
    errorOf,
    markBlurred,
    set,
    chooseCountry,
    chooseRegion,
    onSubmit,
  };
}
