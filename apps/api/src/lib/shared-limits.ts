import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { createRedisAttemptStore, type AttemptStore, WINDOW_MS } from '../modules/identity';
import { closeRedis, connectRedis, describeRedisUrl } from './redis';

/** What several instances share when REDIS_URL is set (decision 037); without it, nothing (the defaults apply). */
export interface SharedLimits {
  /** The request limits' store; null keeps them in this process. */
  redis: Redis | null;
  /** The lockout counters; undefined keeps them in the database. */
  attemptStore: AttemptStore | undefined;
  close(): Promise<void>;
}

/** Connects to Redis when configured; an unreachable Redis stops the start with a message naming REDIS_URL. */
export async function openSharedLimits(config: Pick<Config, 'redis'>, log: FastifyBaseLogger): Promise<SharedLimits> {
  if (!config.redis) return { redis: null, attemptStore: undefined, close: async () => undefined };
  const redis = await connectRedis(config.redis.url);
  const where = describeRedisUrl(config.redis.url);
  // Reconnection failures repeat every ~2 s while Redis is away; the state changes are what an operator needs.
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error(
      { redis: where, err: error.message },
      'Redis is unreachable: request limits are not counted and sign-ins and codes answer 503',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: where }, 'Redis is back: request limits and lockouts are shared again');
  });
  return {
    redis,
    attemptStore: createRedisAttemptStore(redis, { keyPrefix: config.redis.keyPrefix, windowMs: WINDOW_MS }),
    close: () => closeRedis(redis),
  };
}
