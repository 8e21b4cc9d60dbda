/**
 * The instance's probes (GET /healthz, GET /readyz): public, and kept by no cache, so that a load
 * balancer always reads this instance's state now. They sit outside /api, so the API's throttles
 * never count them.
 */
import * as contract from '../../embed-sdk/contract/health.js';
import { checkReadiness } from '../db/readiness.js';
import { ServiceUnavailableError } from '../errors.js';
import { defineRoute, type RouteDef } from './route.js';

export const healthRoutes = [
  defineRoute(contract.healthz, { access: 'public' }, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { status: 'serving' as const };
  }),
  defineRoute(contract.readyz, { access: 'public' }, async ({ ctx, reply }) => {
    reply.header('cache-control', 'no-store');
    const answer = await checkReadiness(ctx.database, ctx.log);
    if (!answer.ready) throw new ServiceUnavailableError(answer.problem);
    const { ready: _ready, ...value } = answer;
    return value;
  }),
] as unknown as RouteDef[];
