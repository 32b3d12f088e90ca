ALTER TABLE "line_accounts" ADD COLUMN "login_channel_id" text;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "login_channel_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "login_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "login_check_error" text;