CREATE TABLE "channel_cutovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"unlinked_friends" integer,
	"default_cleared" boolean,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channel_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"line_account_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"byte_size" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_cutovers" ADD CONSTRAINT "channel_cutovers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_cutovers" ADD CONSTRAINT "channel_cutovers_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_exports" ADD CONSTRAINT "channel_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_exports" ADD CONSTRAINT "channel_exports_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_cutovers_account_idx" ON "channel_cutovers" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "channel_exports_account_idx" ON "channel_exports" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "channel_exports_expiry_idx" ON "channel_exports" USING btree ("expires_at");