import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
import { accounts, agencies, oems } from '../tenants/schema.ts';
import { staffAuthorities } from '../staff-authorities/schema.ts';

export const USER_ROLES = ['admin', 'agency', 'account', 'service'] as const;
/** An agency user's role in the agency: managers do everything, members see no users and no fees. */
export const AGENCY_ROLES = ['manager', 'member'] as const;

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
    /** Admins: the OEM they administer (the default OEM's admins are the platform admins). */
    oemId: integer('oem_id').references(() => oems.id),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    /** Agency users only (null for the other roles). */
    agencyRole: text('agency_role', { enum: AGENCY_ROLES }),
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
    index('users_oem_idx').on(t.oemId),
    check('users_admin_oem_check', sql`(${t.role} = 'admin') = (${t.oemId} is not null)`),
    check('users_agency_role_check', sql`(${t.role} = 'agency') = (${t.agencyRole} is not null)`),
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
