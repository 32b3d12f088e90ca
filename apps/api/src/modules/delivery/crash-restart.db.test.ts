/**
 * A server killed (SIGKILL, no graceful stop) while its deliveries are `sending` and `queued`, then
 * started again on the same data: every friend gets the message exactly once, none fails, and what
 * the dead process was sending resumes within the lease goal. Runs on PGlite (the data directory)
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 *
 * LINE here is the test's simulator (LINE_API_BASE_URL): it lives outside the killed process, so its
 * record of what each friend received, and the retry keys it accepted, survive the kill.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { permissionsWith, type TalkHistory } from '@linq/contract';
import { startLineSimulator, type LineSimulator, type SimChannel } from '@linq/line-simulator';
import { deliveries } from './schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { waitFor } from '../../test/wait.ts';
import { ORPHAN_RESUME_GOAL_MS } from './service.ts';

const FRIENDS = 60;

let sim: LineSimulator;
let t: TestApp;
let server: ServerProcess | undefined;

beforeAll(async () => {
  sim = await startLineSimulator();
  t = await startTestApp({}, { role: 'api', persistent: true });
});
afterAll(async () => {
  await server?.kill('SIGKILL');
  await t?.stop();
  await sim?.stop();
});

/** A channel of the simulator, registered in the console as a LINE channel, with following friends. */
async function channelWithFriends(count: number) {
  const account = await t.factory.account();
  const { row, channel } = await t.factory.lineChannelOn(account.id, sim);
  const friendIds: number[] = [];
  for (const friend of channel.createFriends(count)) {
    friendIds.push((await t.factory.friend(row.id, { lineUserId: friend.userId })).id);
  }
  const authority = await t.factory.staffAuthority(account.id, permissionsWith('edit', true));
  const staff = await t.factory.user('service', {
    accountId: account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [row.id],
  });
  return { lineAccountId: row.id, channel, friendIds, token: await t.factory.login('service', staff.email) };
}

const deliveredTo = (channel: SimChannel) => {
  const counts = new Map<string, number>();
  for (const sent of channel.sentMessages()) {
    if (sent.delivered) counts.set(sent.to, (counts.get(sent.to) ?? 0) + 1);
  }
  return counts;
};

/**
 * Whether each friend's talk, read through the server's API, shows its message as sent. LINE's record
 * alone is not enough: a send LINE took just before the kill is delivered, but its row stays `sending`
 * until the restarted server resumes it as an orphan (and LINE answers its retry key with 409).
 */
async function everyMessageShownSent(url: string, token: string, lineAccountId: number, friendIds: number[]) {
  const headers = { authorization: `Bearer ${token}`, lineaccountid: String(lineAccountId) };
  for (const friendId of friendIds) {
    const response = await fetch(`${url}/api/service/messages?friend_id=${friendId}`, { headers });
    const { data } = (await response.json()) as TalkHistory;
    if (!data.some((entry) => entry.delivery_status === 'sent')) return false;
  }
  return true;
}

describe('a server killed mid-send', () => {
  it('sends every message exactly once after the restart, none failed, orphans resumed within the lease goal', async () => {
    const { lineAccountId, channel, friendIds, token } = await channelWithFriends(FRIENDS);
    await t.close();
    const env = { ...t.serverEnv(), LINE_API_BASE_URL: sim.url, LINE_DATA_API_BASE_URL: sim.url };
    server = await startServerProcess(env);

    // LINE slowed down: sends are in flight when the process dies.
    sim.faults.setLatency(400);
    for (const friendId of friendIds) {
      const response = await fetch(`${server.url}/api/service/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          lineaccountid: String(lineAccountId),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ friend_id: friendId, message: { type: 'text', text: 'セール開始のお知らせ' } }),
      });
      expect(response.status).toBe(201);
    }
    await waitFor(() => deliveredTo(channel).size >= 8, 30_000);
    await server.kill('SIGKILL');
    const deliveredBeforeRestart = deliveredTo(channel).size;
    expect(deliveredBeforeRestart).toBeLessThan(FRIENDS);
    sim.faults.clear();

    server = await startServerProcess(env);
    const up = Date.now();
    const restarted = server;
    await waitFor(
      async () =>
        deliveredTo(channel).size === FRIENDS &&
        (await everyMessageShownSent(restarted.url, token, lineAccountId, friendIds)),
      ORPHAN_RESUME_GOAL_MS,
    );
    const resumedWithinMs = Date.now() - up;
    await server.kill('SIGTERM');
    server = undefined;

    expect([...deliveredTo(channel).values()]).toEqual(Array.from({ length: FRIENDS }, () => 1));
    expect(resumedWithinMs).toBeLessThan(ORPHAN_RESUME_GOAL_MS);
    t = await t.restart('api');
    const db = t.runtime.ctx.database.db;
    const rows = await db
      .select({ id: deliveries.id, status: deliveries.status, attempts: deliveries.attempts })
      .from(deliveries)
      .where(eq(deliveries.lineAccountId, lineAccountId));
    expect(rows).toHaveLength(FRIENDS);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    // Some were claimed by the killed process and claimed again after the restart: the orphans.
    expect(rows.some((row) => row.attempts > 1)).toBe(true);
  }, 120_000);
});
