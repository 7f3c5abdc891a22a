import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/ui/snackbar';
import { isApiError, useApi, type ApiClient } from '../../lib/api';
import { holdingsKey } from '../../lib/queries/holdings';
import { useServerText } from '../../lib/server-text';
import { banksKey } from '../../lib/queries/banks';
import { useKycStore } from '../../lib/session/kyc-store';
import { accountKey } from '../../lib/queries/account';
import { sandboxKey } from './api/keys';

export interface SandboxActionOptions {
  /** Turns the error's details into the toast text (the reset's "Couldn't reset ..."). */
  failureText?: (details: string) => string;
  /** Runs after the success toast (unfreeze clears the app's account-frozen flag). */
  onSuccess?: () => void;
}

/**
 * Runs one sandbox action: the reply's message in a success toast, an error in an error toast (document 2,
 * section 8), then the KYC account state is refreshed and the account views read again (document 1, section 4). One at a time:
 * `busy` names the running action so every button can wait for it.
 */
export function useSandboxAction() {
  const api = useApi();
  const kyc = useKycStore();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const { t } = useTranslation('sandbox', { useSuspense: true });
  const [busy, setBusy] = useState<string | null>(null);

  const run = useCallback(
    async (
      name: string,
      action: (client: ApiClient) => Promise<{ message: string }>,
      options: SandboxActionOptions = {},
    ) => {
      setBusy(name);
      try {
        const reply = await action(api);
        snackbar.show({ message: reply.message, severity: 'success' });
        options.onSuccess?.();
        return true;
      } catch (error) {
        const details = isApiError(error) ? serverText.ofError(error) : t('errors.unexpected');
        snackbar.show({ message: options.failureText ? options.failureText(details) : details, severity: 'error' });
        return false;
      } finally {
        setBusy(null);
        // "After each sandbox action the KYC account state is refreshed" (document 2, section 7): through
        // /primetrust-account-refresh, never retried (docs/decisions/063). Quiet: the page keeps showing the status
        // it knows until the new one arrives, and a failed refresh leaves it as it was.
        void Promise.all([
          kyc.recheck().catch(() => undefined),
          queryClient.invalidateQueries({ queryKey: sandboxKey }),
          // The account is the shared read of lib/queries/account.ts, outside sandboxKey.
          queryClient.invalidateQueries({ queryKey: accountKey }),
          // A reset of a bank method changes the shared bank list (lib/queries/banks.ts), outside sandboxKey.
          queryClient.invalidateQueries({ queryKey: banksKey }),
          // Funding and settling move the balance every page reads from lib/queries/holdings.ts.
          queryClient.invalidateQueries({ queryKey: holdingsKey }),
        ]);
      }
    },
    [api, kyc, queryClient, serverText, snackbar, t],
  );

  return { run, busy };
}
