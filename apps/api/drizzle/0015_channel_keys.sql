-- The channel in the foreign keys of a channel's rows (issue 22 §4): a plan's boxes, timings, box
-- effects, settings and enrolments, and a friend's tags, marks and info values. First the
-- (line_account_id, id) keys they refer to; then the friend links get line_account_id, filled from
-- their friend (the only data this converts), NOT NULL after; then each single-column key is
-- replaced by a composite one with the same ON DELETE. A nullable pointer sets only itself null
-- (SET NULL (col), PostgreSQL 15+), never line_account_id. A row pointing at another channel's row
-- would make this fail: there is none, every write was scoped.
ALTER TABLE "friend_info_fields" ADD CONSTRAINT "friend_info_fields_channel_id_key" UNIQUE("line_account_id","id");
--> statement-breakpoint
ALTER TABLE "friends" ADD CONSTRAINT "friends_channel_id_key" UNIQUE("line_account_id","id");
--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_channel_id_key" UNIQUE("line_account_id","id");
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_channel_id_key" UNIQUE("line_account_id","id");
--> statement-breakpoint
ALTER TABLE "plan_actions" ADD CONSTRAINT "plan_actions_channel_id_key" UNIQUE("line_account_id","id");
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_channel_id_key" UNIQUE("line_account_id","id");
--> statement-breakpoint
ALTER TABLE "friend_info_values" ADD COLUMN "line_account_id" integer;
--> statement-breakpoint
UPDATE "friend_info_values" SET "line_account_id" = "friends"."line_account_id" FROM "friends" WHERE "friends"."id" = "friend_info_values"."friend_id";
--> statement-breakpoint
ALTER TABLE "friend_info_values" ALTER COLUMN "line_account_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "friend_marks" ADD COLUMN "line_account_id" integer;
--> statement-breakpoint
UPDATE "friend_marks" SET "line_account_id" = "friends"."line_account_id" FROM "friends" WHERE "friends"."id" = "friend_marks"."friend_id";
--> statement-breakpoint
ALTER TABLE "friend_marks" ALTER COLUMN "line_account_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "friend_tags" ADD COLUMN "line_account_id" integer;
--> statement-breakpoint
UPDATE "friend_tags" SET "line_account_id" = "friends"."line_account_id" FROM "friends" WHERE "friends"."id" = "friend_tags"."friend_id";
--> statement-breakpoint
ALTER TABLE "friend_tags" ALTER COLUMN "line_account_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "friend_info_values" DROP CONSTRAINT "friend_info_values_friend_id_friends_id_fk";
--> statement-breakpoint
ALTER TABLE "friend_info_values" DROP CONSTRAINT "friend_info_values_field_id_friend_info_fields_id_fk";
--> statement-breakpoint
ALTER TABLE "friend_marks" DROP CONSTRAINT "friend_marks_friend_id_friends_id_fk";
--> statement-breakpoint
ALTER TABLE "friend_marks" DROP CONSTRAINT "friend_marks_mark_id_marks_id_fk";
--> statement-breakpoint
ALTER TABLE "friend_tags" DROP CONSTRAINT "friend_tags_friend_id_friends_id_fk";
--> statement-breakpoint
ALTER TABLE "friend_tags" DROP CONSTRAINT "friend_tags_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "channel_plan_settings" DROP CONSTRAINT "channel_plan_settings_friend_added_plan_id_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_action_marks" DROP CONSTRAINT "plan_action_marks_plan_action_id_plan_actions_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_action_marks" DROP CONSTRAINT "plan_action_marks_mark_id_marks_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_action_tags" DROP CONSTRAINT "plan_action_tags_plan_action_id_plan_actions_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_action_tags" DROP CONSTRAINT "plan_action_tags_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_actions" DROP CONSTRAINT "plan_actions_plan_id_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_actions" DROP CONSTRAINT "plan_actions_start_plan_id_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_enrolments" DROP CONSTRAINT "plan_enrolments_plan_id_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_enrolments" DROP CONSTRAINT "plan_enrolments_friend_id_friends_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_enrolments" DROP CONSTRAINT "plan_enrolments_current_plan_action_id_plan_actions_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_enrolments" DROP CONSTRAINT "plan_enrolments_next_plan_action_id_plan_actions_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_timings" DROP CONSTRAINT "plan_timings_plan_id_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_timings" DROP CONSTRAINT "plan_timings_plan_action_id_plan_actions_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_timings" DROP CONSTRAINT "plan_timings_next_plan_action_id_plan_actions_id_fk";
--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT "plans_start_plan_id_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "friend_info_values" ADD CONSTRAINT "friend_info_values_friend_fk" FOREIGN KEY ("line_account_id","friend_id") REFERENCES "public"."friends"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "friend_info_values" ADD CONSTRAINT "friend_info_values_field_fk" FOREIGN KEY ("line_account_id","field_id") REFERENCES "public"."friend_info_fields"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "friend_marks" ADD CONSTRAINT "friend_marks_friend_fk" FOREIGN KEY ("line_account_id","friend_id") REFERENCES "public"."friends"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "friend_marks" ADD CONSTRAINT "friend_marks_mark_fk" FOREIGN KEY ("line_account_id","mark_id") REFERENCES "public"."marks"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "friend_tags" ADD CONSTRAINT "friend_tags_friend_fk" FOREIGN KEY ("line_account_id","friend_id") REFERENCES "public"."friends"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "friend_tags" ADD CONSTRAINT "friend_tags_tag_fk" FOREIGN KEY ("line_account_id","tag_id") REFERENCES "public"."tags"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "channel_plan_settings" ADD CONSTRAINT "channel_plan_settings_friend_added_plan_fk" FOREIGN KEY ("line_account_id","friend_added_plan_id") REFERENCES "public"."plans"("line_account_id","id") ON DELETE SET NULL ("friend_added_plan_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_action_marks" ADD CONSTRAINT "plan_action_marks_action_fk" FOREIGN KEY ("line_account_id","plan_action_id") REFERENCES "public"."plan_actions"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_action_marks" ADD CONSTRAINT "plan_action_marks_mark_fk" FOREIGN KEY ("line_account_id","mark_id") REFERENCES "public"."marks"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_action_tags" ADD CONSTRAINT "plan_action_tags_action_fk" FOREIGN KEY ("line_account_id","plan_action_id") REFERENCES "public"."plan_actions"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_action_tags" ADD CONSTRAINT "plan_action_tags_tag_fk" FOREIGN KEY ("line_account_id","tag_id") REFERENCES "public"."tags"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_actions" ADD CONSTRAINT "plan_actions_plan_fk" FOREIGN KEY ("line_account_id","plan_id") REFERENCES "public"."plans"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_actions" ADD CONSTRAINT "plan_actions_start_plan_fk" FOREIGN KEY ("line_account_id","start_plan_id") REFERENCES "public"."plans"("line_account_id","id") ON DELETE SET NULL ("start_plan_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD CONSTRAINT "plan_enrolments_plan_fk" FOREIGN KEY ("line_account_id","plan_id") REFERENCES "public"."plans"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD CONSTRAINT "plan_enrolments_friend_fk" FOREIGN KEY ("line_account_id","friend_id") REFERENCES "public"."friends"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD CONSTRAINT "plan_enrolments_current_action_fk" FOREIGN KEY ("line_account_id","current_plan_action_id") REFERENCES "public"."plan_actions"("line_account_id","id") ON DELETE SET NULL ("current_plan_action_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD CONSTRAINT "plan_enrolments_next_action_fk" FOREIGN KEY ("line_account_id","next_plan_action_id") REFERENCES "public"."plan_actions"("line_account_id","id") ON DELETE SET NULL ("next_plan_action_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_timings" ADD CONSTRAINT "plan_timings_plan_fk" FOREIGN KEY ("line_account_id","plan_id") REFERENCES "public"."plans"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_timings" ADD CONSTRAINT "plan_timings_action_fk" FOREIGN KEY ("line_account_id","plan_action_id") REFERENCES "public"."plan_actions"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_timings" ADD CONSTRAINT "plan_timings_next_action_fk" FOREIGN KEY ("line_account_id","next_plan_action_id") REFERENCES "public"."plan_actions"("line_account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_start_plan_fk" FOREIGN KEY ("line_account_id","start_plan_id") REFERENCES "public"."plans"("line_account_id","id") ON DELETE SET NULL ("start_plan_id") ON UPDATE no action;
