import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { PRIMARY_POSTAL_CODE_COUNTRIES, hasRegionList } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSnackbar } from '../../../components/ui/snackbar';
import { TextField } from '../../../components/ui/text-field';
import { isApiError, useApi } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { individualInfoQueryKey } from './api/get-individual-info';
import { setIndividualInfo } from './api/set-individual-info';
import { CountryPicker } from './country-picker';
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
import { RegionPicker } from './region-picker';
import { focusFirstInvalid, StepLayout } from './step-layout';
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

/**
 * KYC screen 2 (document 1, section 2): the address. Continue checks the whole record with the contracts' validator,
 * saves it with /contact/set/individualinfo and hands over; the server's field messages land on their fields.
 */
export function LocationStep({ onBack, onSaved }: { onBack(): void; onSaved(): void }) {
  const { t } = useTranslation('kycForm', { useSuspense: true });
  const { t: shell } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const hintId = useId();
  const { draft, ready } = useSeededDraft();
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const problems = draftProblems(draft);
  const { errorOf, markEdited, markBlurred, submit } = useFieldErrors(problems, draft.serverErrors);
  const { values } = draft;

  if (!ready) return <Skeleton />;

  const set = (key: 'street1' | 'street2' | 'city' | 'postalCode', field: string) => (value: string) => {
    markEdited(field);
    updateDraft({ [key]: value });
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

  const complete = addressComplete(values);
  const country = values.country;

  return (
    <StepLayout title={t('location.title')} intro={t('location.intro')}>
      <Form ref={formRef} validationBehavior="aria" onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          name="address.street1"
          label={t('location.street1')}
          autoComplete="address-line1"
          isRequired
          value={values.street1}
          onChange={set('street1', 'address.street1')}
          onBlur={() => markBlurred('address.street1')}
          error={errorOf('address.street1')}
        />
        <TextField
          name="address.street2"
          label={t('location.street2')}
          autoComplete="address-line2"
          value={values.street2}
          onChange={set('street2', 'address.street2')}
          onBlur={() => markBlurred('address.street2')}
          error={errorOf('address.street2')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="address.city"
            label={t('location.city')}
            autoComplete="address-level2"
            isRequired
            value={values.city}
            onChange={set('city', 'address.city')}
            onBlur={() => markBlurred('address.city')}
            error={errorOf('address.city')}
          />
          <TextField
            name="address.postalCode"
            label={t('location.postalCode')}
            autoComplete="postal-code"
            isRequired
            value={values.postalCode}
            onChange={set('postalCode', 'address.postalCode')}
            onBlur={() => markBlurred('address.postalCode')}
            error={errorOf('address.postalCode')}
          />
        </div>
        <CountryPicker
          label={t('location.country')}
          testId="address.country"
          isRequired
          restricted="disable"
          primary={PRIMARY_POSTAL_CODE_COUNTRIES}
          value={country}
          onChange={(code) => {
            markEdited('address.country');
            // A region belongs to its country: a new country starts with none.
            updateDraft({ country: code, region: null });
          }}
          errorMessage={errorOf('address.country')}
        />
        {country !== null && hasRegionList(country) ? (
          <RegionPicker
            key={country}
            name="address.region"
            label={t('location.region')}
            country={country}
            isRequired
            value={values.region}
            onChange={(code) => {
              markEdited('address.region');
              updateDraft({ region: code });
            }}
            errorMessage={errorOf('address.region')}
          />
        ) : null}
        <div className="mt-2 flex flex-col gap-3">
          <Button
            type="submit"
            fullWidth
            isDisabled={!complete || saving}
            aria-busy={saving || undefined}
            aria-describedby={complete ? undefined : hintId}
          >
            {saving ? t('location.saving') : t('continue')}
          </Button>
          {complete ? null : (
            <p id={hintId} className="text-center text-sm text-ink-muted">
              {t('location.completeHint')}
            </p>
          )}
          <Button type="button" variant="secondary" fullWidth onPress={onBack} isDisabled={saving}>
            {t('back')}
          </Button>
        </div>
      </Form>
    </StepLayout>
  );
}
