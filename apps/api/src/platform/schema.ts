/**
 * Every module's tables, for the typed Drizzle instance (platform/db.ts). Each module owns its
 * tables in `modules/<feature>/schema.ts`; drizzle-kit gathers the same files by glob.
 */
export * from '../modules/tenants/schema.ts';
export * from '../modules/staff-authorities/schema.ts';
export * from '../modules/sessions/schema.ts';
export * from '../modules/passwords/schema.ts';
export * from '../modules/line-accounts/schema.ts';
export * from '../modules/friends/schema.ts';
export * from '../modules/webhooks/schema.ts';
export * from '../modules/talks/schema.ts';
export * from '../modules/delivery/schema.ts';
export * from '../modules/folders/schema.ts';
export * from '../modules/labels/schema.ts';
export * from '../modules/templates/schema.ts';
export * from '../modules/links/schema.ts';
export * from '../modules/plans/schema.ts';
export * from '../modules/plan-engine/schema.ts';
