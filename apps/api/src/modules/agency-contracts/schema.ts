import { BILLING_CYCLES, CONTRACT_STATUSES } from '@linq/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
import { users } from '../sessions/schema.ts';
import { accounts, agencies, oemPlans } from '../tenants/schema.ts';

/**
 * A contract of one of an agency's client accounts: its OEM plan, dates, monthly fee and status. While
 * it is live (active or ending) its plan is the account's plan; live contracts of one account never
 * overlap (the service checks it under a lock of the account's contracts).
 */
export const agencyContracts = pgTable(
  'agency_contracts',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    oemPlanId: integer('oem_plan_id')
      .notNull()
      .references(() => oemPlans.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    monthlyFeeYen: integer('monthly_fee_yen').notNull().default(0),
    billingCycle: text('billing_cycle', { enum: BILLING_CYCLES }).notNull().default('monthly'),
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agency_contracts_agency_idx').on(t.agencyId, t.status),
    index('agency_contracts_account_idx').on(t.accountId),
    index('agency_contracts_plan_idx').on(t.oemPlanId),
    check('agency_contracts_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export type ContractChanges = Record<string, [string | null, string | null]>;

/** A contract's history: who changed what, when (user null: the date rules, or a deleted user). */
export const agencyContractChanges = pgTable(
  'agency_contract_changes',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agencyContracts.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['created', 'updated', 'status', 'renewed'] }).notNull(),
    changes: jsonb('changes').$type<ContractChanges>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agency_contract_changes_contract_idx').on(t.contractId)],
);
