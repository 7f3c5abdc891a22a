import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useIndividualInfo } from './api/get-individual-info';
import { useUserCountry } from './api/get-user-country';
import { applyCountryGuess, kycDetailsDraft, seedDraft, useKycDetailsDraft, type KycDetailsDraft } from './draft';

/**
 * The draft both screens edit, seeded once from the saved record; when there is none, R23's country guess
 * preselects the country. `ready` is false until the draft holds what the record says (a skeleton meanwhile).
 */
export function useSeededDraft(): { draft: KycDetailsDraft; ready: boolean } {
  const { t } = useTranslation('kycForm', { useSuspense: true });
  const snackbar = useSnackbar();
  const draft = useKycDetailsDraft();
  const info = useIndividualInfo();
  const reply = info.data ?? info.error ?? undefined;
  const wantsGuess = info.data?.individual === null && !draft.countryGuessed;
  const guess = useUserCountry(wantsGuess);

  useEffect(() => {
    if (!reply || kycDetailsDraft.getState().seededFrom === reply) return;
    seedDraft(reply);
    // Nothing fails silently: the form still works (a save creates or replaces the record).
    if (reply instanceof Error) snackbar.show({ message: t('loadError'), severity: 'warning' });
  }, [reply, snackbar, t]);

  const seeded = reply !== undefined && draft.seededFrom === reply;
  useEffect(() => {
    if (!seeded || !wantsGuess) return;
    if (guess.data) applyCountryGuess(guess.data.country);
    // No guess is no reason to hold the form back: the user picks the country.
    else if (guess.isError) applyCountryGuess(null);
  }, [seeded, wantsGuess, guess.data, guess.isError]);

  return { draft, ready: seeded };
}
