import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { BankLinkAccount } from '@rampart/contracts';
import { Mask } from './mask';

/** The accounts of the chosen bank (the bank link record's account): one is linked. */
export function AccountPicker({
  accounts,
  selectedId,
  onChange,
  isDisabled,
}: {
  accounts: BankLinkAccount[];
  selectedId: string;
  onChange(id: string): void;
  isDisabled: boolean;
}) {
  const { t } = useTranslation('methods', { useSuspense: true });
  return (
    <RadioGroup
      value={selectedId}
      onChange={onChange}
      isDisabled={isDisabled}
      isRequired
      className="flex flex-col gap-2"
    >
      <Label className="mb-1 text-sm font-semibold text-ink">{t('link.account')}</Label>
      {accounts.map((account) => (
        <Radio
          key={account.id}
          value={account.id}
          className={[
            'group flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border border-line-strong px-4 py-3 outline-none',
            'data-[selected]:border-primary data-[selected]:bg-primary-soft data-[hovered]:bg-surface-muted data-[selected]:data-[hovered]:bg-primary-soft',
            'data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus data-[disabled]:opacity-60',
          ].join(' ')}
        >
          <span
            aria-hidden="true"
            className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 border-line-strong group-data-[selected]:border-primary"
          >
            <span className="h-2.5 w-2.5 rounded-full bg-primary opacity-0 group-data-[selected]:opacity-100" />
          </span>
          <span className="flex flex-1 flex-col">
            <span className="text-base font-medium text-ink">{account.name}</span>
            <span className="text-sm text-ink-muted">
              {t(`link.subtype.${account.subtype}`)} <Mask digits={account.mask} />
            </span>
          </span>
        </Radio>
      ))}
    </RadioGroup>
  );
}
