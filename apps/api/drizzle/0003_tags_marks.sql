CREATE TABLE "friend_marks" (
	"friend_id" integer NOT NULL,
	"mark_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_marks_friend_id_mark_id_pk" PRIMARY KEY("friend_id","mark_id")
);
--> statement-breakpoint
CREATE TABLE "friend_tags" (
	"friend_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_tags_friend_id_tag_id_pk" PRIMARY KEY("friend_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"color" text NOT NULL,
	CONSTRAINT "marks_channel_name_key" UNIQUE("line_account_id","name")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_channel_name_key" UNIQUE("line_account_id","name")
);
--> statement-breakpoint
ALTER TABLE "friend_marks" ADD CONSTRAINT "friend_marks_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_marks" ADD CONSTRAINT "friend_marks_mark_id_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."marks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_tags" ADD CONSTRAINT "friend_tags_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_tags" ADD CONSTRAINT "friend_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friend_marks_mark_idx" ON "friend_marks" USING btree ("mark_id");--> statement-breakpoint
CREATE INDEX "friend_tags_tag_idx" ON "friend_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "marks_folder_idx" ON "marks" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "tags_folder_idx" ON "tags" USING btree ("folder_id");