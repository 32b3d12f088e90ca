import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  METRIC_NAMES,
  TIMELINE_KINDS,
  type AffectedItem,
  type DetectionThresholds,
  type IncidentFigures,
} from '@linq/contract';
import { channelReference, createdAt, updatedAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';
import { accounts } from '../tenants/schema.ts';

const channel = () =>
  integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id, { onDelete: 'cascade' });

/**
 * An incident a detector raised about a subject of the channel ('' for the channel itself, a plan's
 * id, a delivery's): at most one not resolved per detector and subject, updated while it lasts.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    detector: text('detector').notNull(),
    subject: text('subject').notNull().default(''),
    severity: text('severity', { enum: INCIDENT_SEVERITIES }).notNull(),
    status: text('status', { enum: INCIDENT_STATUSES }).notNull().default('open'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    figures: jsonb('figures').$type<IncidentFigures>().notNull().default({}),
    affected: jsonb('affected').$type<AffectedItem[]>().notNull().default([]),
    /** The roll-up its chart shows. */
    metric: text('metric', { enum: METRIC_NAMES }).notNull(),
    /** When the staff who opted in were e-mailed (once per incident). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('incidents_channel_id_key').on(t.lineAccountId, t.id),
    uniqueIndex('incidents_one_open_key')
      .on(t.lineAccountId, t.detector, t.subject)
      .where(sql`status <> 'resolved'`),
    index('incidents_channel_seen_idx').on(t.lineAccountId, t.lastSeenAt),
  ],
);

/** What happened to an incident, in order: raised, updated (figures), acknowledged, resolved. */
export const incidentEvents = pgTable(
  'incident_events',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    incidentId: integer('incident_id').notNull(),
    kind: text('kind', { enum: TIMELINE_KINDS }).notNull(),
    comment: text('comment').notNull().default(''),
    /** The staff member who acted; null: the detector. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    figures: jsonb('figures').$type<IncidentFigures>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('incident_events_incident_idx').on(t.incidentId, t.id),
    channelReference('incident_events_incident_fk', t.lineAccountId, t.incidentId, incidents).onDelete('cascade'),
  ],
);

/** A channel's detector thresholds where staff changed them (the rest are the defaults). */
export const detectionSettings = pgTable('detection_settings', {
  lineAccountId: integer('line_account_id')
    .primaryKey()
    .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  thresholds: jsonb('thresholds').$type<Partial<DetectionThresholds>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * When LINE last said it suspended the channel's account and last said it lifted that (webhook
 * events, LINE's times): suspended while the suspension is the later of the two, whatever order the
 * events were processed in.
 */
export const channelSuspensions = pgTable('channel_suspensions', {
  lineAccountId: integer('line_account_id')
    .primaryKey()
    .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  resumedAt: timestamp('resumed_at', { withTimezone: true }),
});

/** Staff users of an account who want an e-mail for each new incident of warning level or above. */
export const incidentMailOptIns = pgTable(
  'incident_mail_opt_ins',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);
