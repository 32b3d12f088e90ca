CREATE TABLE "conversion_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"goal_url" text,
	"count_mode" text DEFAULT 'once' NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversion_points_code_unique" UNIQUE("code"),
	CONSTRAINT "conversion_points_channel_id_key" UNIQUE("line_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "conversion_settings" (
	"line_account_id" integer PRIMARY KEY NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"friend_id" integer,
	"reached_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"inflow_route_id" integer,
	"inflow_route_name" text,
	"click_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"action_item_id" bigint,
	"plan_id" integer,
	"webhook_state" text DEFAULT 'none' NOT NULL,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"webhook_next_at" timestamp with time zone,
	"webhook_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_link_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"token" text NOT NULL,
	"action_item_id" bigint NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversion_points" ADD CONSTRAINT "conversion_points_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_points" ADD CONSTRAINT "conversion_points_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_settings" ADD CONSTRAINT "conversion_settings_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_point_fk" FOREIGN KEY ("line_account_id","point_id") REFERENCES "public"."conversion_points"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_friend_fk" FOREIGN KEY ("line_account_id","friend_id") REFERENCES "public"."friends"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_link_clicks" ADD CONSTRAINT "tracked_link_clicks_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_link_clicks" ADD CONSTRAINT "tracked_link_clicks_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_link_clicks" ADD CONSTRAINT "tracked_link_clicks_token_tracked_links_token_fk" FOREIGN KEY ("token") REFERENCES "public"."tracked_links"("token") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_points_channel_updated_idx" ON "conversion_points" USING btree ("line_account_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversion_points_folder_idx" ON "conversion_points" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "conversions_point_reached_idx" ON "conversions" USING btree ("point_id","reached_at");--> statement-breakpoint
CREATE INDEX "conversions_friend_reached_idx" ON "conversions" USING btree ("friend_id","reached_at","id");--> statement-breakpoint
CREATE INDEX "conversions_webhook_pending_idx" ON "conversions" USING btree ("line_account_id","webhook_state","webhook_next_at");--> statement-breakpoint
CREATE INDEX "tracked_link_clicks_friend_idx" ON "tracked_link_clicks" USING btree ("friend_id","clicked_at","id");--> statement-breakpoint
CREATE INDEX "tracked_link_clicks_item_idx" ON "tracked_link_clicks" USING btree ("action_item_id");