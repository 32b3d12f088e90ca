import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ACTION_TYPES,
  DELIVERY_WAIT_REASONS,
  FOLDER_TYPES,
  INFO_FIELD_TYPES,
  MESSAGE_TYPES,
  type BuilderMessage,
  type Permissions,
} from '@linq/contract';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const oems = pgTable('oems', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  serviceName: text('service_name').notNull(),
  domain: text('domain').notNull().unique(),
  isDefault: boolean('is_default').notNull().default(false),
  faviconUrl: text('favicon_url').notNull(),
  logoUrl: text('logo_url'),
  primaryColor: text('primary_color').notNull(),
  headerColor: text('header_color').notNull(),
  siderColor: text('sider_color').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const agencies = pgTable('agencies', {
  id: serial('id').primaryKey(),
  oemId: integer('oem_id')
    .notNull()
    .references(() => oems.id),
  name: text('name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    oemId: integer('oem_id')
      .notNull()
      .references(() => oems.id),
    agencyId: integer('agency_id').references(() => agencies.id),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull().default('Asia/Tokyo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_agency_idx').on(t.agencyId)],
);

export const lineAccounts = pgTable(
  'line_accounts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    /** LINE's channel id (numeric string) and basic id (@xxxx). */
    channelId: text('channel_id'),
    basicId: text('basic_id'),
    /** The bot's own user id: webhook bodies name it as `destination`. */
    botUserId: text('bot_user_id'),
    /** Channel secret and access token, sealed with AES-256-GCM (platform/secrets.ts); never returned. */
    channelSecretSealed: text('channel_secret_sealed'),
    channelAccessTokenSealed: text('channel_access_token_sealed'),
    /** The unguessable path segment of this channel's webhook URL. */
    webhookKey: text('webhook_key')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Bound to the LINE simulator instead of LINE (demo channels). */
    simulated: boolean('simulated').notNull().default(false),
    connectionCheckedAt: timestamp('connection_checked_at', { withTimezone: true }),
    connectionError: text('connection_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('line_accounts_account_idx').on(t.accountId),
    uniqueIndex('line_accounts_channel_id_idx').on(t.channelId),
  ],
);

/** A LINE user who has followed a channel (友だち). */
export const friends = pgTable(
  'friends',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    lineUserId: text('line_user_id').notNull(),
    displayName: text('display_name').notNull().default(''),
    pictureUrl: text('picture_url'),
    statusMessage: text('status_message'),
    language: text('language'),
    status: text('status', { enum: ['following', 'blocked'] })
      .notNull()
      .default('following'),
    followedAt: timestamp('followed_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** Timestamp (ms) of the follow/unfollow event that set `status`: older events never undo a newer one. */
    statusEventAt: bigint('status_event_at', { mode: 'number' }).notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessageType: text('last_message_type'),
    lastMessageText: text('last_message_text'),
    /** The staff's name for the friend, shown instead of LINE's name when set. */
    displayNameOverride: text('display_name_override'),
    /** Staff notes (personal data). */
    notes: text('notes'),
    score: integer('score').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('friends_channel_user_idx').on(t.lineAccountId, t.lineUserId),
    /*
     * Friend-list and talk-list orders at a million friends per channel. Nullable keys sort nulls
     * last (`desc nulls last, id desc`, as the queries say it); not-null keys use plain indexes,
     * which serve both directions.
     */
    index('friends_channel_last_message_idx').on(
      t.lineAccountId,
      t.lastMessageAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('friends_channel_followed_idx').on(
      t.lineAccountId,
      t.followedAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('friends_channel_status_idx').on(t.lineAccountId, t.status),
    index('friends_channel_name_idx').on(
      t.lineAccountId,
      sql`coalesce(${t.displayNameOverride}, ${t.displayName})`,
      t.id,
    ),
    index('friends_channel_score_idx').on(t.lineAccountId, t.score, t.id),
    /*
     * The talk list's unread filter: the last-message order over the (few) unread friends only.
     * The queries say `unread_count > 0` with the literal, so the planner proves the predicate.
     */
    index('friends_channel_unread_idx')
      .on(t.lineAccountId, t.lastMessageAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.unreadCount} > 0`),
    /*
     * Name search (`ilike '%text%'` on each name column) by trigrams (pg_trgm, created by
     * migration 0005). Texts of one or two characters have no trigram and are read as before.
     */
    index('friends_display_name_trgm_idx').using('gin', t.displayName.op('gin_trgm_ops')),
    index('friends_display_name_override_trgm_idx').using('gin', t.displayNameOverride.op('gin_trgm_ops')),
  ],
);

/** Every webhook event accepted from LINE, persisted before the 200 and processed by the worker. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    webhookEventId: text('webhook_event_id').notNull(),
    type: text('type').notNull(),
    lineUserId: text('line_user_id'),
    /** LINE's event timestamp (ms): effects are applied in this order. */
    occurredAt: bigint('occurred_at', { mode: 'number' }).notNull(),
    isRedelivery: boolean('is_redelivery').notNull().default(false),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('webhook_events_channel_event_idx').on(t.lineAccountId, t.webhookEventId),
    index('webhook_events_pending_idx')
      .on(t.lineAccountId, t.occurredAt)
      .where(sql`processed_at is null`),
  ],
);

/** The talk history: what friends sent and what the channel sent them. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['incoming', 'outgoing'] }).notNull(),
    /** text, image, sticker, location, video, audio, file, postback, template, … */
    type: text('type').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    lineMessageId: text('line_message_id'),
    webhookEventId: bigint('webhook_event_id', { mode: 'number' }),
    deliveryId: bigint('delivery_id', { mode: 'number' }),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_friend_idx').on(t.friendId, t.occurredAt),
    uniqueIndex('messages_webhook_event_idx').on(t.webhookEventId),
  ],
);

/** `waiting`: held until its reason (monthly quota, channel credentials) clears; see `wait_reason`. */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'waiting'] as const;

/**
 * One request to LINE: up to 5 messages to up to 500 friends (push when one, multicast
 * when several). The retry key is saved before the first attempt and reused on every retry.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    /** LINE message objects, as sent. */
    messages: jsonb('messages').$type<Record<string, unknown>[]>().notNull(),
    retryKey: text('retry_key').notNull().unique(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why a queued or waiting delivery has not gone out yet (null: due, or settled). */
    waitReason: text('wait_reason', { enum: DELIVERY_WAIT_REASONS }),
    lastError: text('last_error'),
    lineRequestId: text('line_request_id'),
    /** What asked for the send: talk, template test, plan, … and its id. */
    source: text('source').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'waiting', 'sending')`),
    index('deliveries_channel_idx').on(t.lineAccountId, t.createdAt),
    /** A channel's waits, released together when their reason clears. */
    index('deliveries_waiting_idx')
      .on(t.lineAccountId, t.waitReason, t.nextAttemptAt)
      .where(sql`status = 'waiting'`),
  ],
);

/** The delivery log: per delivery (its messages) per friend, queued → sent or failed with the reason. */
export const deliveryRecipients = pgTable(
  'delivery_recipients',
  {
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    reason: text('reason'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.friendId] }), index('delivery_recipients_friend_idx').on(t.friendId)],
);

export const staffAuthorities = pgTable(
  'staff_authorities',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: jsonb('permissions').$type<Permissions>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_authorities_account_name_idx').on(t.accountId, t.name)],
);

export const USER_ROLES = ['admin', 'agency', 'account', 'service'] as const;

/** Every login of every area; the role decides which of the owner columns is set. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    staffAuthorityId: integer('staff_authority_id').references(() => staffAuthorities.id),
    /** Service users: screens whose tutorial the user dismissed (spec section 3, User tutorial setting). */
    hideTutorialScreens: jsonb('hide_tutorial_screens').$type<string[]>().notNull().default([]),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_role_email_idx').on(t.role, t.email),
    index('users_account_idx').on(t.accountId),
    index('users_staff_authority_idx').on(t.staffAuthorityId),
  ],
);

export const userLineAccounts = pgTable(
  'user_line_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lineAccountId] }),
    index('user_line_accounts_channel_idx').on(t.lineAccountId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: USER_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed logins, counted per e-mail and per IP over a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.failedAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Mail kept when no SMTP server is configured (demo), so reset links still work. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export const nowSql = sql`now()`;

/**
 * A folder that groups one kind of thing (tags, templates, ...). Service folders belong to a
 * channel; admin folders (line_account_id null) are platform-wide, for teppan templates.
 */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id').references(() => lineAccounts.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['service', 'admin'] }).notNull(),
    folderType: text('folder_type', { enum: FOLDER_TYPES }).notNull(),
    name: text('name').notNull(),
    sortIndex: integer('sort_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('folders_channel_type_sort_idx').on(t.lineAccountId, t.folderType, t.sortIndex),
    /** The name rule: unique per channel and type, admin folders (null channel) among themselves. */
    unique('folders_channel_type_name_key').on(t.lineAccountId, t.folderType, t.name).nullsNotDistinct(),
    check('folders_scope_channel_check', sql`(${t.scope} = 'admin') = (${t.lineAccountId} is null)`),
  ],
);

/** Columns shared by tags and marks: a channel's named label, optionally kept in a folder of its type. */
const labelColumns = () => ({
  id: serial('id').primaryKey(),
  lineAccountId: integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  sortIndex: integer('sort_index').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A tag (タグ) of a channel; friends carry any number of them (friend_tags). */
export const tags = pgTable('tags', labelColumns(), (t) => [
  unique('tags_channel_name_key').on(t.lineAccountId, t.name),
  index('tags_folder_idx').on(t.folderId),
]);

/** A mark (マーク) of a channel: a tag with a colour, e.g. to flag talks as handled. */
export const marks = pgTable('marks', { ...labelColumns(), color: text('color').notNull() }, (t) => [
  unique('marks_channel_name_key').on(t.lineAccountId, t.name),
  index('marks_folder_idx').on(t.folderId),
]);

export const friendTags = pgTable(
  'friend_tags',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.friendId, t.tagId] }), index('friend_tags_tag_idx').on(t.tagId, t.friendId)],
);

export const friendMarks = pgTable(
  'friend_marks',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    markId: integer('mark_id')
      .notNull()
      .references(() => marks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.friendId, t.markId] }), index('friend_marks_mark_idx').on(t.markId, t.friendId)],
);

/** A friend info field (友だち情報欄) a channel defines: text, number, date or one of a list of options. */
export const friendInfoFields = pgTable(
  'friend_info_fields',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fieldType: text('field_type', { enum: INFO_FIELD_TYPES }).notNull(),
    /** The choices of a select field; empty for other types. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    sortIndex: integer('sort_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('friend_info_fields_channel_name_key').on(t.lineAccountId, t.name)],
);

/** One friend's value of one info field, stored as text in the field's format (number, YYYY-MM-DD, option). */
export const friendInfoValues = pgTable(
  'friend_info_values',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => friendInfoFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.friendId, t.fieldId] }), index('friend_info_values_field_idx').on(t.fieldId)],
);

/**
 * The ids of every nested item of a saved message (the message, confirm, quick reply, columns,
 * image carousels, actions, link_urls, scores). One sequence for all kinds, so the postback data
 * of a tap ('linq:a:<id>') names exactly one action whatever its kind or template.
 */
export const messageItemIdSeq = pgSequence('message_item_id_seq');

/**
 * A message template (the message builder's output). Channel templates belong to a channel and
 * sit in its templates folders; teppan templates (line_account_id null) are the platform's, in
 * admin folders. `message` is the builder model with its item ids.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id').references(() => lineAccounts.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    messageType: text('message_type', { enum: MESSAGE_TYPES }).notNull(),
    message: jsonb('message').$type<BuilderMessage>().notNull(),
    /** The staff member (channel template) or administrator (teppan) who created it. */
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('message_templates_channel_type_updated_idx').on(t.lineAccountId, t.messageType, t.updatedAt.desc()),
    index('message_templates_teppan_updated_idx')
      .on(t.messageType, t.updatedAt.desc())
      .where(sql`${t.lineAccountId} is null`),
    index('message_templates_folder_idx').on(t.folderId),
    index('message_templates_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * The tappable actions (buttons, quick-reply items, image areas) of each template, one row per
 * action item id: a tap's postback names the id, and this row gives the channel, label and score.
 * Rebuilt from the template's message on every save.
 */
export const messageTemplateActions = pgTable(
  'message_template_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => messageTemplates.id, { onDelete: 'cascade' }),
    /** The template's channel; null for teppan templates, whose actions no friend can tap. */
    lineAccountId: integer('line_account_id').references(() => lineAccounts.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    actionType: text('action_type', { enum: ACTION_TYPES }).notNull(),
    score: integer('score').notNull().default(0),
  },
  (t) => [index('message_template_actions_template_idx').on(t.templateId)],
);

/**
 * Tracked links: a template's web link as sent to one friend (spec section 2, /redirects/{id}).
 * The friend gets the console's /redirects/{token} page instead of the address; each opening
 * counts, and the first adds the action's score (the action's row of the same channel, read
 * when opened). The token is the only key: it is random (16 bytes) and names nothing else.
 */
export const trackedLinks = pgTable(
  'tracked_links',
  {
    token: text('token').primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    /** The uri action's or tap area's item id (message_template_actions.id; the row may be gone since). */
    actionItemId: bigint('action_item_id', { mode: 'number' }).notNull(),
    /** The address as sent, kept even when the template changes later. */
    targetUrl: text('target_url').notNull(),
    createdAt: createdAt(),
    firstClickedAt: timestamp('first_clicked_at', { withTimezone: true }),
    clickCount: integer('click_count').notNull().default(0),
  },
  (t) => [index('tracked_links_friend_idx').on(t.friendId)],
);

export * from '../modules/delivery/schema.ts';
