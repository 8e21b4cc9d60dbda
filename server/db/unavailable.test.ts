import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

/** What node-postgres and drizzle throw, in the shapes they throw it. */
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a server stopping', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server starting', pgError('57P03', 'the database system is starting up')],
    ['a connection exception', pgError('08006')],
    ['our statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['the pool’s wait', new Error('timeout exceeded when trying to connect')],
    ['the client’s query timeout', new Error('Query read timeout')],
    ['every address refused', new AggregateError([pgError('ECONNREFUSED')], '')],
  ])('%s, bare or under drizzle’s wrapper', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601')],
    ['a missing table', pgError('42P01')],
    ['an error of our own', new Error('Payment plan was not found.')],
    ['not an error', 'ECONNREFUSED'],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
