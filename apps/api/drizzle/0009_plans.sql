CREATE TABLE "channel_plan_settings" (
	"line_account_id" integer PRIMARY KEY NOT NULL,
	"friend_added_plan_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_action_marks" (
	"line_account_id" integer NOT NULL,
	"plan_action_id" integer NOT NULL,
	"mark_id" integer NOT NULL,
	CONSTRAINT "plan_action_marks_plan_action_id_mark_id_pk" PRIMARY KEY("plan_action_id","mark_id")
);
--> statement-breakpoint
CREATE TABLE "plan_action_tags" (
	"line_account_id" integer NOT NULL,
	"plan_action_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "plan_action_tags_plan_action_id_tag_id_pk" PRIMARY KEY("plan_action_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "plan_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"box_id" text NOT NULL,
	"box_level" integer NOT NULL,
	"box_index" integer NOT NULL,
	"parent_box_id" text,
	"parent_box_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"box_width" double precision NOT NULL,
	"box_height" double precision NOT NULL,
	"diagram_hide" boolean DEFAULT false NOT NULL,
	"diagram_hide_children" boolean DEFAULT false NOT NULL,
	"message_type" text NOT NULL,
	"message" jsonb NOT NULL,
	"rich_menu_id" integer,
	"start_plan_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_actions_plan_box_key" UNIQUE("plan_id","box_id")
);
--> statement-breakpoint
CREATE TABLE "plan_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_box_id" text,
	"next_action_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "plan_enrolments_ended_check" CHECK (("plan_enrolments"."ended_at" is null) = ("plan_enrolments"."status" in ('active', 'paused')))
);
--> statement-breakpoint
CREATE TABLE "plan_marks" (
	"line_account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"mark_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "plan_marks_plan_id_role_mark_id_pk" PRIMARY KEY("plan_id","role","mark_id")
);
--> statement-breakpoint
CREATE TABLE "plan_tags" (
	"line_account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "plan_tags_plan_id_role_tag_id_pk" PRIMARY KEY("plan_id","role","tag_id")
);
--> statement-breakpoint
CREATE TABLE "plan_target_friends" (
	"line_account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	CONSTRAINT "plan_target_friends_plan_id_friend_id_pk" PRIMARY KEY("plan_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "plan_timings" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_action_id" integer NOT NULL,
	"next_plan_action_id" integer NOT NULL,
	"timing_type" text DEFAULT 'send_immediate' NOT NULL,
	"diagram_hide" boolean DEFAULT false NOT NULL,
	"after_days" integer DEFAULT 0 NOT NULL,
	"after_hours" integer DEFAULT 0 NOT NULL,
	"next_action_at" text,
	"repeat_date_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"repeat_times" integer DEFAULT 1 NOT NULL,
	"repeat_weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_timings_next_action_key" UNIQUE("next_plan_action_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"plan_type" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"target_send" text DEFAULT 'all_target' NOT NULL,
	"target_has_tag" boolean DEFAULT true NOT NULL,
	"target_has_mark" boolean DEFAULT true NOT NULL,
	"target_is_specified_friend" boolean DEFAULT false NOT NULL,
	"send_at" timestamp with time zone,
	"scenario_trigger" text DEFAULT 'manual' NOT NULL,
	"trigger_tag_id" integer,
	"reentry_policy" text DEFAULT 'once' NOT NULL,
	"auto_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_keyword_match" text DEFAULT 'exact' NOT NULL,
	"auto_weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_has_term" boolean DEFAULT false NOT NULL,
	"auto_term_start_at" timestamp with time zone,
	"auto_term_end_at" timestamp with time zone,
	"start_plan_id" integer,
	"rich_menu_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_condition_tags" (
	"line_account_id" integer NOT NULL,
	"target_condition_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"accepted" boolean NOT NULL,
	CONSTRAINT "target_condition_tags_target_condition_id_tag_id_pk" PRIMARY KEY("target_condition_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "target_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_plan_settings" ADD CONSTRAINT "channel_plan_settings_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_plan_settings" ADD CONSTRAINT "channel_plan_settings_friend_added_plan_id_plans_id_fk" FOREIGN KEY ("friend_added_plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_action_marks" ADD CONSTRAINT "plan_action_marks_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_action_marks" ADD CONSTRAINT "plan_action_marks_plan_action_id_plan_actions_id_fk" FOREIGN KEY ("plan_action_id") REFERENCES "public"."plan_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_action_marks" ADD CONSTRAINT "plan_action_marks_mark_id_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."marks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_action_tags" ADD CONSTRAINT "plan_action_tags_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_action_tags" ADD CONSTRAINT "plan_action_tags_plan_action_id_plan_actions_id_fk" FOREIGN KEY ("plan_action_id") REFERENCES "public"."plan_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_action_tags" ADD CONSTRAINT "plan_action_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_actions" ADD CONSTRAINT "plan_actions_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_actions" ADD CONSTRAINT "plan_actions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_actions" ADD CONSTRAINT "plan_actions_start_plan_id_plans_id_fk" FOREIGN KEY ("start_plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD CONSTRAINT "plan_enrolments_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD CONSTRAINT "plan_enrolments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD CONSTRAINT "plan_enrolments_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_marks" ADD CONSTRAINT "plan_marks_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_marks" ADD CONSTRAINT "plan_marks_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_marks" ADD CONSTRAINT "plan_marks_mark_id_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."marks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_tags" ADD CONSTRAINT "plan_tags_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_tags" ADD CONSTRAINT "plan_tags_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_tags" ADD CONSTRAINT "plan_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_target_friends" ADD CONSTRAINT "plan_target_friends_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_target_friends" ADD CONSTRAINT "plan_target_friends_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_target_friends" ADD CONSTRAINT "plan_target_friends_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_timings" ADD CONSTRAINT "plan_timings_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_timings" ADD CONSTRAINT "plan_timings_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_timings" ADD CONSTRAINT "plan_timings_plan_action_id_plan_actions_id_fk" FOREIGN KEY ("plan_action_id") REFERENCES "public"."plan_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_timings" ADD CONSTRAINT "plan_timings_next_plan_action_id_plan_actions_id_fk" FOREIGN KEY ("next_plan_action_id") REFERENCES "public"."plan_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_trigger_tag_id_tags_id_fk" FOREIGN KEY ("trigger_tag_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_start_plan_id_plans_id_fk" FOREIGN KEY ("start_plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_condition_tags" ADD CONSTRAINT "target_condition_tags_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_condition_tags" ADD CONSTRAINT "target_condition_tags_target_condition_id_target_conditions_id_fk" FOREIGN KEY ("target_condition_id") REFERENCES "public"."target_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_condition_tags" ADD CONSTRAINT "target_condition_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_conditions" ADD CONSTRAINT "target_conditions_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_conditions" ADD CONSTRAINT "target_conditions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_action_marks_mark_idx" ON "plan_action_marks" USING btree ("mark_id");--> statement-breakpoint
CREATE INDEX "plan_action_tags_tag_idx" ON "plan_action_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "plan_enrolments_plan_status_idx" ON "plan_enrolments" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "plan_enrolments_friend_idx" ON "plan_enrolments" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "plan_enrolments_due_idx" ON "plan_enrolments" USING btree ("next_action_at") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "plan_marks_mark_idx" ON "plan_marks" USING btree ("mark_id");--> statement-breakpoint
CREATE INDEX "plan_tags_tag_idx" ON "plan_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "plan_target_friends_friend_idx" ON "plan_target_friends" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "plan_timings_plan_idx" ON "plan_timings" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plans_channel_updated_idx" ON "plans" USING btree ("line_account_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plans_folder_idx" ON "plans" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "plans_name_trgm_idx" ON "plans" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "target_condition_tags_tag_idx" ON "target_condition_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "target_conditions_plan_idx" ON "target_conditions" USING btree ("plan_id");