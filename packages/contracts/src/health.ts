import { z } from 'zod';

export const HealthcheckResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
    /**
     * The durable job queue (decision 036): whether its tables answer, how many jobs are due and not yet taken, and how
     * long the oldest of them has waited (0 when none). Depth and age are null when the queue did not answer.
     */
    queue: z.object({
      reachable: z.boolean(),
      depth: z.number().int().nullable(),
      oldestAgeSeconds: z.number().nullable(),
      latencyMs: z.number(),
    }),
    version: z.string(),
  })
  .meta({ id: 'Healthcheck' });
export type HealthcheckResponse = z.infer<typeof HealthcheckResponse>;

/**
 * GET /api/livez (decision 068): the process is up and its event loop answers. It touches neither the database nor
 * the job queue, so an orchestrator's liveness probe never restarts healthy processes during a database outage; the
 * readiness check is GET /api/user/healthcheck.
 */
export const LivenessResponse = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    uptimeSeconds: z.number().nonnegative(),
  })
  .meta({ id: 'Liveness' });
export type LivenessResponse = z.infer<typeof LivenessResponse>;
