CREATE TABLE "friend_info_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"name" text NOT NULL,
	"field_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_info_fields_channel_name_key" UNIQUE("line_account_id","name")
);
--> statement-breakpoint
CREATE TABLE "friend_info_values" (
	"friend_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_info_values_friend_id_field_id_pk" PRIMARY KEY("friend_id","field_id")
);
--> statement-breakpoint
DROP INDEX "friend_marks_mark_idx";--> statement-breakpoint
DROP INDEX "friend_tags_tag_idx";--> statement-breakpoint
DROP INDEX "friends_channel_last_message_idx";--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "display_name_override" text;--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hide_tutorial_screens" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "friend_info_fields" ADD CONSTRAINT "friend_info_fields_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_info_values" ADD CONSTRAINT "friend_info_values_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_info_values" ADD CONSTRAINT "friend_info_values_field_id_friend_info_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."friend_info_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friend_info_values_field_idx" ON "friend_info_values" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "friends_channel_followed_idx" ON "friends" USING btree ("line_account_id","followed_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "friends_channel_status_idx" ON "friends" USING btree ("line_account_id","status");--> statement-breakpoint
CREATE INDEX "friends_channel_name_idx" ON "friends" USING btree ("line_account_id",coalesce("display_name_override", "display_name"),"id");--> statement-breakpoint
CREATE INDEX "friends_channel_score_idx" ON "friends" USING btree ("line_account_id","score","id");--> statement-breakpoint
CREATE INDEX "friend_marks_mark_idx" ON "friend_marks" USING btree ("mark_id","friend_id");--> statement-breakpoint
CREATE INDEX "friend_tags_tag_idx" ON "friend_tags" USING btree ("tag_id","friend_id");--> statement-breakpoint
CREATE INDEX "friends_channel_last_message_idx" ON "friends" USING btree ("line_account_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS FIRST);