/**
 * The outbox (DESIGN.md section 2): a fact with later consumers is written in the transaction that
 * publishes it, reaches each consumer at least once after the commit, and is handled once however
 * often it is delivered; a rollback leaves nothing to deliver. After-commit tasks are isolated: one
 * that fails is logged and neither fails the committed request nor stops the tasks after it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../test/kit.ts';
import { waitFor } from '../test/wait.ts';
import { rowsOf } from './db.ts';
import { outboxConsumer, type Delivered, type DomainEvents } from './events.ts';
import type { ModuleManifest } from './module.ts';
import { consumeEvent, relayOutbox } from './outbox.ts';

/*
 * The test consumes a real fact, `friend.followed` of a real friend, published by its own route
 * (`webhookEventId` carries the test's note): nothing else consumes it later, and its subscribers in
 * the transaction find no friend-added scenario in the test's channel (the talk keeps the follow).
 */
type Followed = DomainEvents['friend.followed'];
let friendId = 0;
const followed = (lineAccountId: number, note: number): Followed => ({
  lineAccountId,
  friendId,
  webhookEventId: note,
  occurredAt: new Date(0),
  kind: 'new',
});
const handled: Delivered<Followed>[] = [];
const notes = () => handled.map((event) => event.webhookEventId);
let failNext = false;

/** A module as a feature would write it: one consumer of the test's fact. */
const testModule: ModuleManifest = {
  name: 'outbox-test',
  consumers: [
    outboxConsumer({
      name: 'outbox-test.notes',
      event: 'friend.followed',
      async handle(event, on) {
        await on.tx.execute(sql`select 1`);
        if (failNext) {
          failNext = false;
          throw new Error('the consumer failed this time');
        }
        handled.push(event);
      },
    }),
  ],
};

const afterCommitRan: string[] = [];

describe('the outbox', () => {
  const t = useTestApp({
    modules: [testModule],
    extraRoutes(app, ctx) {
      app.post<{ Body: { note: number; rollback?: boolean } }>('/test/notes', async (request, reply) => {
        const channel = t.tenant.channels[0]!.id;
        try {
          await ctx.events.transaction(ctx.database.db, async (on) => {
            await on.publish('friend.followed', followed(channel, request.body.note));
            on.afterCommit(async () => {
              throw new Error('a notice failed');
            }, 'failing notice');
            on.afterCommit(async () => void afterCommitRan.push(`after ${request.body.note}`), 'second notice');
            if (request.body.rollback) throw new Error('rolled back on purpose');
          });
        } catch {
          return reply.status(409).send({ rolledBack: true });
        }
        return reply.send({ ok: true });
      });
    },
  });
  beforeAll(async () => {
    friendId = (await t.factory.friend(t.tenant.channels[0]!.id)).id;
  });
  const outboxCount = async () =>
    Number(
      rowsOf<{ n: string }>(
        await t.db.execute(sql`select count(*)::int as n from outbox_events where name = 'friend.followed'`),
      )[0]!.n,
    );

  it('hands a committed fact to its consumer once, as JSON, and nothing of a rolled-back one', async () => {
    const committed = await t.app.inject({ method: 'POST', url: '/test/notes', payload: { note: 1 } });
    expect(committed.statusCode).toBe(200);
    const rolledBack = await t.app.inject({ method: 'POST', url: '/test/notes', payload: { note: 2, rollback: true } });
    expect(rolledBack.statusCode).toBe(409);

    await waitFor(() => notes().includes(1));
    expect(handled).toEqual([{ ...followed(t.tenant.channels[0]!.id, 1), occurredAt: new Date(0).toISOString() }]);
    expect(await outboxCount()).toBe(1);
  });

  it('a failing after-commit task is logged; the write stands and the next task runs', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/test/notes', payload: { note: 3 } });
    expect(response.statusCode).toBe(200);
    expect(afterCommitRan).toContain('after 3');
    await waitFor(() => notes().includes(3));
  });

  it('a redelivered event finds its receipt and is not handled twice', async () => {
    const [event] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from outbox_events where payload->>'webhookEventId' = '1'`),
    );
    const eventId = Number(event!.id);
    const consumer = t.ctx.events.consumers().find((c) => c.name === 'outbox-test.notes')!;
    // As if a relay died after handing the event on: it is handed again, and delivered again.
    await t.db.execute(sql`update outbox_events set dispatched_at = null, claimed_until = null where id = ${eventId}`);
    await relayOutbox(t.ctx.database, t.ctx.queue, t.ctx.events);
    await consumeEvent(t.ctx, consumer, eventId);
    expect(notes().filter((note) => note === 1)).toHaveLength(1);
  });

  it('a consumer that fails is delivered again and then handled once', async () => {
    await t.ctx.events.transaction(t.db, async (on) => {
      await on.publish('friend.followed', followed(t.tenant.channels[0]!.id, 4));
    });
    const [event] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from outbox_events where payload->>'webhookEventId' = '4'`),
    );
    const consumer = t.ctx.events.consumers().find((c) => c.name === 'outbox-test.notes')!;
    failNext = true;
    // Whichever delivery comes first (the job or this call) fails and rolls its receipt back with it.
    const first = consumeEvent(t.ctx, consumer, Number(event!.id)).catch((error: Error) => error);
    await first;
    await consumeEvent(t.ctx, consumer, Number(event!.id));
    await waitFor(() => notes().includes(4));
    expect(notes().filter((note) => note === 4)).toHaveLength(1);
  });
});
