/**
 * The accounts module's surface (docs/architecture.md, "Modules"): the account's state and its transitions, the
 * freeze, and the review job. Other modules read and change an account only through these functions.
 */
export { accountsRoutes } from './routes';
export type { AccountsContext } from './context';
export {
  findAccount,
  createIncompleteAccount,
  markSubmitted,
  updateReview,
  recordTransition,
  deleteAccount,
  type AccountRow,
} from './repository';
export { isAccountFrozen, freezeAccount, unfreezeAccount } from './freeze';
export { enqueueReview, accountJobs } from './review-application';
export { accountStatusSql } from './repository';
