import type { Tenant } from '../../test/factory.ts';
import { eq } from 'drizzle-orm';
import { NOT_FOUND, notTenant, probes, type Entry, type IsolationModule, type Probe } from '../../test/isolation.ts';
import { templateIn } from '../templates/isolation.ts';
import { friends } from '../friends/schema.ts';
import { messages } from './schema.ts';

/** Talks: one friend with an unread message in each tenant's first channel (created below). */
const talkFriendOf = new Map<number, number>();
export const talkFriend = (tenant: Tenant) => talkFriendOf.get(tenant.channels[0]!.id)!;
/** That friend's incoming message, by channel id. */
const talkMessageOf = new Map<number, number>();
/** A's staff naming B's friend in A's channel: `own`; with B's channel in the header: 403. */
const talkProbe = (path: string, own: number[], input: (b: Tenant) => Partial<Probe>): Entry =>
  probes((a, b) => [
    { path, token: a.tokens.staff, lineAccountId: a.channels[0]!.id, answers: own, ...input(b) },
    { path, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], ...input(b) },
  ]);
export const isolation: IsolationModule = {
  async setup(t, tenants) {
    const db = t.runtime.ctx.database.db;
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const [friend] = await db
        .insert(friends)
        .values({ lineAccountId, lineUserId: `Utalk${lineAccountId}`, displayName: 'talk', unreadCount: 1 })
        .returning();
      await db.insert(messages).values({
        lineAccountId,
        friendId: friend!.id,
        direction: 'incoming',
        type: 'text',
        content: { type: 'text', text: 'isolation' },
      });
      const [picture] = await db
        .insert(messages)
        .values({
          lineAccountId,
          friendId: friend!.id,
          direction: 'incoming',
          type: 'image',
          content: { type: 'image', contentProvider: { type: 'line' } },
          lineMessageId: `isolation${lineAccountId}`,
        })
        .returning();
      talkMessageOf.set(lineAccountId, picture!.id);
      await db.update(friends).set({ lastMessageAt: new Date() }).where(eq(friends.id, friend!.id));
      talkFriendOf.set(lineAccountId, friend!.id);
    }
  },
  routes: () => ({
    'GET /api/service/messages/conversations': talkProbe('/service/messages/conversations', [200], (b) => ({
      absentIds: [talkFriend(b)],
    })),
    'GET /api/service/messages': talkProbe('/service/messages', NOT_FOUND, (b) => ({
      query: { friend_id: talkFriend(b) },
    })),
    'GET /api/service/messages/:id/content': probes((a, b) => {
      const path = `/service/messages/${talkMessageOf.get(b.channels[0]!.id)!}/content`;
      return [
        { path, token: a.tokens.staff, lineAccountId: a.channels[0]!.id, answers: NOT_FOUND },
        { path, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] },
      ];
    }),
    'POST /api/service/messages/read': talkProbe('/service/messages/read', NOT_FOUND, (b) => ({
      body: { friend_id: talkFriend(b) },
    })),
    'POST /api/service/messages': probes((a, b) => [
      ...[a.channels[0]!.id, b.channels[0]!.id].map((lineAccountId) => ({
        path: '/service/messages',
        token: a.tokens.staff,
        lineAccountId,
        body: { friend_id: talkFriend(b), message: { type: 'text', text: 'probe' } },
        answers: lineAccountId === a.channels[0]!.id ? NOT_FOUND : [403],
      })),
      // A's friend sent B's template.
      {
        path: '/service/messages',
        token: a.tokens.staff,
        lineAccountId: a.channels[0]!.id,
        body: { friend_id: talkFriend(a), message: { type: 'template', template_id: templateIn(b).plan.id } },
        answers: NOT_FOUND,
      },
    ]),
    'GET /api/service/realtime': notTenant(
      'WebSocket only: laid is checked against the session’s channels (platform/realtime-hub.test.ts)',
    ),
  }),
};
