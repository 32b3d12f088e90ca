CREATE TABLE "plan_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"plan_action_id" integer,
	"box_id" text NOT NULL,
	"occurrence" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"delivery_id" bigint,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plan_sends_once_key" UNIQUE("enrolment_id","plan_action_id","occurrence")
);
--> statement-breakpoint
CREATE TABLE "plan_taps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"plan_action_id" integer,
	"action_item_id" integer NOT NULL,
	"child_box_id" text,
	"tapped_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plan_taps_once_key" UNIQUE("enrolment_id","plan_action_id")
);
--> statement-breakpoint
CREATE TABLE "plan_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"affected_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_plan_settings" ADD COLUMN "night_start" text;--> statement-breakpoint
ALTER TABLE "channel_plan_settings" ADD COLUMN "night_end" text;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD COLUMN "trigger" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD COLUMN "current_plan_action_id" integer;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD COLUMN "next_plan_action_id" integer;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD COLUMN "next_occurrence" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD COLUMN "reply_token" text;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD COLUMN "reply_token_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "broadcast_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_sends" ADD CONSTRAINT "plan_sends_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_sends" ADD CONSTRAINT "plan_sends_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_sends" ADD CONSTRAINT "plan_sends_enrolment_id_plan_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."plan_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_sends" ADD CONSTRAINT "plan_sends_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_sends" ADD CONSTRAINT "plan_sends_plan_action_id_plan_actions_id_fk" FOREIGN KEY ("plan_action_id") REFERENCES "public"."plan_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_sends" ADD CONSTRAINT "plan_sends_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_taps" ADD CONSTRAINT "plan_taps_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_taps" ADD CONSTRAINT "plan_taps_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_taps" ADD CONSTRAINT "plan_taps_enrolment_id_plan_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."plan_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_taps" ADD CONSTRAINT "plan_taps_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_taps" ADD CONSTRAINT "plan_taps_plan_action_id_plan_actions_id_fk" FOREIGN KEY ("plan_action_id") REFERENCES "public"."plan_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_history" ADD CONSTRAINT "plan_history_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_history" ADD CONSTRAINT "plan_history_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_history" ADD CONSTRAINT "plan_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_sends_plan_action_idx" ON "plan_sends" USING btree ("plan_id","plan_action_id","sent_at");--> statement-breakpoint
CREATE INDEX "plan_sends_friend_idx" ON "plan_sends" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "plan_sends_delivery_idx" ON "plan_sends" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "plan_taps_plan_action_idx" ON "plan_taps" USING btree ("plan_id","plan_action_id","tapped_at");--> statement-breakpoint
CREATE INDEX "plan_history_plan_idx" ON "plan_history" USING btree ("plan_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD CONSTRAINT "plan_enrolments_current_plan_action_id_plan_actions_id_fk" FOREIGN KEY ("current_plan_action_id") REFERENCES "public"."plan_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_enrolments" ADD CONSTRAINT "plan_enrolments_next_plan_action_id_plan_actions_id_fk" FOREIGN KEY ("next_plan_action_id") REFERENCES "public"."plan_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_enrolments_running_key" ON "plan_enrolments" USING btree ("plan_id","friend_id") WHERE status in ('active', 'paused');