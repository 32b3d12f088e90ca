-- A deleted route's friends keep their attributions: only route_id is cleared (SET NULL (col), PostgreSQL 15+).
CREATE TABLE "inflow_attributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"route_id" integer,
	"visit_id" bigint,
	"kind" text NOT NULL,
	"first_touch" boolean NOT NULL,
	"actions" jsonb NOT NULL,
	"actions_applied" boolean NOT NULL,
	"attributed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inflow_attributions_channel_id_key" UNIQUE("line_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "inflow_pending_follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"webhook_event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inflow_route_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"changed_fields" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inflow_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"use_login" boolean DEFAULT true NOT NULL,
	"destination_url" text,
	"actions" jsonb NOT NULL,
	"costs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inflow_routes_channel_id_key" UNIQUE("line_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "inflow_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"token" text NOT NULL,
	"nonce" text NOT NULL,
	"phase" text DEFAULT 'visited' NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"referrer" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"line_user_id" text,
	"logged_in_at" timestamp with time zone,
	"friendship_status_changed" boolean,
	"friend_flag" boolean
);
--> statement-breakpoint
ALTER TABLE "inflow_attributions" ADD CONSTRAINT "inflow_attributions_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_attributions" ADD CONSTRAINT "inflow_attributions_friend_fk" FOREIGN KEY ("line_account_id","friend_id") REFERENCES "public"."friends"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_attributions" ADD CONSTRAINT "inflow_attributions_route_fk" FOREIGN KEY ("line_account_id","route_id") REFERENCES "public"."inflow_routes"("line_account_id","id") ON DELETE SET NULL ("route_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_pending_follows" ADD CONSTRAINT "inflow_pending_follows_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_pending_follows" ADD CONSTRAINT "inflow_pending_follows_friend_fk" FOREIGN KEY ("line_account_id","friend_id") REFERENCES "public"."friends"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_route_history" ADD CONSTRAINT "inflow_route_history_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_route_history" ADD CONSTRAINT "inflow_route_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_route_history" ADD CONSTRAINT "inflow_route_history_route_fk" FOREIGN KEY ("line_account_id","route_id") REFERENCES "public"."inflow_routes"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_routes" ADD CONSTRAINT "inflow_routes_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_routes" ADD CONSTRAINT "inflow_routes_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_visits" ADD CONSTRAINT "inflow_visits_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_visits" ADD CONSTRAINT "inflow_visits_route_fk" FOREIGN KEY ("line_account_id","route_id") REFERENCES "public"."inflow_routes"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inflow_attributions_visit_idx" ON "inflow_attributions" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "inflow_attributions_route_at_idx" ON "inflow_attributions" USING btree ("line_account_id","route_id","attributed_at");--> statement-breakpoint
CREATE INDEX "inflow_attributions_friend_idx" ON "inflow_attributions" USING btree ("line_account_id","friend_id","attributed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inflow_pending_follows_event_idx" ON "inflow_pending_follows" USING btree ("webhook_event_id");--> statement-breakpoint
CREATE INDEX "inflow_pending_follows_friend_idx" ON "inflow_pending_follows" USING btree ("line_account_id","friend_id","occurred_at");--> statement-breakpoint
CREATE INDEX "inflow_route_history_route_idx" ON "inflow_route_history" USING btree ("line_account_id","route_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "inflow_routes_code_idx" ON "inflow_routes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "inflow_routes_channel_created_idx" ON "inflow_routes" USING btree ("line_account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inflow_routes_folder_idx" ON "inflow_routes" USING btree ("folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inflow_visits_token_idx" ON "inflow_visits" USING btree ("token");--> statement-breakpoint
CREATE INDEX "inflow_visits_route_at_idx" ON "inflow_visits" USING btree ("line_account_id","route_id","visited_at");--> statement-breakpoint
CREATE INDEX "inflow_visits_user_idx" ON "inflow_visits" USING btree ("line_account_id","line_user_id","logged_in_at");