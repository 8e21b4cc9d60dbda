// TEMPORARY placeholder until the card-entry test provider lands (same interface).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { CardGateway } from '../context.js';
import type { Db } from '../db/client.js';

export async function startCardProvider(_opts: {
  db: Db;
  host: string;
  port: number;
  clock: Clock;
  allowedParentOrigins: string[];
  log: FastifyBaseLogger;
}) {
  const fail = async (): Promise<never> => {
    throw new Error('card provider not built yet');
  };
  const gateway: CardGateway = { tokenize: fail, charge: fail, refund: fail, void: fail, isSettled: fail };
  return {
    origin: 'http://localhost:8081',
    scriptUrl: 'http://localhost:8081/tokenize.js',
    gateway,
    close: async () => undefined,
  };
}
