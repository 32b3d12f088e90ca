-- Trigram indexes for the name search (ILIKE '%text%'). pg_trgm is a trusted contrib extension;
-- PGlite loads it on start (platform/db.ts). Written by hand: drizzle-kit does not manage extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "friends_channel_unread_idx" ON "friends" USING btree ("line_account_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "friends"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "friends_display_name_trgm_idx" ON "friends" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "friends_display_name_override_trgm_idx" ON "friends" USING gin ("display_name_override" gin_trgm_ops);