import { useTranslation } from 'react-i18next';
import { TRANSFER_METHODS, type TransferMethodKey } from '@rampart/contracts';
import { feeText } from '../method-text';
import { ChoiceGroup } from './choice-group';

/** The methods of one direction (R13), each with its settlement time, fee and reach from the shared catalogue. */
export function MethodChoice(props: {
  label: string;
  methods: readonly TransferMethodKey[];
  value: TransferMethodKey | null;
  onChange(key: TransferMethodKey): void;
  error?: string | null;
}) {
  const { t } = useTranslation('money', { useSuspense: true });
  return (
    <ChoiceGroup
      label={props.label}
      name="method"
      value={props.value}
      onChange={(value) => props.onChange(value as TransferMethodKey)}
      error={props.error}
      choices={props.methods.map((key) => ({
        value: key,
        label: t(`methods.${key}.name`),
        detail: [
          t(`settlements.${TRANSFER_METHODS[key].settlementText}`),
          feeText(t, key),
          t(`methods.${key}.reach`),
        ].join(' · '),
      }))}
    />
  );
}

export function isMethodKey(value: string): value is TransferMethodKey {
  return Object.prototype.hasOwnProperty.call(TRANSFER_METHODS, value);
}
