import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { installProcessGuard, isConnectionLoss } from './process-guard.ts';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
/** The handlers the guard installed (called directly: emitting would reach the test runner's own too). */
const guardOf = () => ({
  rejection: process.listeners('unhandledRejection').at(-1)!,
  exception: process.listeners('uncaughtException').at(-1)!,
});

describe('isConnectionLoss', () => {
  it('knows a terminated or reset connection, also wrapped as a query error’s cause', () => {
    expect(isConnectionLoss(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionLoss(pgError('ECONNRESET', 'read ECONNRESET'))).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P01', 'terminating connection') });
    expect(isConnectionLoss(wrapped)).toBe(true);
  });

  it('is not anything else', () => {
    expect(isConnectionLoss(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isConnectionLoss(new TypeError('x is undefined'))).toBe(false);
    expect(isConnectionLoss('ECONNRESET')).toBe(false);
  });
});

describe('the process guard', () => {
  const log = { error: vi.fn(), fatal: vi.fn() };
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    vi.restoreAllMocks();
    log.error.mockReset();
    log.fatal.mockReset();
  });

  it('logs a promise nobody handled, with the context, and the process goes on', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    uninstall = installProcessGuard(log as unknown as FastifyBaseLogger, { role: 'worker' });
    const reason = pgError('57P01', 'terminating connection due to administrator command');
    guardOf().rejection(reason, Promise.resolve());
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ role: 'worker', origin: 'unhandledRejection', connectionLoss: true, err: reason }),
      expect.stringContaining('nothing handled'),
    );
    expect(exit).not.toHaveBeenCalled();
  });

  it('goes on after an uncaught lost connection, and stops on any other uncaught exception', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    uninstall = installProcessGuard(log as unknown as FastifyBaseLogger, { role: 'all' });
    guardOf().exception(pgError('ECONNRESET', 'read ECONNRESET'), 'uncaughtException');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ connectionLoss: true }), expect.any(String));
    expect(exit).not.toHaveBeenCalled();

    const bug = new TypeError('cannot read properties of undefined');
    guardOf().exception(bug, 'uncaughtException');
    expect(log.fatal).toHaveBeenCalledWith(expect.objectContaining({ role: 'all', err: bug }), expect.any(String));
    expect(exit).toHaveBeenCalledWith(1);
  });
});
