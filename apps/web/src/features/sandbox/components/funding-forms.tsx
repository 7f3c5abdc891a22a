import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fundSandboxAccount } from '../api/fund-account';
import { fundSandboxAsset } from '../api/fund-asset';
import { wireDepositFund } from '../api/wire-deposit-fund';
import type { useSandboxAction } from '../use-sandbox-action';

type SandboxAction = ReturnType<typeof useSandboxAction>;

function ActionForm({
  onSubmit,
  children,
  button,
  busy,
}: {
  onSubmit: () => void;
  children: ReactNode;
  button: string;
  busy: boolean;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {/* Fields side by side from the small breakpoint, the button under them: the card is too narrow for all three. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">{children}</div>
      <Button type="submit" isDisabled={busy} className="self-stretch sm:self-start">
        {button}
      </Button>
    </form>
  );
}

/** One USD amount and its button (fund account, wire deposit fund); the amount is sent trimmed. */
function UsdAmountForm(props: {
  name: string;
  label: string;
  button: string;
  busy: boolean;
  onSubmit(amount: string): void;
}) {
  const [amount, setAmount] = useState('');
  return (
    <ActionForm button={props.button} busy={props.busy} onSubmit={() => props.onSubmit(amount.trim())}>
      <TextField
        name={props.name}
        label={props.label}
        inputMode="decimal"
        value={amount}
        onChange={setAmount}
        className="min-w-0 flex-1"
      />
    </ActionForm>
  );
}

/** The three funding inputs of an opened account (document 1, section 2); the server checks the amounts. */
export function FundingForms({ action }: { action: SandboxAction }) {
  const { t } = useTranslation('sandbox', { useSuspense: true });
  const [ticker, setTicker] = useState('');
  const [assetAmount, setAssetAmount] = useState('');
  const busy = action.busy !== null;

  return (
    <div className="flex flex-col gap-6">
      <UsdAmountForm
        name="fundAmount"
        label={t('funding.fundAccountLabel')}
        button={t('funding.fundAccount')}
        busy={busy}
        onSubmit={(amount) => void action.run('fund', (api) => fundSandboxAccount(api, amount))}
      />
      <UsdAmountForm
        name="wireAmount"
        label={t('funding.wireDepositLabel')}
        button={t('funding.wireDeposit')}
        busy={busy}
        onSubmit={(amount) => void action.run('wire', (api) => wireDepositFund(api, amount))}
      />
      <ActionForm
        button={t('funding.fundAsset')}
        busy={busy}
        onSubmit={() => {
          // Document 1, section 2: nothing happens unless both are filled in.
          const assetTicker = ticker.trim();
          const amount = assetAmount.trim();
          if (assetTicker === '' || amount === '') return;
          void action.run('asset', (api) => fundSandboxAsset(api, assetTicker, amount));
        }}
      >
        <TextField
          name="assetTicker"
          label={t('funding.ticker')}
          placeholder={t('funding.tickerPlaceholder')}
          autoComplete="off"
          value={ticker}
          onChange={(value) => setTicker(value.toUpperCase())}
          className="min-w-0 sm:w-36"
        />
        <TextField
          name="assetAmount"
          label={t('funding.fundAssetAmountLabel')}
          inputMode="decimal"
          value={assetAmount}
          onChange={setAssetAmount}
          className="min-w-0 flex-1"
        />
      </ActionForm>
    </div>
  );
}
