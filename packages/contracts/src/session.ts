import { z } from 'zod';
import { ACCOUNT_STATUSES } from './kyc-levels';

export * from './kyc-levels';

/** POST /api/user/authcheck: whether the bearer token names a live session. */
export const AuthcheckResponse = z.object({ valid: z.boolean() }).meta({ id: 'Authcheck' });
export type AuthcheckResponse = z.infer<typeof AuthcheckResponse>;

/** POST /api/primetrust/account/get */
export const AccountGetResponse = z.object({ status: z.enum(ACCOUNT_STATUSES) }).meta({ id: 'AccountStatus' });
export type AccountGetResponse = z.infer<typeof AccountGetResponse>;
