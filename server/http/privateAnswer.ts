/** Answers to a link holder (the public payment and card pages): kept by no cache. */
import type { FastifyReply } from 'fastify';

export function answerPrivately(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}
