import { BILLING_STATUSES, INVOICE_STATUSES, PAYMENT_METHODS } from '@linq/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
import { accounts, oemPlans } from '../tenants/schema.ts';
import type { InvoiceItem, InvoiceTax } from './rules.ts';

/**
 * An account's billing: how it pays, its current monthly period (start and last day, in Japan's
 * calendar), a downgrade waiting for the period's end, its standing (a failed payment's grace, then
 * read-only) and its customer and subscription at the card payment provider.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull().default('invoice'),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    pendingPlanId: integer('pending_plan_id').references(() => oemPlans.id, { onDelete: 'set null' }),
    status: text('status', { enum: BILLING_STATUSES }).notNull().default('active'),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('billing_accounts_customer_idx').on(t.providerCustomerId),
    check('billing_accounts_period_check', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/**
 * An issued invoice, kept as issued (issuer, recipient, items and totals are copied in): a qualified
 * invoice must not change when the OEM or the account later edits its details.
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    items: jsonb('items').$type<InvoiceItem[]>().notNull(),
    /** The items' prices include tax (what a card provider charged, prorations too); else they exclude it. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    taxes: jsonb('taxes').$type<InvoiceTax[]>().notNull(),
    subtotalYen: integer('subtotal_yen').notNull(),
    taxYen: integer('tax_yen').notNull(),
    totalYen: integer('total_yen').notNull(),
    issuerName: text('issuer_name').notNull(),
    issuerRegistrationNumber: text('issuer_registration_number').notNull(),
    recipientName: text('recipient_name').notNull(),
    /** The payment provider's invoice, for card payments. */
    providerInvoiceId: text('provider_invoice_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One bank-transfer invoice per account and period: the worker may run twice, never bill twice.
    // (A card invoice is the provider's, one per provider invoice id.)
    uniqueIndex('billing_invoices_account_period_idx')
      .on(t.accountId, t.periodStart)
      .where(sql`${t.providerInvoiceId} is null`),
    index('billing_invoices_status_idx').on(t.status, t.dueOn),
  ],
);

/** The payment provider's webhook events applied, by their id: a redelivered event is applied once. */
export const billingProviderEvents = pgTable('billing_provider_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
