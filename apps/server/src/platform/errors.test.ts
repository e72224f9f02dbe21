/** Which errors mean "the database is away" (503 with Retry-After) rather than "the request is wrong" (issue #27 §1). */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
// drizzle wraps the driver's error: the cause chain is walked
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into ...'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['57P01 terminating connection due to administrator command', pgError('57P01')],
    ['57P03 the database system is starting up', pgError('57P03')],
    ['08006 connection failure', pgError('08006')],
    ['53300 too many connections', pgError('53300')],
    ['ECONNREFUSED (nothing listens)', pgError('ECONNREFUSED')],
    ['ECONNRESET', wrapped(pgError('ECONNRESET'))],
    ['the client was cut', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('%s: unavailable', (_, err) => expect(isDatabaseUnavailable(err)).toBe(true));

  it.each([
    ['23505 unique violation', pgError('23505')],
    ['40P01 deadlock', pgError('40P01')],
    ['22P02 bad text', wrapped(pgError('22P02'))],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('%s: not unavailable', (_, err) => expect(isDatabaseUnavailable(err)).toBe(false));
});
