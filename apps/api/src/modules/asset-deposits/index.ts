/**
 * The asset deposits module's surface (docs/decisions/069-asset-deposit-addresses.md): the routes, and
 * `receiveChainDeposit`, which credits a chain deposit to a user's deposit address once per transaction, for
 * whatever watches a real chain.
 */
export { assetDepositRoutes } from './routes';
export { receiveChainDeposit, type ChainDeposit, type ReceivedDeposit } from './receive-deposit';
export type { AssetDepositsContext } from './context';
