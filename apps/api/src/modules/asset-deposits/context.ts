import type { FeatureFlags } from '@rampart/contracts';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { ChainGateway } from '../../providers/chain-gateway/types';

/** What the asset deposit use cases need: the gateway gives each address, the flags say whether any is given. */
export interface AssetDepositsContext {
  db: Db;
  clock: Clock;
  gateway: ChainGateway;
  flags: FeatureFlags;
}
