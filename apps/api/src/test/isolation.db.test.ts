/**
 * The isolation route matrix (DESIGN.md section 5). Every route the server answers
 * must have an entry here: either why it holds no tenant data, or probes in which
 * tenant A's sessions reach for tenant B's ids (path, query, body, nested ids,
 * LineAccountId header). Each probe must be refused and leave B's rows unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, eq, or } from 'drizzle-orm';
import { allEndpoints, permissionsWith, type PlanAction, type PlanDetail, type TemplateDetail } from '@linq/contract';
import { startTestApp, type TestApp, type TestRequest } from './harness.ts';
import type { Tenant } from './factory.ts';
import { simulateChannels } from '../modules/simulator/test-support.ts';
import { messageOf, payloadOf } from '../modules/templates/test-support.ts';
import { folders } from '../modules/folders/schema.ts';
import { friendInfoFields, friendInfoValues, friends } from '../modules/friends/schema.ts';
import { friendMarks, friendTags, marks, tags } from '../modules/labels/schema.ts';
import { lineAccounts, userLineAccounts } from '../modules/line-accounts/schema.ts';
import { trackedLinks } from '../modules/links/schema.ts';
import { sessions, users } from '../modules/sessions/schema.ts';
import { staffAuthorities } from '../modules/staff-authorities/schema.ts';
import { messages } from '../modules/talks/schema.ts';
import { messageTemplateActions, messageTemplates } from '../modules/templates/schema.ts';
import {
  channelPlanSettings,
  planActionMarks,
  planActions,
  planActionTags,
  planEnrolments,
  planMarks,
  plans,
  planTags,
  planTargetFriends,
  planTimings,
  targetConditions,
  targetConditionTags,
} from '../modules/plans/schema.ts';
import { branchingScenario, createPlan, planJson } from '../modules/plans/test-support.ts';

interface Probe extends Omit<TestRequest, 'method' | 'path'> {
  path: string;
  /** Statuses that show the probe was kept inside tenant A (200 for lists filtered to A). */
  answers: number[];
  /** For lists: ids of B that must not appear in `data`. */
  absentIds?: number[];
  /** For downloads: text of B that must not appear in the body. */
  absentText?: string[];
}
type Build = (a: Tenant, b: Tenant) => Probe[];
/** `refused`: probes of sessions a route without tenant data must turn away all the same (admin-only routes). */
type Entry = { kind: 'no-tenant-data'; why: string; refused?: Build } | { kind: 'probes'; probes: Build };

const NOT_FOUND = [404];
const INVALID = [422];
const notTenant = (why: string, refused?: Build): Entry => ({
  kind: 'no-tenant-data',
  why,
  ...(refused ? { refused } : {}),
});
const probes = (build: (a: Tenant, b: Tenant) => Probe[]): Entry => ({ kind: 'probes', probes: build });

const authorityBody = (name: string) => ({
  name,
  description: '',
  permissions: permissionsWith('view', false),
});
const userBody = (a: Tenant, overrides: Record<string, unknown>) => ({
  name: 'probe',
  email: `probe-${Math.random().toString(36).slice(2)}@test.example`,
  password: 'probe-password-123',
  status: 'active',
  staff_authority_id: a.fullAuthority.id,
  line_account_ids: [a.channels[0]!.id],
  ...overrides,
});

/** Platform-admin routes hold every tenant's data: tenant A's owner and staff are refused (401) on B's ids. */
const adminOnly = (path: (b: Tenant) => string, body?: (b: Tenant) => unknown): Entry =>
  notTenant('platform admin: sees every tenant', (a, b) =>
    [a.tokens.owner, a.tokens.staff].map((token) => ({
      path: path(b),
      token,
      answers: [401],
      ...(body ? { body: body(b) } : {}),
    })),
  );
const adminChannelBody = (b: Tenant) => ({
  name: 'hijack',
  account_id: b.account.id,
  status: 'active',
  channel_id: '1234567890',
  channel_secret: '0123456789abcdef0123456789abcdef',
  channel_access_token: 'probe-token',
  simulated: false,
});

const sessionRoutes = Object.fromEntries(
  ['admin', 'agency', 'account', 'service'].flatMap((role) => [
    [`POST /api/${role}/sessions`, notTenant('login: credentials only')],
    [`DELETE /api/${role}/sessions`, notTenant('ends the caller’s own session only')],
    [`GET /api/${role}/sessions/me`, notTenant('the caller’s own session only')],
  ]),
);

/** Phone panel: the first channel of each tenant is bound to a simulator with one virtual friend (see below). */
let simulated: Awaited<ReturnType<typeof simulateChannels>>;
/** A's staff in A's own simulated channel gets `own`; with B's channel in the header, 403. */
const inChannel = (path: string, own: number[], body?: unknown): Entry =>
  probes((a, b) => [
    { path, token: a.tokens.staff, lineAccountId: a.channels[0]!.id, answers: own, ...(body ? { body } : {}) },
    { path, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], ...(body ? { body } : {}) },
  ]);
/** A's staff asking for B's virtual friend in A's channel: 404; in B's channel (header): 403. */
const virtualFriend = (action: string, body?: unknown): Entry =>
  probes((a, b) => {
    const path = `/service/simulator/friends/${simulated.friendOf(b.channels[0]!.id)}/${action}`;
    const own = `/service/simulator/friends/${simulated.friendOf(a.channels[0]!.id)}/${action}`;
    const extra = body ? { body } : {};
    return [
      { path, token: a.tokens.staff, lineAccountId: a.channels[0]!.id, answers: NOT_FOUND, ...extra },
      { path, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], ...extra },
      { path: own, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], ...extra },
    ];
  });

/** One tags folder in each tenant's first channel (created below). */
const folderOf = new Map<number, number>();
const folderIn = (tenant: Tenant) => folderOf.get(tenant.channels[0]!.id)!;
/**
 * A's staff with A's channel in the header asking for B's folder: 404 (`own` for routes without
 * an id); with B's channel in the header: 403.
 */
const channelFolder = (withId: boolean, own: number[], body?: unknown): Entry =>
  probes((a, b) => {
    const extra = body ? { body } : {};
    const path = withId ? `/service/folders/${folderIn(b)}` : '/service/folders';
    const query = withId ? {} : { query: { folder_type: 'tags' } };
    return [
      {
        path,
        token: a.tokens.staff,
        lineAccountId: a.channels[0]!.id,
        answers: withId ? NOT_FOUND : own,
        ...(withId || body ? {} : { absentIds: [folderIn(b)] }),
        ...query,
        ...extra,
      },
      { path, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], ...query, ...extra },
      ...(withId
        ? [
            {
              path: `/service/folders/${folderIn(a)}`,
              token: a.tokens.staff,
              lineAccountId: b.channels[0]!.id,
              answers: [403],
              ...extra,
            },
          ]
        : []),
    ];
  });
const folderBody = { name: 'probe-folder', sort_index: 0 };

/** Per tenant's first channel: a tag, a mark, a marks folder and a friend carrying both (created below). */
const labelFixtures = new Map<number, { tag: number; mark: number; marksFolder: number; friend: number }>();
const fixturesOf = (tenant: Tenant) => labelFixtures.get(tenant.channels[0]!.id)!;
/**
 * Tags and marks: A's staff with A's channel in the header reaching for B's label (404), or for
 * B's folder or friend from A's own label (422); with B's channel in the header, 403.
 */
const channelLabel = (
  kind: 'tag' | 'mark',
  route: 'list' | 'get' | 'create' | 'update' | 'remove' | 'friends',
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
const labelRoutes = Object.fromEntries(
  (['tag', 'mark'] as const).flatMap((kind) => [
    [`GET /api/service/${kind}s`, channelLabel(kind, 'list')],
    [`GET /api/service/${kind}s/:id`, channelLabel(kind, 'get')],
    [`POST /api/service/${kind}s`, channelLabel(kind, 'create')],
    [`PUT /api/service/${kind}s/:id`, channelLabel(kind, 'update')],
    [`DELETE /api/service/${kind}s/:id`, channelLabel(kind, 'remove')],
    [`POST /api/service/${kind}s/:id/friends`, channelLabel(kind, 'friends')],
    [`DELETE /api/service/${kind}s/:id/friends`, channelLabel(kind, 'friends')],
  ]),
);

/** Talks: one friend with an unread message in each tenant's first channel (created below). */
const talkFriendOf = new Map<number, number>();
const talkFriend = (tenant: Tenant) => talkFriendOf.get(tenant.channels[0]!.id)!;
/** A's staff naming B's friend in A's channel: `own`; with B's channel in the header: 403. */
const talkProbe = (path: string, own: number[], input: (b: Tenant) => Partial<Probe>): Entry =>
  probes((a, b) => [
    { path, token: a.tokens.staff, lineAccountId: a.channels[0]!.id, answers: own, ...input(b) },
    { path, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], ...input(b) },
  ]);
const talkRoutes = (): Record<string, Entry> => ({
  'GET /api/service/messages/conversations': talkProbe('/service/messages/conversations', [200], (b) => ({
    absentIds: [talkFriend(b)],
  })),
  'GET /api/service/messages': talkProbe('/service/messages', NOT_FOUND, (b) => ({
    query: { friend_id: talkFriend(b) },
  })),
  'POST /api/service/messages/read': talkProbe('/service/messages/read', NOT_FOUND, (b) => ({
    body: { friend_id: talkFriend(b) },
  })),
  'POST /api/service/deliveries/retry': inChannel('/service/deliveries/retry', [200]),
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
  // Uploads name no id; the channel header is the only tenant input (a JSON body in A's own channel is a wrong file).
  'POST /api/service/files/images': inChannel('/service/files/images', INVALID, {}),
});

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
  route: 'list' | 'export' | 'get' | 'update' | 'infoValues' | 'fields' | 'fieldCreate' | 'fieldUpdate' | 'fieldRemove',
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
const friendRoutes = {
  'GET /api/service/friends': friendRoute('list'),
  'GET /api/service/friends/export': friendRoute('export'),
  'GET /api/service/friends/:id': friendRoute('get'),
  'PUT /api/service/friends/:id': friendRoute('update'),
  'PUT /api/service/friends/:id/info_values': friendRoute('infoValues'),
  'GET /api/service/friend_info_fields': friendRoute('fields'),
  'POST /api/service/friend_info_fields': friendRoute('fieldCreate'),
  'PUT /api/service/friend_info_fields/:id': friendRoute('fieldUpdate'),
  'DELETE /api/service/friend_info_fields/:id': friendRoute('fieldRemove'),
  'POST /api/service/users/hide_tutorial': notTenant('changes the caller’s own tutorial setting only'),
};

/** Per tenant's first channel: a templates folder and a confirm template in it (created below); one teppan template. */
const templateFixtures = new Map<number, { folder: number; template: TemplateDetail }>();
let teppanTemplate: TemplateDetail;
const templateIn = (tenant: Tenant) => templateFixtures.get(tenant.channels[0]!.id)!.template;
const templateFolderIn = (tenant: Tenant) => templateFixtures.get(tenant.channels[0]!.id)!.folder;
/** A save of A's own template that names B's items or B's folder. */
const templateSave = (a: Tenant, overrides: { folderOf?: Tenant; messageIdOf?: Tenant }) => {
  const message = { ...templateIn(a).plan_actions[0]!.message };
  if (overrides.messageIdOf) {
    const theirs = templateIn(overrides.messageIdOf).plan_actions[0]!.message;
    message.id = theirs.id;
    message.message_confirm = theirs.message_confirm;
  }
  const folderId = overrides.folderOf ? templateFolderIn(overrides.folderOf) : null;
  return payloadOf(message, { name: 'probe-template', folder_id: folderId }, templateIn(a).plan.id);
};
/**
 * Channel templates: A's staff with A's channel in the header reaching for B's template (404), or
 * naming B's items, folder or friend from A's own template (422, 404); with B's channel in the header, 403.
 */
const channelTemplate = (route: 'list' | 'get' | 'create' | 'update' | 'remove' | 'copy' | 'sendTest'): Entry =>
  probes((a, b) => {
    const base = '/service/templates';
    const [mine, theirs] = [templateIn(a).plan.id, templateIn(b).plan.id];
    const asA = { token: a.tokens.staff, lineAccountId: a.channels[0]!.id };
    const inB = { token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] };
    const newTemplate = (folderOf?: Tenant) => ({
      ...templateSave(a, folderOf ? { folderOf } : {}),
      id: null,
      message_attributes: payloadOf(messageOf('text_message')).message_attributes,
    });
    switch (route) {
      case 'list':
        return [
          { path: base, ...asA, answers: [200], absentIds: [theirs] },
          { path: base, ...asA, query: { folder_id: templateFolderIn(b) }, answers: [200], absentIds: [theirs] },
          { path: base, ...inB },
        ];
      case 'get':
        return [
          { path: `${base}/${theirs}`, ...asA, answers: NOT_FOUND },
          { path: `${base}/${mine}`, ...inB },
        ];
      case 'create':
        return [
          { path: base, ...asA, body: newTemplate(b), answers: INVALID },
          { path: base, ...asA, body: { ...templateSave(a, { messageIdOf: b }), id: null }, answers: INVALID },
          { path: base, ...inB, body: newTemplate() },
        ];
      case 'update':
        return [
          { path: `${base}/${theirs}`, ...asA, body: templateSave(b, {}), answers: NOT_FOUND },
          { path: `${base}/${mine}`, ...asA, body: templateSave(a, { messageIdOf: b }), answers: INVALID },
          { path: `${base}/${mine}`, ...asA, body: templateSave(a, { folderOf: b }), answers: INVALID },
          { path: `${base}/${mine}`, ...inB, body: templateSave(a, {}) },
        ];
      case 'remove':
        return [
          { path: `${base}/${theirs}`, ...asA, answers: NOT_FOUND },
          { path: `${base}/${mine}`, ...inB },
        ];
      case 'copy':
        return [
          { path: `${base}/${theirs}/copy`, ...asA, body: {}, answers: NOT_FOUND },
          { path: `${base}/${mine}/copy`, ...asA, body: { folder_id: templateFolderIn(b) }, answers: INVALID },
          { path: `${base}/${mine}/copy`, ...inB, body: {} },
        ];
      case 'sendTest':
        return [
          { path: `${base}/${theirs}/send_test`, ...asA, body: { friend_id: talkFriend(a) }, answers: NOT_FOUND },
          { path: `${base}/${mine}/send_test`, ...asA, body: { friend_id: talkFriend(b) }, answers: NOT_FOUND },
          { path: `${base}/${mine}/send_test`, ...inB, body: { friend_id: talkFriend(a) } },
        ];
    }
  });
const teppanAdmin = '/admin/teppan/templates';
const templateRoutes = (): Record<string, Entry> => ({
  'GET /api/service/templates': channelTemplate('list'),
  'GET /api/service/templates/:id': channelTemplate('get'),
  'POST /api/service/templates': channelTemplate('create'),
  'PUT /api/service/templates/:id': channelTemplate('update'),
  'DELETE /api/service/templates/:id': channelTemplate('remove'),
  'POST /api/service/templates/:id/copy': channelTemplate('copy'),
  'POST /api/service/templates/:id/send_test': channelTemplate('sendTest'),
  // Uploads name no id; the channel header is the only tenant input (a JSON body in A's own channel is a wrong file).
  'POST /api/service/templates/images': inChannel('/service/templates/images', INVALID, {}),
  'GET /api/admin/teppan/templates': adminOnly(() => teppanAdmin),
  'GET /api/admin/teppan/templates/:id': adminOnly((b) => `${teppanAdmin}/${templateIn(b).plan.id}`),
  'POST /api/admin/teppan/templates': adminOnly(
    () => teppanAdmin,
    () => payloadOf(messageOf('text_message')),
  ),
  'PUT /api/admin/teppan/templates/:id': adminOnly(
    (b) => `${teppanAdmin}/${templateIn(b).plan.id}`,
    (b) => templateSave(b, {}),
  ),
  'DELETE /api/admin/teppan/templates/:id': adminOnly((b) => `${teppanAdmin}/${templateIn(b).plan.id}`),
  'POST /api/admin/teppan/templates/:id/copy': adminOnly(
    (b) => `${teppanAdmin}/${templateIn(b).plan.id}/copy`,
    () => ({}),
  ),
  'POST /api/admin/teppan/templates/images': adminOnly(() => `${teppanAdmin}/images`),
  // Teppan templates are the platform's: a channel's template is never one, nor B's folder A's.
  'GET /api/service/teppan/templates': probes((a, b) => [
    {
      path: '/service/teppan/templates',
      token: a.tokens.staff,
      lineAccountId: a.channels[0]!.id,
      answers: [200],
      absentIds: [templateIn(b).plan.id],
    },
    { path: '/service/teppan/templates', token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] },
  ]),
  'POST /api/service/teppan/templates/:id/copy': probes((a, b) => {
    const asA = { token: a.tokens.staff, lineAccountId: a.channels[0]!.id };
    return [
      { path: `/service/teppan/templates/${templateIn(b).plan.id}/copy`, ...asA, body: {}, answers: NOT_FOUND },
      {
        path: `/service/teppan/templates/${teppanTemplate.plan.id}/copy`,
        ...asA,
        body: { folder_id: templateFolderIn(b) },
        answers: INVALID,
      },
      {
        path: `/service/teppan/templates/${teppanTemplate.plan.id}/copy`,
        token: a.tokens.staff,
        lineAccountId: b.channels[0]!.id,
        body: {},
        answers: [403],
      },
    ];
  }),
});

/** Per tenant's first channel: a plans folder and a branching scenario in it (created below). */
const planFixtures = new Map<number, { folder: number; plan: PlanDetail }>();
const planIn = (tenant: Tenant) => planFixtures.get(tenant.channels[0]!.id)!.plan;
const planFolderIn = (tenant: Tenant) => planFixtures.get(tenant.channels[0]!.id)!.folder;
/** A save of A's own plan with one change naming something of B's. */
const planSave = (a: Tenant, change: (detail: PlanDetail) => PlanDetail) => planJson(change(planIn(a)));
const withFirstBox = (detail: PlanDetail, change: (action: PlanAction) => PlanAction): PlanDetail => ({
  ...detail,
  plan_actions: detail.plan_actions.map((action) => (action.box_id === 'box-0' ? change(action) : action)),
});
/**
 * Plans: A's staff with A's channel in the header reaching for B's plan (404), or naming B's
 * boxes, timings, message items (a template's or a plan's), tags, plans or folder from A's own
 * plan (422); with B's channel in the header, 403.
 */
const planRoutes = (): Record<string, Entry> => {
  const base = '/service/plans';
  const asA = (a: Tenant) => ({ token: a.tokens.staff, lineAccountId: a.channels[0]!.id });
  const inB = (a: Tenant, b: Tenant) => ({ token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] });
  const byId = (suffix: string, body?: unknown): Entry =>
    probes((a, b) => [
      { path: `${base}/${planIn(b).plan.id}${suffix}`, ...asA(a), ...(body ? { body } : {}), answers: NOT_FOUND },
      { path: `${base}/${planIn(a).plan.id}${suffix}`, ...inB(a, b), ...(body ? { body } : {}) },
    ]);
  const fresh = (detail: PlanDetail): PlanDetail => ({
    ...detail,
    plan: { ...detail.plan, id: null, name: 'probe-plan' },
    plan_actions: detail.plan_actions.map((action) => ({ ...action, id: null, use_template: true })),
    plan_timings: detail.plan_timings.map((timing) => ({ ...timing, id: null })),
  });
  return {
    'GET /api/service/plans': probes((a, b) => [
      { path: base, ...asA(a), answers: [200], absentIds: [planIn(b).plan.id!] },
      { path: base, ...asA(a), query: { folder_id: planFolderIn(b) }, answers: [200], absentIds: [planIn(b).plan.id!] },
      { path: base, ...inB(a, b) },
    ]),
    'GET /api/service/plans/:id': byId(''),
    'POST /api/service/plans': probes((a, b) => [
      {
        path: base,
        ...asA(a),
        body: planSave(a, (d) => ({ ...fresh(d), plan: { ...fresh(d).plan, folder_id: planFolderIn(b) } })),
        answers: INVALID,
      },
      {
        path: base,
        ...asA(a),
        body: planSave(a, (d) => ({ ...fresh(d), plan: { ...fresh(d).plan, start_plan_id: planIn(b).plan.id } })),
        answers: INVALID,
      },
      {
        path: base,
        ...asA(a),
        body: planSave(a, (d) => withFirstBox(fresh(d), (action) => ({ ...action, tag_ids: [fixturesOf(b).tag] }))),
        answers: INVALID,
      },
      { path: base, ...inB(a, b), body: planSave(a, fresh) },
    ]),
    'PUT /api/service/plans/:id': probes((a, b) => {
      const mine = `${base}/${planIn(a).plan.id}`;
      const theirs = planIn(b);
      return [
        { path: `${base}/${theirs.plan.id}`, ...asA(a), body: planJson(theirs), answers: NOT_FOUND },
        {
          path: mine,
          ...asA(a),
          body: planSave(a, (d) => withFirstBox(d, (action) => ({ ...action, id: theirs.plan_actions[0]!.id }))),
          answers: INVALID,
        },
        {
          path: mine,
          ...asA(a),
          body: planSave(a, (d) =>
            withFirstBox(d, (action) => ({ ...action, message: theirs.plan_actions[0]!.message })),
          ),
          answers: INVALID,
        },
        {
          path: mine,
          ...asA(a),
          body: planSave(a, (d) =>
            withFirstBox(d, (action) => ({
              ...action,
              message: { ...action.message, id: templateIn(b).plan_actions[0]!.message.id },
            })),
          ),
          answers: INVALID,
        },
        {
          path: mine,
          ...asA(a),
          body: planSave(a, (d) => ({
            ...d,
            plan_timings: d.plan_timings.map((timing, index) =>
              index === 0 ? { ...timing, id: theirs.plan_timings[0]!.id } : timing,
            ),
          })),
          answers: INVALID,
        },
        {
          path: mine,
          ...asA(a),
          body: planSave(a, (d) => ({
            ...d,
            plan: {
              ...d.plan,
              target_send: 'advanced',
              target_is_all: false,
              target_tags: [{ id: fixturesOf(b).tag, name: 'x' }],
            },
          })),
          answers: INVALID,
        },
        { path: mine, ...inB(a, b), body: planSave(a, (d) => d) },
      ];
    }),
    'DELETE /api/service/plans/:id': byId(''),
    'POST /api/service/plans/:id/copy': probes((a, b) => [
      { path: `${base}/${planIn(b).plan.id}/copy`, ...asA(a), body: {}, answers: NOT_FOUND },
      { path: `${base}/${planIn(a).plan.id}/copy`, ...asA(a), body: { folder_id: planFolderIn(b) }, answers: INVALID },
      { path: `${base}/${planIn(a).plan.id}/copy`, ...inB(a, b), body: {} },
    ]),
    'POST /api/service/plans/:id/activate': byId('/activate', {}),
    'POST /api/service/plans/:id/deactivate': byId('/deactivate'),
    'GET /api/service/plans/:id/forecast': byId('/forecast'),
  };
};

export const matrix: Record<string, Entry> = {
  'GET /health': notTenant('liveness'),
  'GET /api/docs': notTenant('OpenAPI UI'),
  'GET /api/docs/json': notTenant('OpenAPI document'),
  'GET /api/docs/yaml': notTenant('OpenAPI document'),
  'GET /api/docs/static/*': notTenant('OpenAPI UI assets'),
  'GET /api/docs/static/index.html': notTenant('OpenAPI UI assets'),
  'GET /api/docs/static/swagger-initializer.js': notTenant('OpenAPI UI assets'),
  'GET /api/oems': notTenant('public branding by host name'),
  // Any caller follows a link by its random token (the friend who was sent it has no session):
  // the token's own link only, answering its address. A token that names no link finds nothing.
  'GET /api/public/redirects/:token': notTenant('acts on the token’s own link, answers only its address', (a) =>
    [a.tokens.staff, undefined].map((token) => ({
      path: '/public/redirects/AAAAAAAAAAAAAAAAAAAAAA',
      ...(token ? { token, lineAccountId: a.channels[0]!.id } : {}),
      answers: NOT_FOUND,
    })),
  ),
  ...sessionRoutes,
  'POST /api/service/password/forgot': notTenant('answers the same for every e-mail'),
  'POST /api/service/password/reset': notTenant('acts on the token’s own user'),
  'POST /api/agency/password/forgot': notTenant('answers the same for every e-mail'),
  'POST /api/agency/password/reset': notTenant('acts on the token’s own user'),
  'PUT /api/agency/password': notTenant('changes the caller’s own password'),

  'GET /api/account/line_accounts': probes((a, b) => [
    { path: '/account/line_accounts', token: a.tokens.owner, answers: [200], absentIds: b.channels.map((c) => c.id) },
    { path: '/account/line_accounts', token: a.tokens.staff, answers: [200], absentIds: b.channels.map((c) => c.id) },
  ]),
  'GET /api/account/line_accounts/:id': probes((a, b) => [
    { path: `/account/line_accounts/${b.channels[0]!.id}`, token: a.tokens.owner, answers: NOT_FOUND },
    { path: `/account/line_accounts/${b.channels[0]!.id}`, token: a.tokens.staff, answers: NOT_FOUND },
  ]),
  'PUT /api/account/line_accounts/:id': probes((a, b) => [
    {
      path: `/account/line_accounts/${b.channels[0]!.id}`,
      token: a.tokens.owner,
      body: { name: 'x' },
      answers: NOT_FOUND,
    },
    {
      path: `/account/line_accounts/${b.channels[0]!.id}`,
      token: a.tokens.staff,
      body: { name: 'x' },
      answers: NOT_FOUND,
    },
  ]),

  'GET /api/account/staff_authorities': probes((a, b) => [
    {
      path: '/account/staff_authorities',
      token: a.tokens.owner,
      answers: [200],
      absentIds: [b.fullAuthority.id, b.viewAuthority.id],
    },
  ]),
  'GET /api/account/staff_authorities/:id': probes((a, b) => [
    { path: `/account/staff_authorities/${b.fullAuthority.id}`, token: a.tokens.owner, answers: NOT_FOUND },
  ]),
  'POST /api/account/staff_authorities': probes((a, b) => [
    // An id in the body never addresses an existing row: a create makes a new one of A's.
    {
      path: '/account/staff_authorities',
      token: a.tokens.owner,
      body: { ...authorityBody('probe'), id: b.fullAuthority.id },
      answers: [201],
    },
  ]),
  'PUT /api/account/staff_authorities/:id': probes((a, b) => [
    {
      path: `/account/staff_authorities/${b.fullAuthority.id}`,
      token: a.tokens.owner,
      body: authorityBody('hijack'),
      answers: NOT_FOUND,
    },
    {
      path: `/account/staff_authorities/${a.viewAuthority.id}`,
      token: a.tokens.owner,
      body: { ...authorityBody('hijack'), id: b.fullAuthority.id },
      answers: [400],
    },
  ]),
  'DELETE /api/account/staff_authorities/:id': probes((a, b) => [
    { path: `/account/staff_authorities/${b.viewAuthority.id}`, token: a.tokens.owner, answers: NOT_FOUND },
  ]),

  'GET /api/account/users': probes((a, b) => [
    { path: '/account/users', token: a.tokens.owner, answers: [200], absentIds: [b.staff.id, b.viewer.id] },
    {
      path: '/account/users',
      token: a.tokens.owner,
      query: { staff_authority_id: b.fullAuthority.id },
      answers: [200],
      absentIds: [b.staff.id],
    },
  ]),
  'GET /api/account/users/:id': probes((a, b) => [
    { path: `/account/users/${b.staff.id}`, token: a.tokens.owner, answers: NOT_FOUND },
  ]),
  'POST /api/account/users': probes((a, b) => [
    {
      path: '/account/users',
      token: a.tokens.owner,
      body: userBody(a, { staff_authority_id: b.fullAuthority.id }),
      answers: INVALID,
    },
    {
      path: '/account/users',
      token: a.tokens.owner,
      body: userBody(a, { line_account_ids: [b.channels[0]!.id] }),
      answers: INVALID,
    },
  ]),
  'PUT /api/account/users/:id': probes((a, b) => [
    {
      path: `/account/users/${b.staff.id}`,
      token: a.tokens.owner,
      body: userBody(a, { password: '' }),
      answers: NOT_FOUND,
    },
    {
      path: `/account/users/${a.viewer.id}`,
      token: a.tokens.owner,
      body: userBody(a, { password: '', staff_authority_id: b.fullAuthority.id }),
      answers: INVALID,
    },
    {
      path: `/account/users/${a.viewer.id}`,
      token: a.tokens.owner,
      body: userBody(a, { password: '', line_account_ids: [b.channels[1]!.id] }),
      answers: INVALID,
    },
  ]),
  'DELETE /api/account/users/:id': probes((a, b) => [
    { path: `/account/users/${b.viewer.id}`, token: a.tokens.owner, answers: NOT_FOUND },
  ]),

  'GET /api/admin/line_accounts': adminOnly(() => '/admin/line_accounts'),
  'GET /api/admin/line_accounts/:id': adminOnly((b) => `/admin/line_accounts/${b.channels[0]!.id}`),
  'POST /api/admin/line_accounts': adminOnly(() => '/admin/line_accounts', adminChannelBody),
  'PUT /api/admin/line_accounts/:id': adminOnly((b) => `/admin/line_accounts/${b.channels[0]!.id}`, adminChannelBody),
  'DELETE /api/admin/line_accounts/:id': adminOnly((b) => `/admin/line_accounts/${b.channels[1]!.id}`),
  'POST /api/admin/line_accounts/:id/connection_test': adminOnly(
    (b) => `/admin/line_accounts/${b.channels[0]!.id}/connection_test`,
  ),
  'GET /api/admin/accounts/options': adminOnly(() => '/admin/accounts/options'),

  'GET /api/service/friends/summary': probes((a, b) => [
    { path: '/service/friends/summary', token: a.tokens.staff, lineAccountId: a.channels[0]!.id, answers: [200] },
    { path: '/service/friends/summary', token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] },
  ]),
  'GET /api/service/simulator': inChannel('/service/simulator', [200]),
  'GET /api/service/simulator/friends': inChannel('/service/simulator/friends', [200]),
  'POST /api/service/simulator/friends': inChannel('/service/simulator/friends', [201], {}),
  'POST /api/service/simulator/friends/:userId/follow': virtualFriend('follow'),
  'POST /api/service/simulator/friends/:userId/unfollow': virtualFriend('unfollow'),
  'POST /api/service/simulator/friends/:userId/text': virtualFriend('text', { text: 'probe' }),
  'POST /api/service/simulator/friends/:userId/image': virtualFriend('image'),
  'POST /api/service/simulator/friends/:userId/sticker': virtualFriend('sticker', {
    package_id: '446',
    sticker_id: '1988',
  }),
  'POST /api/service/simulator/friends/:userId/postback': virtualFriend('postback', { data: 'probe=1' }),
  'GET /api/service/simulator/friends/:userId/conversation': virtualFriend('conversation'),

  'GET /api/service/folders': channelFolder(false, [200]),
  'POST /api/service/folders': channelFolder(false, [201], { ...folderBody, folder_type: 'tags' }),
  'PUT /api/service/folders/:id': channelFolder(true, NOT_FOUND, folderBody),
  'DELETE /api/service/folders/:id': channelFolder(true, NOT_FOUND),
  'GET /api/admin/folders': adminOnly(() => '/admin/folders?folder_type=templates'),
  'POST /api/admin/folders': adminOnly(
    () => '/admin/folders',
    () => ({ ...folderBody, folder_type: 'templates' }),
  ),
  'PUT /api/admin/folders/:id': adminOnly(
    (b) => `/admin/folders/${folderIn(b)}`,
    () => folderBody,
  ),
  'DELETE /api/admin/folders/:id': adminOnly((b) => `/admin/folders/${folderIn(b)}`),
  ...labelRoutes,
  ...talkRoutes(),
  ...friendRoutes,
  ...templateRoutes(),
  ...planRoutes(),
};

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  a = await t.factory.tenant();
  b = await t.factory.tenant();
});
afterAll(() => t.stop());
beforeAll(async () => {
  simulated = await simulateChannels(t, [a.channels[0]!.id, b.channels[0]!.id]);
});
afterAll(() => simulated.stop());
beforeAll(async () => {
  for (const tenant of [a, b]) {
    const [row] = await t.runtime.ctx.database.db
      .insert(folders)
      .values({ scope: 'service', lineAccountId: tenant.channels[0]!.id, folderType: 'tags', name: 'isolation' })
      .returning();
    folderOf.set(tenant.channels[0]!.id, row!.id);
  }
});
beforeAll(async () => {
  const db = t.runtime.ctx.database.db;
  for (const tenant of [a, b]) {
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
    await db.insert(friendTags).values({ friendId: friend!.id, tagId: tag!.id });
    await db.insert(friendMarks).values({ friendId: friend!.id, markId: mark!.id });
    labelFixtures.set(lineAccountId, { tag: tag!.id, mark: mark!.id, marksFolder: folder!.id, friend: friend!.id });
  }
});

beforeAll(async () => {
  const db = t.runtime.ctx.database.db;
  for (const tenant of [a, b]) {
    const lineAccountId = tenant.channels[0]!.id;
    const { friend } = fixturesOf(tenant);
    const [field] = await db
      .insert(friendInfoFields)
      .values({ lineAccountId, name: 'isolation', fieldType: 'text' })
      .returning();
    await db.insert(friendInfoValues).values({ friendId: friend, fieldId: field!.id, value: 'isolation' });
    await db
      .update(friends)
      .set({ displayNameOverride: friendNameOf(tenant) })
      .where(eq(friends.id, friend));
    infoFieldOf.set(lineAccountId, field!.id);
  }
});

beforeAll(async () => {
  const db = t.runtime.ctx.database.db;
  for (const tenant of [a, b]) {
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
    await db.update(friends).set({ lastMessageAt: new Date() }).where(eq(friends.id, friend!.id));
    talkFriendOf.set(lineAccountId, friend!.id);
  }
});

beforeAll(async () => {
  const db = t.runtime.ctx.database.db;
  for (const tenant of [a, b]) {
    const lineAccountId = tenant.channels[0]!.id;
    const [folder] = await db
      .insert(folders)
      .values({ scope: 'service', lineAccountId, folderType: 'templates', name: 'isolation' })
      .returning();
    const created = await t.request({
      method: 'POST',
      path: '/service/templates',
      token: tenant.tokens.staff,
      lineAccountId,
      body: payloadOf(messageOf('confirm'), { name: 'isolation', folder_id: folder!.id }),
    });
    expect(created.status).toBe(201);
    templateFixtures.set(lineAccountId, { folder: folder!.id, template: created.json as unknown as TemplateDetail });
  }
  const admin = await t.factory.user('admin');
  const teppan = await t.request({
    method: 'POST',
    path: '/admin/teppan/templates',
    token: await t.factory.login('admin', admin.email),
    body: payloadOf(messageOf('carousel'), { name: 'isolation' }),
  });
  expect(teppan.status).toBe(201);
  teppanTemplate = teppan.json as unknown as TemplateDetail;
});

beforeAll(async () => {
  for (const tenant of [a, b]) {
    const lineAccountId = tenant.channels[0]!.id;
    const [folder] = await t.runtime.ctx.database.db
      .insert(folders)
      .values({ scope: 'service', lineAccountId, folderType: 'plans', name: 'isolation' })
      .returning();
    const scenario = branchingScenario('isolation');
    const plan = await createPlan(
      t,
      { token: tenant.tokens.staff, lineAccountId },
      { ...scenario, plan: { ...scenario.plan, folder_id: folder!.id } },
    );
    planFixtures.set(lineAccountId, { folder: folder!.id, plan });
  }
});

/** B's rows as JSON: any change by a probe shows up as a difference. */
async function snapshotOf(tenant: Tenant) {
  const db = t.runtime.ctx.database.db;
  const accountId = tenant.account.id;
  const userRows = await db.select().from(users).where(eq(users.accountId, accountId)).orderBy(users.id);
  const userIds = userRows.map((u) => u.id);
  const channelIds = tenant.channels.map((c) => c.id);
  const channelTags = db.select({ id: tags.id }).from(tags).where(inArray(tags.lineAccountId, channelIds));
  const channelMarks = db.select({ id: marks.id }).from(marks).where(inArray(marks.lineAccountId, channelIds));
  const channelFriends = db.select({ id: friends.id }).from(friends).where(inArray(friends.lineAccountId, channelIds));
  const channelFields = db
    .select({ id: friendInfoFields.id })
    .from(friendInfoFields)
    .where(inArray(friendInfoFields.lineAccountId, channelIds));
  return JSON.stringify({
    plans: await db.select().from(plans).where(inArray(plans.lineAccountId, channelIds)).orderBy(plans.id),
    planActions: await db
      .select()
      .from(planActions)
      .where(inArray(planActions.lineAccountId, channelIds))
      .orderBy(planActions.id),
    planTimings: await db
      .select()
      .from(planTimings)
      .where(inArray(planTimings.lineAccountId, channelIds))
      .orderBy(planTimings.id),
    planTags: await db
      .select()
      .from(planTags)
      .where(inArray(planTags.lineAccountId, channelIds))
      .orderBy(planTags.planId, planTags.role, planTags.tagId),
    planMarks: await db
      .select()
      .from(planMarks)
      .where(inArray(planMarks.lineAccountId, channelIds))
      .orderBy(planMarks.planId, planMarks.role, planMarks.markId),
    planTargetFriends: await db
      .select()
      .from(planTargetFriends)
      .where(inArray(planTargetFriends.lineAccountId, channelIds))
      .orderBy(planTargetFriends.planId, planTargetFriends.friendId),
    targetConditions: await db
      .select()
      .from(targetConditions)
      .where(inArray(targetConditions.lineAccountId, channelIds))
      .orderBy(targetConditions.id),
    targetConditionTags: await db
      .select()
      .from(targetConditionTags)
      .where(inArray(targetConditionTags.lineAccountId, channelIds))
      .orderBy(targetConditionTags.targetConditionId, targetConditionTags.tagId),
    planActionTags: await db
      .select()
      .from(planActionTags)
      .where(inArray(planActionTags.lineAccountId, channelIds))
      .orderBy(planActionTags.planActionId, planActionTags.tagId),
    planActionMarks: await db
      .select()
      .from(planActionMarks)
      .where(inArray(planActionMarks.lineAccountId, channelIds))
      .orderBy(planActionMarks.planActionId, planActionMarks.markId),
    planEnrolments: await db
      .select()
      .from(planEnrolments)
      .where(inArray(planEnrolments.lineAccountId, channelIds))
      .orderBy(planEnrolments.id),
    channelPlanSettings: await db
      .select()
      .from(channelPlanSettings)
      .where(inArray(channelPlanSettings.lineAccountId, channelIds))
      .orderBy(channelPlanSettings.lineAccountId),
    templates: await db
      .select()
      .from(messageTemplates)
      .where(inArray(messageTemplates.lineAccountId, channelIds))
      .orderBy(messageTemplates.id),
    templateActions: await db
      .select()
      .from(messageTemplateActions)
      .where(inArray(messageTemplateActions.lineAccountId, channelIds))
      .orderBy(messageTemplateActions.id),
    friends: await db.select().from(friends).where(inArray(friends.lineAccountId, channelIds)).orderBy(friends.id),
    trackedLinks: await db
      .select()
      .from(trackedLinks)
      .where(inArray(trackedLinks.lineAccountId, channelIds))
      .orderBy(trackedLinks.token),
    messages: await db.select().from(messages).where(inArray(messages.lineAccountId, channelIds)).orderBy(messages.id),
    folders: await db.select().from(folders).where(inArray(folders.lineAccountId, channelIds)).orderBy(folders.id),
    tags: await db.select().from(tags).where(inArray(tags.lineAccountId, channelIds)).orderBy(tags.id),
    marks: await db.select().from(marks).where(inArray(marks.lineAccountId, channelIds)).orderBy(marks.id),
    friendTags: await db
      .select()
      .from(friendTags)
      .where(or(inArray(friendTags.tagId, channelTags), inArray(friendTags.friendId, channelFriends)))
      .orderBy(friendTags.friendId, friendTags.tagId),
    friendMarks: await db
      .select()
      .from(friendMarks)
      .where(or(inArray(friendMarks.markId, channelMarks), inArray(friendMarks.friendId, channelFriends)))
      .orderBy(friendMarks.friendId, friendMarks.markId),
    infoFields: await db
      .select()
      .from(friendInfoFields)
      .where(inArray(friendInfoFields.lineAccountId, channelIds))
      .orderBy(friendInfoFields.id),
    infoValues: await db
      .select()
      .from(friendInfoValues)
      .where(or(inArray(friendInfoValues.fieldId, channelFields), inArray(friendInfoValues.friendId, channelFriends)))
      .orderBy(friendInfoValues.friendId, friendInfoValues.fieldId),
    channels: await db
      .select()
      .from(lineAccounts)
      .where(eq(lineAccounts.accountId, accountId))
      .orderBy(lineAccounts.id),
    authorities: await db
      .select()
      .from(staffAuthorities)
      .where(eq(staffAuthorities.accountId, accountId))
      .orderBy(staffAuthorities.id),
    users: userRows.map(({ lastLoginAt: _ignored, ...rest }) => rest),
    assignments: await db
      .select()
      .from(userLineAccounts)
      .where(inArray(userLineAccounts.userId, userIds))
      .orderBy(userLineAccounts.userId, userLineAccounts.lineAccountId),
    revoked: await db
      .select({ id: sessions.id, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(inArray(sessions.userId, userIds))
      .orderBy(sessions.id),
  });
}

const key = (method: string, url: string) => `${method} ${url}`;
/** The server's routes but the built console's static files, which hold no tenant data. */
const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/') || r.url === '/health');

describe('isolation route matrix', () => {
  it('has an entry for every route the server answers, and no stale entries', () => {
    const routes = [...new Set(apiRoutes().map((r) => key(r.method, r.url)))];
    const missing = routes.filter((r) => !(r in matrix));
    expect(missing, 'routes without an isolation-matrix entry').toEqual([]);
    const stale = Object.keys(matrix).filter((k) => !routes.includes(k));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  it('covers every endpoint of the contract', () => {
    const routes = new Set(apiRoutes().map((r) => key(r.method, r.url)));
    const unserved = allEndpoints.map((e) => key(e.method, `/api${e.path}`)).filter((k) => !routes.has(k));
    expect(unserved, 'contract endpoints the server does not answer').toEqual([]);
  });

  // Two snapshots of B per probe, for every route: it grows with the router.
  it('refuses every probe of tenant A into tenant B and changes nothing of B', async () => {
    for (const [route, entry] of Object.entries(matrix)) {
      const build = entry.kind === 'probes' ? entry.probes : entry.refused;
      if (!build) continue;
      const method = route.split(' ')[0] as TestRequest['method'];
      for (const probe of build(a, b)) {
        const { answers, absentIds, absentText, ...request } = probe;
        const before = await snapshotOf(b);
        const response = await t.request({ method, ...request });
        const label = `${route} ${JSON.stringify(request.body ?? request.query ?? '')}`;
        expect(answers, `${label} answered ${response.status}: ${JSON.stringify(response.body)}`).toContain(
          response.status,
        );
        if (absentIds) {
          const seen = ((response.json.data as { id: number }[] | undefined) ?? []).map((row) => row.id);
          expect(
            seen.filter((id) => absentIds.includes(id)),
            label,
          ).toEqual([]);
        }
        for (const text of absentText ?? []) expect(response.text, label).not.toContain(text);
        expect(await snapshotOf(b), `${label} changed tenant B`).toBe(before);
      }
    }
  }, 180_000);
});
