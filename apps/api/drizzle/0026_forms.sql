CREATE TABLE "form_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"friend_id" integer,
	"submission_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "form_answers_channel_id_key" UNIQUE("line_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"actor_name" text,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"token" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"public_code" text NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_channel_id_key" UNIQUE("line_account_id","id")
);
--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_form_fk" FOREIGN KEY ("line_account_id","form_id") REFERENCES "public"."forms"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_history" ADD CONSTRAINT "form_history_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_history" ADD CONSTRAINT "form_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_history" ADD CONSTRAINT "form_history_form_fk" FOREIGN KEY ("line_account_id","form_id") REFERENCES "public"."forms"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_form_fk" FOREIGN KEY ("line_account_id","form_id") REFERENCES "public"."forms"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_answers_submission_idx" ON "form_answers" USING btree ("form_id","submission_id");--> statement-breakpoint
CREATE INDEX "form_answers_form_time_idx" ON "form_answers" USING btree ("line_account_id","form_id","answered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_answers_channel_time_idx" ON "form_answers" USING btree ("line_account_id","answered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_answers_friend_time_idx" ON "form_answers" USING btree ("line_account_id","friend_id","answered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_history_form_idx" ON "form_history" USING btree ("line_account_id","form_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "form_uploads_token_idx" ON "form_uploads" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_public_code_idx" ON "forms" USING btree ("public_code");--> statement-breakpoint
CREATE INDEX "forms_channel_updated_idx" ON "forms" USING btree ("line_account_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forms_folder_idx" ON "forms" USING btree ("folder_id");