import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { PRIMARY_POSTAL_CODE_COUNTRIES, hasRegionList } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { CountryPicker } from './country-picker';
import { RegionPicker } from './region-picker';
import { StepLayout } from './step-layout';
import { useLocationStep, type AddressTextField } from './use-location-step';

export { addressComplete } from './use-location-step';

/**
 * KYC screen 2 (document 1, section 2): the address. Continue checks the whole record with the contracts' validator,
 * saves it with /contact/set/individualinfo and hands over; the server's field messages land on their fields. Its
 * state and commands are in `use-location-step.ts`.
 */
export function LocationStep({ onBack, onSaved }: { onBack(): void; onSaved(): void }) {
  const { t } = useTranslation('kycForm', { useSuspense: true });
  const hintId = useId();
  const { ready, values, complete, saving, formRef, errorOf, markBlurred, set, chooseCountry, chooseRegion, onSubmit } =
    useLocationStep({ onBack, onSaved });

  if (!ready) return <Skeleton />;

  /** The props of one text field of the address. */
  const field = (key: AddressTextField) => {
    const name = `address.${key}`;
    return {
      name,
      value: values[key],
      onChange: set(key),
      onBlur: () => markBlurred(name),
      error: errorOf(name),
    };
  };
  const country = values.country;

  return (
    <StepLayout title={t('location.title')} intro={t('location.intro')}>
      <Form ref={formRef} validationBehavior="aria" onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField {...field('street1')} label={t('location.street1')} autoComplete="address-line1" isRequired />
        <TextField {...field('street2')} label={t('location.street2')} autoComplete="address-line2" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...field('city')} label={t('location.city')} autoComplete="address-level2" isRequired />
          <TextField {...field('postalCode')} label={t('location.postalCode')} autoComplete="postal-code" isRequired />
        </div>
        <CountryPicker
          label={t('location.country')}
          testId="address.country"
          isRequired
          restricted="disable"
          primary={PRIMARY_POSTAL_CODE_COUNTRIES}
          value={country}
          onChange={chooseCountry}
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
            onChange={chooseRegion}
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
