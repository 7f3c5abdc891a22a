import { Redis } from 'ioredis';

/**
 * The Redis connection behind the shared request limits and lockout counters (decision 037). Commands fail fast
 * instead of queueing while Redis is away: a request must not hang waiting for it. Callers decide what a failure
 * means (the request limits let the request through, the lockout counters refuse with 503).
 */
export async function connectRedis(
  url: string,
  options: { connectTimeoutMs?: number; commandTimeoutMs?: number } = {},
): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: options.connectTimeoutMs ?? 3000,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    // Mid-flight drops reconnect in the background, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Without a listener an 'error' event would crash the process; the failures surface on the commands instead.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `REDIS_URL: Redis at ${describeRedisUrl(url)} did not answer (${reason}). Start it or unset REDIS_URL.`,
      { cause: error },
    );
  }
  return client;
}

/** Where a Redis URL points, without its credentials, for messages and logs. */
export function describeRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname && u.pathname !== '/' ? u.pathname : ''}`;
  } catch {
    return '(an unreadable URL)';
  }
}

/** Closes the connection, waiting for replies in flight when it is up. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}
