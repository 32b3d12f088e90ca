CREATE TABLE "friend_import_mappings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "friend_import_rows" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"friend_id" integer,
	"line_user_id" text,
	"tool_id" text,
	"message" text,
	"before" jsonb,
	"waiting" boolean DEFAULT false NOT NULL,
	CONSTRAINT "friend_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "friend_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"encoding" text NOT NULL,
	"headers" jsonb NOT NULL,
	"sample" jsonb NOT NULL,
	"mapping" jsonb,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"total_rows" integer,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "friend_import_mappings" ADD CONSTRAINT "friend_import_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_import_rows" ADD CONSTRAINT "friend_import_rows_import_id_friend_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."friend_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_imports" ADD CONSTRAINT "friend_imports_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friend_import_rows_waiting_idx" ON "friend_import_rows" USING btree ("line_account_id","friend_id") WHERE waiting;--> statement-breakpoint
CREATE INDEX "friend_imports_channel_idx" ON "friend_imports" USING btree ("line_account_id","id");