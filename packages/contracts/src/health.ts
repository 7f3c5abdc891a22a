import { z } from 'zod';

export const HealthcheckResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
    version: z.string(),
  })
  .meta({ id: 'Healthcheck' });
export type HealthcheckResponse = z.infer<typeof HealthcheckResponse>;
