CREATE SEQUENCE "public"."message_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "message_template_actions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"line_account_id" integer,
	"label" text NOT NULL,
	"action_type" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer,
	"folder_id" integer,
	"name" text NOT NULL,
	"message_type" text NOT NULL,
	"message" jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_template_actions" ADD CONSTRAINT "message_template_actions_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_actions" ADD CONSTRAINT "message_template_actions_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_template_actions_template_idx" ON "message_template_actions" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "message_templates_channel_type_updated_idx" ON "message_templates" USING btree ("line_account_id","message_type","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_templates_teppan_updated_idx" ON "message_templates" USING btree ("message_type","updated_at" DESC NULLS LAST) WHERE "message_templates"."line_account_id" is null;--> statement-breakpoint
CREATE INDEX "message_templates_folder_idx" ON "message_templates" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "message_templates_name_trgm_idx" ON "message_templates" USING gin ("name" gin_trgm_ops);