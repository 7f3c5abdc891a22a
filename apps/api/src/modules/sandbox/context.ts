import type { AccountsContext } from '../accounts';

/** What the sandbox use cases work with: the accounts module's database, clock and custodian. */
export type SandboxContext = Pick<AccountsContext, 'db' | 'clock' | 'custodian'>;
