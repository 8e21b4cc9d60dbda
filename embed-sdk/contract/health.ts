/**
 * An instance's probes, for a load balancer or an orchestrator: public, never cached, never
 * throttled. Not part of the widgets' API (the SDK binds nothing here), but on the wire all the same.
 */
import { z } from 'zod';
import { get } from './endpoint.js';

export const healthz = get('/healthz', {
  summary: 'Liveness: 200 for as long as the process serves requests; it reads no database.',
  value: z.object({ status: z.literal('serving') }),
});

export const Readiness = z.object({
  database: z.enum(['pglite', 'postgres']),
  /** How many migrations the database has of the ones this server ships: all of them. */
  migrations: z.number().int(),
  /** The newest of them ('0008_memberships'). */
  lastMigration: z.string(),
});
export type Readiness = z.infer<typeof Readiness>;

export const readyz = get('/readyz', {
  summary:
    'Readiness: 200 when the database answers and every migration this server ships is applied to it; otherwise 503 with the envelope naming what is wrong, within a few seconds.',
  value: Readiness,
});
