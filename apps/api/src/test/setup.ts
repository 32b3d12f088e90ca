import { afterAll, afterEach } from 'vitest';

/*
 * Every test file's setup (vitest.config.ts). pg warns when a statement is handed to a connection
 * that runs another (Promise.all over a transaction's queries): the statements wait for each other
 * anyway, pg@9 will refuse the second, and on a pool a setting and its statement could meet different
 * connections. pg warns once per process: the test during which it warned fails.
 */
const CONCURRENT_QUERY = 'Calling client.query() when the client is already executing a query';

// Deep enough to reach, past pg's and drizzle's frames, the code that started the statement.
Error.stackTraceLimit = 40;
/** One listener and one list per process: the files of a worker share it (vitest.config.ts, `isolate`). */
const shared = globalThis as typeof globalThis & { concurrentQueries?: Error[] };
const concurrentQueries = shared.concurrentQueries ?? (shared.concurrentQueries = []);
if (process.listeners('warning').every((listener) => listener.name !== 'noteConcurrentQuery')) {
  process.on('warning', function noteConcurrentQuery(warning) {
    if (warning.message.includes(CONCURRENT_QUERY)) concurrentQueries.push(warning);
  });
}

function failOnConcurrentQueries() {
  const [warning] = concurrentQueries.splice(0);
  if (warning) {
    throw new Error(
      `two statements at once on one connection (run them in turn: inTurn in platform/db.ts)\n${warning.stack}`,
    );
  }
}

afterEach(failOnConcurrentQueries);
afterAll(failOnConcurrentQueries);
