import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAssetInterestType, type FeatureInterestRequest } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError, useApi } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { featureInterestsQueryOptions, recordFeatureInterest, tradeKey } from '../api/ramp-assets';
import type { AssetOption } from '../model/asset-options';

/** The feature interest an option asks for (R15): a method type, or an asset type with the asset. */
export function interestRequest(
  option: Pick<AssetOption, 'featureInterestType' | 'network' | 'assetTicker'>,
): FeatureInterestRequest | null {
  const type = option.featureInterestType;
  if (!type) return null;
  return isAssetInterestType(type) ? { type, network: option.network, assetTicker: option.assetTicker } : { type };
}

/**
 * "Notify me" (R15; decision 022): records the interest (no retry, R16; asking twice is harmless), says so in the
 * snackbar, and tells whether one is already recorded.
 */
export function useNotifyMe(doneMessage: (option: AssetOption) => string) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const serverText = useServerText();
  const api = useApi();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const interests = useQuery(featureInterestsQueryOptions(api));
  const notify = useMutation({
    mutationFn: (option: AssetOption) => {
      const body = interestRequest(option);
      return body ? recordFeatureInterest(api, body) : Promise.reject(new Error('no interest type'));
    },
    onSuccess: (_reply, option) => {
      snackbar.show({ message: doneMessage(option), severity: 'success' });
      void queryClient.invalidateQueries({ queryKey: [...tradeKey, 'interests'] });
    },
    onError: (error) =>
      snackbar.show({
        message: isApiError(error) ? serverText.ofError(error) : t('common.unexpected'),
        severity: 'error',
      }),
  });
  const notified = (option: AssetOption) =>
    interests.data?.some(
      (interest) =>
        interest.type === option.featureInterestType &&
        (!isAssetInterestType(interest.type) ||
          (interest.network === option.network && interest.assetTicker === option.assetTicker)),
    ) ?? false;
  return { notify: (option: AssetOption) => notify.mutate(option), pending: notify.isPending, notified };
}

/** One "notify me" button, named for what it asks about; "We'll let you know" once the interest is recorded. */
export function NotifyMeButton({
  option,
  label,
  state,
}: {
  option: AssetOption;
  label: string;
  state: ReturnType<typeof useNotifyMe>;
}) {
  const { t } = useTranslation('trade', { useSuspense: true });
  const done = state.notified(option);
  return (
    <Button
      variant="secondary"
      isDisabled={done || state.pending}
      aria-label={done ? undefined : label}
      onPress={() => state.notify(option)}
    >
      {done ? t('buy.notified') : t('buy.notifyMe')}
    </Button>
  );
}

/**
 * The "Coming soon" list under a trade form: what cannot be chosen yet, each with "Notify me" (a button cannot live
 * inside a listbox option, so it sits here; decision 025).
 */
export function ComingSoon(props: {
  options: readonly AssetOption[];
  heading: string;
  text: string;
  nameOf(option: AssetOption): string;
  notifyLabel(option: AssetOption): string;
  doneMessage(option: AssetOption): string;
}) {
  const state = useNotifyMe(props.doneMessage);
  if (props.options.length === 0) return null;
  return (
    <section aria-labelledby="unavailable-heading" className="flex flex-col gap-2 border-t border-line pt-4">
      <h2 id="unavailable-heading" className="text-base font-semibold text-ink">
        {props.heading}
      </h2>
      <p className="text-sm text-ink-muted">{props.text}</p>
      <ul className="flex flex-col gap-2">
        {props.options.map((option) => {
          return (
            <li key={option.key} className="flex min-h-11 items-center gap-3">
              <img
                src={option.imageURL}
                alt=""
                width={28}
                height={28}
                className="size-7 shrink-0 rounded-full opacity-60"
              />
              <span className="min-w-0 flex-1 text-base text-ink-muted">{props.nameOf(option)}</span>
              <NotifyMeButton option={option} label={props.notifyLabel(option)} state={state} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
