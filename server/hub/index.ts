// TEMPORARY placeholder until the SignalR hub lands (same interface).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RealtimePublisher } from '../context.js';
import type { CurrentPracticeCache, TokenVerifier } from '../http/caller.js';

export function createHub(_opts: {
  verifier: TokenVerifier;
  practices: CurrentPracticeCache;
  log: FastifyBaseLogger;
}) {
  const publisher: RealtimePublisher = { publish: () => 0 };
  return { publisher, mount: async (_app: FastifyInstance) => undefined, close: () => undefined };
}
