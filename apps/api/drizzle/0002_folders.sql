CREATE TABLE "folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer,
	"scope" text NOT NULL,
	"folder_type" text NOT NULL,
	"name" text NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folders_channel_type_name_key" UNIQUE NULLS NOT DISTINCT("line_account_id","folder_type","name"),
	CONSTRAINT "folders_scope_channel_check" CHECK (("folders"."scope" = 'admin') = ("folders"."line_account_id" is null))
);
--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folders_channel_type_sort_idx" ON "folders" USING btree ("line_account_id","folder_type","sort_index");