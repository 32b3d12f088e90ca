import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';

/** The tenant tree: OEM (the white-label brand) → agency → account; channels and logins hang below. */
export const oems = pgTable(
  'oems',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    serviceName: text('service_name').notNull(),
    domain: text('domain').notNull().unique(),
    isDefault: boolean('is_default').notNull().default(false),
    faviconUrl: text('favicon_url').notNull(),
    logoUrl: text('logo_url'),
    /** Where staff's support inquiries are e-mailed; unset: support@ the OEM's domain. */
    supportEmail: text('support_email'),
    primaryColor: text('primary_color').notNull(),
    headerColor: text('header_color').notNull(),
    siderColor: text('sider_color').notNull(),
    /** The OEM's own company, contact and billing contact (oem-account); all optional. */
    companyName: text('company_name'),
    companyAddress: text('company_address'),
    companyPhone: text('company_phone'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    billingName: text('billing_name'),
    billingEmail: text('billing_email'),
    /** 適格請求書発行事業者登録番号 (`T` + 13 digits): the issuer's number on the accounts' invoices. */
    invoiceRegistrationNumber: text('invoice_registration_number'),
    /** The From of mails sent for this OEM; unset: the server's configured sender. */
    mailFromName: text('mail_from_name'),
    mailFromAddress: text('mail_from_address'),
    /** The short text of the public landing page on the OEM's domain. */
    landingText: text('landing_text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One default OEM: its admins are the platform admins.
  (t) => [
    uniqueIndex('oems_one_default_idx')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

export const TENANT_STATUSES = ['active', 'suspended'] as const;

export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    oemId: integer('oem_id')
      .notNull()
      .references(() => oems.id),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    /** A suspended agency's users cannot log in. */
    status: text('status', { enum: TENANT_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The target of accounts' (agency, OEM) key: an account's OEM is its agency's.
  (t) => [unique('agencies_id_oem_key').on(t.id, t.oemId), index('agencies_oem_idx').on(t.oemId)],
);

/**
 * The plans an OEM sells: monthly price before tax (yen) and limits. A plan an account uses is
 * retired rather than deleted. (id, oem_id) is unique so an account's plan can be tied to its OEM.
 */
export const oemPlans = pgTable(
  'oem_plans',
  {
    id: serial('id').primaryKey(),
    oemId: integer('oem_id')
      .notNull()
      .references(() => oems.id),
    name: text('name').notNull(),
    monthlyPriceYen: integer('monthly_price_yen').notNull(),
    maxChannels: integer('max_channels').notNull(),
    maxStaffUsers: integer('max_staff_users').notNull(),
    maxMonthlyMessages: integer('max_monthly_messages').notNull(),
    richMenuRules: boolean('rich_menu_rules').notNull().default(true),
    forms: boolean('forms').notNull().default(true),
    inflowRoutes: boolean('inflow_routes').notNull().default(true),
    status: text('status', { enum: ['active', 'retired'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('oem_plans_oem_name_key').on(t.oemId, t.name), unique('oem_plans_id_oem_key').on(t.id, t.oemId)],
);

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
    /** The OEM plan the account is on: one of its own OEM's (the foreign key below says so). */
    oemPlanId: integer('oem_plan_id'),
    /** A suspended account's logins and sends stop. */
    status: text('status', { enum: TENANT_STATUSES }).notNull().default('active'),
    /** Company info (account area): empty until the owner fills it in. */
    nameKana: text('name_kana').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    prefecture: text('prefecture').notNull().default(''),
    city: text('city').notNull().default(''),
    street: text('street').notNull().default(''),
    building: text('building').notNull().default(''),
    phone: text('phone').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    /** 適格請求書発行事業者登録番号: `T` + 13 digits, checked by the contract's isRegistrationNumber. */
    registrationNumber: text('registration_number').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_agency_idx').on(t.agencyId),
    index('accounts_oem_plan_idx').on(t.oemPlanId),
    foreignKey({
      name: 'accounts_oem_plan_fk',
      columns: [t.oemPlanId, t.oemId],
      foreignColumns: [oemPlans.id, oemPlans.oemId],
    }),
    index('accounts_oem_idx').on(t.oemId),
    // The database keeps the hierarchy: an account with an agency has that agency's OEM.
    foreignKey({
      name: 'accounts_agency_oem_fk',
      columns: [t.agencyId, t.oemId],
      foreignColumns: [agencies.id, agencies.oemId],
    }),
  ],
);
