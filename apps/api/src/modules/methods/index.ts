/** The bank methods module's surface for other modules (the sandbox screen's reset). */
export { resetBankMethod } from './reset-bank-method';
export { bankMethodRoutes } from './routes';
