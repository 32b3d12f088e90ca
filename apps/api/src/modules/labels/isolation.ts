import type { Tenant } from '../../test/factory.ts';
import { INVALID, NOT_FOUND, probes, type Entry, type IsolationModule } from '../../test/isolation.ts';
import { folderIn } from '../folders/isolation.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';
import { friendMarks, friendTags, marks, tags } from './schema.ts';

/** Per tenant's first channel: a tag, a mark, a marks folder and a friend carrying both (created below). */
const labelFixtures = new Map<number, { tag: number; mark: number; marksFolder: number; friend: number }>();
export const fixturesOf = (tenant: Tenant) => labelFixtures.get(tenant.channels[0]!.id)!;
/**
 * Tags and marks: A's staff with A's channel in the header reaching for B's label (404), or for
 * B's folder or friend from A's own label (422); with B's channel in the header, 403.
 */
const channelLabel = (
  kind: 'tag' | 'mark',
  route: 'list' | 'get' | 'uses' | 'create' | 'update' | 'remove' | 'friends',
): Entry =>
  probes((a, b) => {
    const base = `/service/${kind}s`;
    const [mine, theirs] = [fixturesOf(a), fixturesOf(b)];
    const folderOfB = kind === 'tag' ? folderIn(b) : theirs.marksFolder;
    const body = (extra: Record<string, unknown> = {}) => ({
      body: { name: 'probe-label', ...(kind === 'mark' ? { color: '#FF7A45' } : {}), ...extra },
    });
    const asA = { token: a.tokens.staff, lineAccountId: a.channels[0]!.id };
    const inB = { token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] };
    switch (route) {
      case 'list':
        return [
          { path: base, ...asA, answers: [200], absentIds: [theirs[kind]] },
          { path: base, ...asA, query: { folder_id: folderOfB }, answers: [200], absentIds: [theirs[kind]] },
          { path: base, ...inB },
        ];
      case 'get':
        return [
          { path: `${base}/${theirs[kind]}`, ...asA, answers: NOT_FOUND },
          { path: `${base}/${mine[kind]}`, ...inB },
        ];
      case 'uses':
        return [
          { path: `${base}/${theirs[kind]}/uses`, ...asA, answers: NOT_FOUND },
          { path: `${base}/${mine[kind]}/uses`, ...inB },
        ];
      case 'create':
        return [
          { path: base, ...asA, ...body({ folder_id: folderOfB }), answers: INVALID },
          { path: base, ...inB, ...body() },
        ];
      case 'update':
        return [
          { path: `${base}/${theirs[kind]}`, ...asA, ...body(), answers: NOT_FOUND },
          { path: `${base}/${mine[kind]}`, ...asA, ...body({ folder_id: folderOfB }), answers: INVALID },
          { path: `${base}/${mine[kind]}`, ...inB, ...body() },
        ];
      case 'remove':
        return [
          { path: `${base}/${theirs[kind]}`, ...asA, query: { confirm: 'true' }, answers: NOT_FOUND },
          { path: `${base}/${mine[kind]}`, ...inB, query: { confirm: 'true' } },
        ];
      case 'friends':
        return [
          { path: `${base}/${theirs[kind]}/friends`, ...asA, body: { friend_ids: [mine.friend] }, answers: NOT_FOUND },
          {
            path: `${base}/${theirs[kind]}/friends`,
            ...asA,
            body: { friend_ids: [theirs.friend] },
            answers: NOT_FOUND,
          },
          {
            path: `${base}/${mine[kind]}/friends`,
            ...asA,
            body: { friend_ids: [mine.friend, theirs.friend] },
            answers: INVALID,
          },
          { path: `${base}/${mine[kind]}/friends`, ...inB, body: { friend_ids: [mine.friend] } },
        ];
    }
  });

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    const db = t.runtime.ctx.database.db;
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const [folder] = await db
        .insert(folders)
        .values({ scope: 'service', lineAccountId, folderType: 'marks', name: 'isolation' })
        .returning();
      const [tag] = await db.insert(tags).values({ lineAccountId, name: 'isolation' }).returning();
      const [mark] = await db.insert(marks).values({ lineAccountId, name: 'isolation', color: '#FF7A45' }).returning();
      const [friend] = await db
        .insert(friends)
        .values({ lineAccountId, lineUserId: `Uisolation${lineAccountId}`, displayName: 'isolation' })
        .returning();
      await db.insert(friendTags).values({ lineAccountId, friendId: friend!.id, tagId: tag!.id });
      await db.insert(friendMarks).values({ lineAccountId, friendId: friend!.id, markId: mark!.id });
      labelFixtures.set(lineAccountId, { tag: tag!.id, mark: mark!.id, marksFolder: folder!.id, friend: friend!.id });
    }
  },
  routes: () =>
    Object.fromEntries(
      (['tag', 'mark'] as const).flatMap((kind) => [
        [`GET /api/service/${kind}s`, channelLabel(kind, 'list')],
        [`GET /api/service/${kind}s/:id`, channelLabel(kind, 'get')],
        [`GET /api/service/${kind}s/:id/uses`, channelLabel(kind, 'uses')],
        [`POST /api/service/${kind}s`, channelLabel(kind, 'create')],
        [`PUT /api/service/${kind}s/:id`, channelLabel(kind, 'update')],
        [`DELETE /api/service/${kind}s/:id`, channelLabel(kind, 'remove')],
        [`POST /api/service/${kind}s/:id/friends`, channelLabel(kind, 'friends')],
        [`DELETE /api/service/${kind}s/:id/friends`, channelLabel(kind, 'friends')],
      ]),
    ),
};
