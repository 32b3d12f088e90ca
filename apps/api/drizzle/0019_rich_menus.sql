-- Plans kept a bare rich_menu_id before rich menus existed: none of them names a menu, so they are cleared
-- before the channel references are added.
UPDATE "plans" SET "rich_menu_id" = NULL WHERE "rich_menu_id" IS NOT NULL;--> statement-breakpoint
UPDATE "plan_actions" SET "rich_menu_id" = NULL WHERE "rich_menu_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "rich_menu_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"rich_menu_id" integer NOT NULL,
	"position" integer NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"action_type" text NOT NULL,
	"action" jsonb NOT NULL,
	"switch_rich_menu_id" integer,
	"tap_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rich_menu_areas_channel_id_key" UNIQUE("line_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "rich_menu_friends" (
	"line_account_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"personal_rich_menu_id" integer,
	"linked_line_rich_menu_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rich_menu_friends_line_account_id_friend_id_pk" PRIMARY KEY("line_account_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "rich_menu_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"rich_menu_id" integer NOT NULL,
	"name" text NOT NULL,
	"priority" integer NOT NULL,
	"audience" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rich_menu_settings" (
	"line_account_id" integer PRIMARY KEY NOT NULL,
	"default_rich_menu_id" integer,
	"line_default_rich_menu_id" text,
	"relink_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rich_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"chat_bar_text" text NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"alias_id" text,
	"width" integer,
	"height" integer,
	"image_key" text,
	"image_type" text,
	"display_from" timestamp with time zone,
	"display_to" timestamp with time zone,
	"publish_state" text DEFAULT 'draft' NOT NULL,
	"edited_since_publish" boolean DEFAULT true NOT NULL,
	"line_rich_menu_id" text,
	"retired_line_rich_menu_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publish_error" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rich_menus_channel_id_key" UNIQUE("line_account_id","id")
);
--> statement-breakpoint
ALTER TABLE "rich_menu_areas" ADD CONSTRAINT "rich_menu_areas_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_areas" ADD CONSTRAINT "rich_menu_areas_menu_fk" FOREIGN KEY ("line_account_id","rich_menu_id") REFERENCES "public"."rich_menus"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_areas" ADD CONSTRAINT "rich_menu_areas_switch_fk" FOREIGN KEY ("line_account_id","switch_rich_menu_id") REFERENCES "public"."rich_menus"("line_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_friends" ADD CONSTRAINT "rich_menu_friends_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_friends" ADD CONSTRAINT "rich_menu_friends_friend_fk" FOREIGN KEY ("line_account_id","friend_id") REFERENCES "public"."friends"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_friends" ADD CONSTRAINT "rich_menu_friends_menu_fk" FOREIGN KEY ("line_account_id","personal_rich_menu_id") REFERENCES "public"."rich_menus"("line_account_id","id") ON DELETE SET NULL ("personal_rich_menu_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_rules" ADD CONSTRAINT "rich_menu_rules_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_rules" ADD CONSTRAINT "rich_menu_rules_menu_fk" FOREIGN KEY ("line_account_id","rich_menu_id") REFERENCES "public"."rich_menus"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_settings" ADD CONSTRAINT "rich_menu_settings_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_settings" ADD CONSTRAINT "rich_menu_settings_default_fk" FOREIGN KEY ("line_account_id","default_rich_menu_id") REFERENCES "public"."rich_menus"("line_account_id","id") ON DELETE SET NULL ("default_rich_menu_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menus" ADD CONSTRAINT "rich_menus_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menus" ADD CONSTRAINT "rich_menus_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rich_menu_areas_menu_idx" ON "rich_menu_areas" USING btree ("rich_menu_id","position");--> statement-breakpoint
CREATE INDEX "rich_menu_friends_linked_idx" ON "rich_menu_friends" USING btree ("line_account_id","linked_line_rich_menu_id");--> statement-breakpoint
CREATE INDEX "rich_menu_rules_channel_priority_idx" ON "rich_menu_rules" USING btree ("line_account_id","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "rich_menus_channel_alias_idx" ON "rich_menus" USING btree ("line_account_id","alias_id") WHERE "rich_menus"."alias_id" is not null;--> statement-breakpoint
CREATE INDEX "rich_menus_channel_updated_idx" ON "rich_menus" USING btree ("line_account_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rich_menus_folder_idx" ON "rich_menus" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "rich_menus_name_trgm_idx" ON "rich_menus" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "plan_actions" ADD CONSTRAINT "plan_actions_rich_menu_fk" FOREIGN KEY ("line_account_id","rich_menu_id") REFERENCES "public"."rich_menus"("line_account_id","id") ON DELETE SET NULL ("rich_menu_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_rich_menu_fk" FOREIGN KEY ("line_account_id","rich_menu_id") REFERENCES "public"."rich_menus"("line_account_id","id") ON DELETE SET NULL ("rich_menu_id") ON UPDATE no action;