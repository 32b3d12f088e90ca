ALTER TABLE "plans" RENAME COLUMN "trigger_tag_id" TO "trigger_ref_id";--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT "plans_trigger_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "profile_fetched_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "plans_channel_trigger_idx" ON "plans" USING btree ("line_account_id","scenario_trigger","trigger_ref_id") WHERE plan_type = 'scenario' and is_active;