import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
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
  ENROLMENT_STATUSES,
  KEYWORD_MATCHES,
  MESSAGE_TYPES,
  PLAN_HISTORY_KINDS,
  PLAN_TYPES,
  REENTRY_POLICIES,
  TARGET_SENDS,
  TIMING_TYPES,
  type AudienceNode,
  type PlanHistoryParams,
  type PlanMessage,
} from '@linq/contract';
import { channelReference, createdAt, updatedAt } from '../../platform/db-columns.ts';
import { richMenus } from '../rich-menus/schema.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';
import { marks, tags } from '../labels/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';

/*
 * Plans (spec section 3, issue 14): a plan, its boxes (plan_actions) and the timings between them,
 * its targeting and what it applies to a friend. Every table carries line_account_id, so each row
 * is found (and refused) by channel on its own; links to tags, marks, friends and other plans are
 * foreign keys, so deleting one of those takes it out of every plan, except the target: it is kept
 * as saved (plans.target), where a deleted label matches nobody instead of widening the rest.
 *
 * A second wall (issue 22 §4): the links of a plan's boxes, timings, enrolments and settings carry
 * the channel in their foreign key, `(line_account_id, x_id) → t(line_account_id, id)`, so a row of
 * channel A cannot point at a row of channel B even through a bug. A nullable pointer is set null
 * alone when its row goes: the migration says `on delete set null (x_id)`, which drizzle's builder
 * cannot (it would null line_account_id too), so the schema's `set null` stands for that.
 */

const channel = () =>
  integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id, { onDelete: 'cascade' });

/**
 * The keys of target conditions (a plan's saved target names each of its conditions by one): a
 * condition keeps its key across saves, and a removed one's key is never given again.
 */
export const planTargetConditionKeys = pgSequence('plan_target_condition_keys');

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull(),
    isActive: boolean('is_active').notNull().default(false),
    targetSend: text('target_send', { enum: TARGET_SENDS }).notNull().default('all_target'),
    /**
     * The advanced target (target_send = advanced) as it was saved: an audience expression
     * (plans/target.ts gives its shape). Its ids are no foreign keys, so deleting a tag, mark or
     * friend never rewrites it: the audience module evaluates a deleted label as UNKNOWN, which
     * matches nobody. Null: none saved (all_target).
     */
    target: jsonb('target').$type<AudienceNode>(),
    /** broadcast: when it goes out; null: when activated. */
    sendAt: timestamp('send_at', { withTimezone: true }),
    /** broadcast: when its recipients were fixed and enrolled (set once; it never goes out twice). */
    broadcastStartedAt: timestamp('broadcast_started_at', { withTimezone: true }),
    /** scenario: the trigger kind that starts it (plan-engine/registries.ts; manual and start_plan are the plans' own). */
    scenarioTrigger: text('scenario_trigger').notNull().default('manual'),
    /**
     * What the trigger names (the tag of tag_added…), checked to be the channel's when saved. No
     * foreign key, since the kinds name different tables: an item deleted since matches no fact, so
     * the scenario starts for nobody.
     */
    triggerRefId: integer('trigger_ref_id'),
    reentryPolicy: text('reentry_policy', { enum: REENTRY_POLICIES }).notNull().default('once'),
    autoKeywords: jsonb('auto_keywords').$type<string[]>().notNull().default([]),
    autoKeywordMatch: text('auto_keyword_match', { enum: KEYWORD_MATCHES }).notNull().default('exact'),
    autoWeekdays: jsonb('auto_weekdays').$type<number[]>().notNull().default([]),
    autoHasTerm: boolean('auto_has_term').notNull().default(false),
    autoTermStartAt: timestamp('auto_term_start_at', { withTimezone: true }),
    autoTermEndAt: timestamp('auto_term_end_at', { withTimezone: true }),
    /** The scenario started for the friend on enrolment. */
    startPlanId: integer('start_plan_id'),
    /** The rich menu given to the friend on enrolment (their own menu, by the rich-menus module's effect). */
    richMenuId: integer('rich_menu_id'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('plans_channel_id_key').on(t.lineAccountId, t.id),
    channelReference('plans_start_plan_fk', t.lineAccountId, t.startPlanId, t).onDelete('set null'),
    channelReference('plans_rich_menu_fk', t.lineAccountId, t.richMenuId, richMenus).onDelete('set null'),
    index('plans_channel_updated_idx').on(t.lineAccountId, t.updatedAt.desc()),
    index('plans_folder_idx').on(t.folderId),
    index('plans_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    /** The scenarios a trigger's fact starts (plan-engine/enrolment-repository.ts). */
    index('plans_channel_trigger_idx')
      .on(t.lineAccountId, t.scenarioTrigger, t.triggerRefId)
      .where(sql`plan_type = 'scenario' and is_active`),
  ],
);

/** A box of the diagram. Its id stays the same across saves (the engine keeps friends at boxes by it). */
export const planActions = pgTable(
  'plan_actions',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    planId: integer('plan_id').notNull(),
    boxId: text('box_id').notNull(),
    boxLevel: integer('box_level').notNull(),
    boxIndex: integer('box_index').notNull(),
    parentBoxId: text('parent_box_id'),
    parentBoxIds: jsonb('parent_box_ids').$type<string[]>().notNull().default([]),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    boxWidth: doublePrecision('box_width').notNull(),
    boxHeight: doublePrecision('box_height').notNull(),
    diagramHide: boolean('diagram_hide').notNull().default(false),
    diagramHideChildren: boolean('diagram_hide_children').notNull().default(false),
    messageType: text('message_type', { enum: MESSAGE_TYPES }).notNull(),
    /** The box's message with its item ids (the message item sequence) and each option's child box. */
    message: jsonb('message').$type<PlanMessage>().notNull(),
    richMenuId: integer('rich_menu_id'),
    startPlanId: integer('start_plan_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('plan_actions_plan_box_key').on(t.planId, t.boxId),
    unique('plan_actions_channel_id_key').on(t.lineAccountId, t.id),
    channelReference('plan_actions_plan_fk', t.lineAccountId, t.planId, plans).onDelete('cascade'),
    channelReference('plan_actions_start_plan_fk', t.lineAccountId, t.startPlanId, plans).onDelete('set null'),
    channelReference('plan_actions_rich_menu_fk', t.lineAccountId, t.richMenuId, richMenus).onDelete('set null'),
  ],
);

/** An arrow from a box to its child and when the child is sent. */
export const planTimings = pgTable(
  'plan_timings',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    planId: integer('plan_id').notNull(),
    planActionId: integer('plan_action_id').notNull(),
    nextPlanActionId: integer('next_plan_action_id').notNull(),
    timingType: text('timing_type', { enum: TIMING_TYPES }).notNull().default('send_immediate'),
    diagramHide: boolean('diagram_hide').notNull().default(false),
    afterDays: integer('after_days').notNull().default(0),
    afterHours: integer('after_hours').notNull().default(0),
    /** send_after: the time of day "HH:MM" (account time zone). */
    nextActionAt: text('next_action_at'),
    repeatDateTimes: jsonb('repeat_date_times').$type<string[]>().notNull().default([]),
    repeatTimes: integer('repeat_times').notNull().default(1),
    repeatWeekdays: jsonb('repeat_weekdays').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('plan_timings_plan_idx').on(t.planId),
    /** One arrow into each box. */
    unique('plan_timings_next_action_key').on(t.nextPlanActionId),
    channelReference('plan_timings_plan_fk', t.lineAccountId, t.planId, plans).onDelete('cascade'),
    channelReference('plan_timings_action_fk', t.lineAccountId, t.planActionId, planActions).onDelete('cascade'),
    channelReference('plan_timings_next_action_fk', t.lineAccountId, t.nextPlanActionId, planActions).onDelete(
      'cascade',
    ),
  ],
);

/** What a link row is for: the plan applies it to the friend (apply); targets (formerly rows of role target) are in plans.target. */
export const PLAN_LABEL_ROLES = ['apply'] as const;

export const planTags = pgTable(
  'plan_tags',
  {
    lineAccountId: channel(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PLAN_LABEL_ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.role, t.tagId] }), index('plan_tags_tag_idx').on(t.tagId)],
);

export const planMarks = pgTable(
  'plan_marks',
  {
    lineAccountId: channel(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    markId: integer('mark_id')
      .notNull()
      .references(() => marks.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PLAN_LABEL_ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.role, t.markId] }), index('plan_marks_mark_idx').on(t.markId)],
);

/** Tags a box puts on the friend it is sent to. */
export const planActionTags = pgTable(
  'plan_action_tags',
  {
    lineAccountId: channel(),
    planActionId: integer('plan_action_id').notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planActionId, t.tagId] }),
    index('plan_action_tags_tag_idx').on(t.tagId),
    channelReference('plan_action_tags_action_fk', t.lineAccountId, t.planActionId, planActions).onDelete('cascade'),
    channelReference('plan_action_tags_tag_fk', t.lineAccountId, t.tagId, tags).onDelete('cascade'),
  ],
);

/** Marks a box puts on the friend it is sent to. */
export const planActionMarks = pgTable(
  'plan_action_marks',
  {
    lineAccountId: channel(),
    planActionId: integer('plan_action_id').notNull(),
    markId: integer('mark_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planActionId, t.markId] }),
    index('plan_action_marks_mark_idx').on(t.markId),
    channelReference('plan_action_marks_action_fk', t.lineAccountId, t.planActionId, planActions).onDelete('cascade'),
    channelReference('plan_action_marks_mark_fk', t.lineAccountId, t.markId, marks).onDelete('cascade'),
  ],
);

/** Channel settings of plans: the scenario started when a friend is added (one per channel). */
export const channelPlanSettings = pgTable(
  'channel_plan_settings',
  {
    lineAccountId: integer('line_account_id')
      .primaryKey()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    friendAddedPlanId: integer('friend_added_plan_id'),
    /** "No sends at night": a send due from night_start ("HH:MM", account time zone) waits until night_end; off when null. */
    nightStart: text('night_start'),
    nightEnd: text('night_end'),
    updatedAt: updatedAt(),
  },
  (t) => [
    channelReference(
      'channel_plan_settings_friend_added_plan_fk',
      t.lineAccountId,
      t.friendAddedPlanId,
      plans,
    ).onDelete('set null'),
  ],
);

/**
 * A friend's way through a plan (the engine of the next issue moves it): where the friend waits
 * and when the next send is due. Friends waiting (active or paused) keep a plan from being deleted
 * without confirmation.
 */
export const planEnrolments = pgTable(
  'plan_enrolments',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    planId: integer('plan_id').notNull(),
    friendId: integer('friend_id').notNull(),
    status: text('status', { enum: ENROLMENT_STATUSES }).notNull().default('active'),
    /** What enrolled the friend: a scenario trigger's kind, `broadcast` or `auto_reply`. */
    trigger: text('trigger').notNull().default('manual'),
    /** The box last sent (the friend waits here for a tap when it has options). */
    currentBoxId: text('current_box_id'),
    currentPlanActionId: integer('current_plan_action_id'),
    /** The box sent next, at next_action_at (null: waiting for a tap, or nothing left). */
    nextPlanActionId: integer('next_plan_action_id'),
    /** Which send of a repeat timing is next (1-based; 1 for other timings). */
    nextOccurrence: integer('next_occurrence').notNull().default(1),
    /** When the friend reached the next send's timing (its start box sent or option tapped): a changed timing is recomputed from it. */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    nextActionAt: timestamp('next_action_at', { withTimezone: true }),
    /** An auto-reply's reply token, used for its first box while it is valid (replies cost no quota). */
    replyToken: text('reply_token'),
    replyTokenUntil: timestamp('reply_token_until', { withTimezone: true }),
    /**
     * How far the enrolment's own time runs ahead of the engine clock (a rehearsal moves one friend's
     * run forward): its timings are decided at now + this; its stored times stay on the engine clock.
     */
    clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }).notNull().default(0),
    /** When the plan's deactivation paused it (on reactivation, what fell due since is sent or skipped). */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended other than by finishing: an ENROLMENT_END_REASONS code. */
    endReason: text('end_reason'),
  },
  (t) => [
    index('plan_enrolments_plan_status_idx').on(t.planId, t.status),
    index('plan_enrolments_friend_idx').on(t.friendId),
    /** At most one running enrolment of a friend in a plan, whatever triggers it at once. */
    uniqueIndex('plan_enrolments_running_key')
      .on(t.planId, t.friendId)
      .where(sql`status in ('active', 'paused')`),
    index('plan_enrolments_due_idx')
      .on(t.nextActionAt)
      .where(sql`status = 'active'`),
    check('plan_enrolments_ended_check', sql`(${t.endedAt} is null) = (${t.status} in ('active', 'paused'))`),
    channelReference('plan_enrolments_plan_fk', t.lineAccountId, t.planId, plans).onDelete('cascade'),
    channelReference('plan_enrolments_friend_fk', t.lineAccountId, t.friendId, friends).onDelete('cascade'),
    channelReference('plan_enrolments_current_action_fk', t.lineAccountId, t.currentPlanActionId, planActions).onDelete(
      'set null',
    ),
    channelReference('plan_enrolments_next_action_fk', t.lineAccountId, t.nextPlanActionId, planActions).onDelete(
      'set null',
    ),
  ],
);

/** Who changed the plan, when, what changed and how many friends it moved. */
export const planHistory = pgTable(
  'plan_history',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PLAN_HISTORY_KINDS }).notNull(),
    /** What changed, as facts by kind (counts, names): the console words them in the user's language. */
    params: jsonb('params').$type<PlanHistoryParams>().notNull().default({}),
    /** Friends whose enrolment the change moved, paused, resumed or ended. */
    affectedCount: integer('affected_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('plan_history_plan_idx').on(t.planId, t.createdAt.desc())],
);
