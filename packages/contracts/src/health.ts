import { z } from 'zod';

export const HealthcheckResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
    /**
     * The durable job queue (issue 8): whether its tables answer, how many jobs are due and not yet taken, and how
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
