import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  INFLOW_ATTRIBUTION_KINDS,
  INFLOW_HISTORY_KINDS,
  type InflowActions,
  type InflowCostPeriod,
  type InflowSettingField,
  type InflowSettings,
} from '@linq/contract';
import { channelReference, createdAt, updatedAt } from '../../platform/db-columns.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';

const channel = () =>
  integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id, { onDelete: 'cascade' });

/** An inflow route (流入経路): its public code, where the visit ends, what attributing a friend does, its cost. */
export const inflowRoutes = pgTable(
  'inflow_routes',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The URL's code (`/inflow?c=…`): random base62, unique over every channel. */
    code: text('code').notNull(),
    useLogin: boolean('use_login').notNull().default(true),
    destinationUrl: text('destination_url'),
    actions: jsonb('actions').$type<InflowActions>().notNull(),
    costs: jsonb('costs').$type<InflowCostPeriod[]>().notNull().default([]),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('inflow_routes_channel_id_key').on(t.lineAccountId, t.id),
    uniqueIndex('inflow_routes_code_idx').on(t.code),
    index('inflow_routes_channel_created_idx').on(t.lineAccountId, t.createdAt.desc()),
    index('inflow_routes_folder_idx').on(t.folderId),
  ],
);

/** A change of a route's settings: who, when, the fields changed, both versions. */
export const inflowRouteHistory = pgTable(
  'inflow_route_history',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    routeId: integer('route_id').notNull(),
    kind: text('kind', { enum: INFLOW_HISTORY_KINDS }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's name at the time (kept when the user is deleted). */
    actorName: text('actor_name'),
    changedFields: jsonb('changed_fields').$type<InflowSettingField[]>().notNull(),
    before: jsonb('before').$type<InflowSettings>(),
    after: jsonb('after').$type<InflowSettings>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('inflow_route_history_route_idx').on(t.lineAccountId, t.routeId, t.createdAt.desc()),
    channelReference('inflow_route_history_route_fk', t.lineAccountId, t.routeId, inflowRoutes).onDelete('cascade'),
  ],
);

/**
 * One opening of a route's URL. `token` is LINE Login's state (unguessable); the login callback sets
 * the LINE user, and the visit waits for the follow (`awaiting_follow`) until it is attributed.
 */
export const inflowVisits = pgTable(
  'inflow_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: channel(),
    routeId: integer('route_id').notNull(),
    token: text('token').notNull(),
    nonce: text('nonce').notNull(),
    phase: text('phase', { enum: ['visited', 'logged_in', 'awaiting_follow', 'attributed'] })
      .notNull()
      .default('visited'),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    referrer: text('referrer'),
    /** UTM parameters and ad click ids of the URL (utm_source…, gclid, fbclid, yclid, ldtag_cl). */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    lineUserId: text('line_user_id'),
    loggedInAt: timestamp('logged_in_at', { withTimezone: true }),
    friendshipStatusChanged: boolean('friendship_status_changed'),
    friendFlag: boolean('friend_flag'),
  },
  (t) => [
    uniqueIndex('inflow_visits_token_idx').on(t.token),
    index('inflow_visits_route_at_idx').on(t.lineAccountId, t.routeId, t.visitedAt),
    index('inflow_visits_user_idx').on(t.lineAccountId, t.lineUserId, t.loggedInAt),
    channelReference('inflow_visits_route_fk', t.lineAccountId, t.routeId, inflowRoutes).onDelete('cascade'),
  ],
);

/**
 * A follow seen before its login callback (the webhook came first): the callback of a visit by the
 * same LINE user takes it, within a few minutes.
 */
export const inflowPendingFollows = pgTable(
  'inflow_pending_follows',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    friendId: integer('friend_id').notNull(),
    webhookEventId: integer('webhook_event_id').notNull(),
    kind: text('kind', { enum: ['new', 're_add', 'unblock'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inflow_pending_follows_event_idx').on(t.webhookEventId),
    index('inflow_pending_follows_friend_idx').on(t.lineAccountId, t.friendId, t.occurredAt),
    channelReference('inflow_pending_follows_friend_fk', t.lineAccountId, t.friendId, friends).onDelete('cascade'),
  ],
);

/**
 * A friend attributed to a route: once per visit. `first_touch` marks the friend's first
 * attribution; the route's actions in force then are kept, and whether they ran.
 */
export const inflowAttributions = pgTable(
  'inflow_attributions',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    friendId: integer('friend_id').notNull(),
    /** Null once the route is deleted (the friend keeps the attribution). */
    routeId: integer('route_id'),
    visitId: bigint('visit_id', { mode: 'number' }),
    kind: text('kind', { enum: INFLOW_ATTRIBUTION_KINDS }).notNull(),
    firstTouch: boolean('first_touch').notNull(),
    actions: jsonb('actions').$type<InflowActions>().notNull(),
    actionsApplied: boolean('actions_applied').notNull(),
    attributedAt: timestamp('attributed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('inflow_attributions_channel_id_key').on(t.lineAccountId, t.id),
    uniqueIndex('inflow_attributions_visit_idx').on(t.visitId),
    index('inflow_attributions_route_at_idx').on(t.lineAccountId, t.routeId, t.attributedAt),
    index('inflow_attributions_friend_idx').on(t.lineAccountId, t.friendId, t.attributedAt),
    channelReference('inflow_attributions_friend_fk', t.lineAccountId, t.friendId, friends).onDelete('cascade'),
    channelReference('inflow_attributions_route_fk', t.lineAccountId, t.routeId, inflowRoutes).onDelete('set null'),
  ],
);
