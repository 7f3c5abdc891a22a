/** The accounts module's surface for other modules: the custodial account's status for a statement that must read it. */
export { accountStatusSql } from './repository';
