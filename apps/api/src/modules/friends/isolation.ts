import type { Tenant } from '../../test/factory.ts';
import { eq } from 'drizzle-orm';
import { INVALID, NOT_FOUND, probes, type Entry, type IsolationModule, type Probe } from '../../test/isolation.ts';
import { fixturesOf } from '../labels/isolation.ts';
import { friendInfoFields, friendInfoValues, friends } from './schema.ts';

/** Per tenant's first channel: an info field, with a value on the label fixtures' friend (created below). */
const infoFieldOf = new Map<number, number>();
const infoFieldIn = (tenant: Tenant) => infoFieldOf.get(tenant.channels[0]!.id)!;
/** The label fixtures' friend is renamed so that its name shows where it leaks. */
const friendNameOf = (tenant: Tenant) => `friend-of-${tenant.channels[0]!.id}-end`;
/**
 * Friends and info fields: A's staff with A's channel in the header reaching for B's friend,
 * field, tag or mark (404, 422 or filtered out of a list); with B's channel in the header, 403.
 */
const friendRoute = (
  route:
    | 'list'
    | 'export'
    | 'get'
    | 'update'
    | 'refreshProfile'
    | 'infoValues'
    | 'fields'
    | 'fieldCreate'
    | 'fieldUpdate'
    | 'fieldRemove',
): Entry =>
  probes((a, b) => {
    const [mine, theirs] = [fixturesOf(a), fixturesOf(b)];
    const [myField, theirField] = [infoFieldIn(a), infoFieldIn(b)];
    const asA = { token: a.tokens.staff, lineAccountId: a.channels[0]!.id };
    const inB = { token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] };
    const value = (fieldId: number) => ({ body: { values: [{ field_id: fieldId, value: 'probe' }] } });
    const fieldBody = { body: { name: 'probe-field', field_type: 'text' } };
    switch (route) {
      case 'list':
        return [
          { path: '/service/friends', ...asA, answers: [200], absentIds: [theirs.friend] },
          ...([{ tag_ids: [String(theirs.tag)] }, { mark_ids: [String(theirs.mark)] }] as Probe['query'][]).map(
            (query) => ({
              path: '/service/friends',
              ...asA,
              query,
              answers: [200],
              absentIds: [theirs.friend],
            }),
          ),
          { path: '/service/friends', ...inB },
        ];
      case 'export':
        return [
          { path: '/service/friends/export', ...asA, answers: [200], absentText: [friendNameOf(b)] },
          {
            path: '/service/friends/export',
            ...asA,
            query: { tag_ids: [String(theirs.tag)], tag_match: 'none' },
            answers: [200],
            absentText: [friendNameOf(b)],
          },
          { path: '/service/friends/export', ...inB },
        ];
      case 'get':
        return [
          { path: `/service/friends/${theirs.friend}`, ...asA, answers: NOT_FOUND },
          { path: `/service/friends/${mine.friend}`, ...inB },
        ];
      case 'update':
        return [
          {
            path: `/service/friends/${theirs.friend}`,
            ...asA,
            body: { display_name: 'hijack', notes: 'hijack', score: 1 },
            answers: NOT_FOUND,
          },
          { path: `/service/friends/${mine.friend}`, ...inB, body: { score: 1 } },
        ];
      case 'refreshProfile':
        return [
          { path: `/service/friends/${theirs.friend}/refresh_profile`, ...asA, answers: NOT_FOUND },
          { path: `/service/friends/${mine.friend}/refresh_profile`, ...inB },
        ];
      case 'infoValues':
        return [
          { path: `/service/friends/${theirs.friend}/info_values`, ...asA, ...value(myField), answers: NOT_FOUND },
          { path: `/service/friends/${theirs.friend}/info_values`, ...asA, ...value(theirField), answers: NOT_FOUND },
          { path: `/service/friends/${mine.friend}/info_values`, ...asA, ...value(theirField), answers: INVALID },
          { path: `/service/friends/${mine.friend}/info_values`, ...inB, ...value(myField) },
        ];
      case 'fields':
        return [
          { path: '/service/friend_info_fields', ...asA, answers: [200], absentIds: [theirField] },
          { path: '/service/friend_info_fields', ...inB },
        ];
      case 'fieldCreate':
        // An id in the body never addresses an existing row: a create makes a new one of A's.
        return [
          { path: '/service/friend_info_fields', ...asA, body: { ...fieldBody.body, id: theirField }, answers: [201] },
          { path: '/service/friend_info_fields', ...inB, ...fieldBody },
        ];
      case 'fieldUpdate':
        return [
          { path: `/service/friend_info_fields/${theirField}`, ...asA, ...fieldBody, answers: NOT_FOUND },
          { path: `/service/friend_info_fields/${myField}`, ...inB, ...fieldBody },
        ];
      case 'fieldRemove':
        return [
          { path: `/service/friend_info_fields/${theirField}`, ...asA, answers: NOT_FOUND },
          { path: `/service/friend_info_fields/${myField}`, ...inB },
        ];
    }
  });

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    const db = t.runtime.ctx.database.db;
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const { friend } = fixturesOf(tenant);
      const [field] = await db
        .insert(friendInfoFields)
        .values({ lineAccountId, name: 'isolation', fieldType: 'text' })
        .returning();
      await db
        .insert(friendInfoValues)
        .values({ lineAccountId, friendId: friend, fieldId: field!.id, value: 'isolation' });
      await db
        .update(friends)
        .set({ displayNameOverride: friendNameOf(tenant) })
        .where(eq(friends.id, friend));
      infoFieldOf.set(lineAccountId, field!.id);
    }
  },
  routes: () => ({
    'GET /api/service/friends/summary': probes((a, b) => [
      { path: '/service/friends/summary', token: a.tokens.staff, lineAccountId: a.channels[0]!.id, answers: [200] },
      { path: '/service/friends/summary', token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] },
    ]),
    'GET /api/service/friends': friendRoute('list'),
    'GET /api/service/friends/export': friendRoute('export'),
    'GET /api/service/friends/:id': friendRoute('get'),
    'PUT /api/service/friends/:id': friendRoute('update'),
    'PUT /api/service/friends/:id/info_values': friendRoute('infoValues'),
    'POST /api/service/friends/:id/refresh_profile': friendRoute('refreshProfile'),
    'GET /api/service/friend_info_fields': friendRoute('fields'),
    'POST /api/service/friend_info_fields': friendRoute('fieldCreate'),
    'PUT /api/service/friend_info_fields/:id': friendRoute('fieldUpdate'),
    'DELETE /api/service/friend_info_fields/:id': friendRoute('fieldRemove'),
  }),
};
