/** The bank methods module's surface for other modules (the sandbox screen's reset, a trade's or withdrawal's bank). */
export { resetBankMethod } from './reset-bank-method';
export { bankMethodRoutes } from './routes';
export { verifyBankLinkBearer } from './bank-link-handoff';
export { findBankMethodOfUser, type BankMethodRow } from './repository';
export type { MethodsContext } from './context';
