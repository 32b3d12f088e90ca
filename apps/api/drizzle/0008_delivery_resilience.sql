CREATE TABLE "channel_delivery_states" (
	"line_account_id" integer PRIMARY KEY NOT NULL,
	"credentials_invalid_since" timestamp with time zone,
	"credentials_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "wait_reason" text;--> statement-breakpoint
UPDATE "deliveries" SET "status" = 'waiting', "wait_reason" = 'quota' WHERE "status" = 'waiting_quota';--> statement-breakpoint
ALTER TABLE "channel_delivery_states" ADD CONSTRAINT "channel_delivery_states_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_waiting_idx" ON "deliveries" USING btree ("line_account_id","wait_reason","next_attempt_at") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "deliveries" USING btree ("next_attempt_at") WHERE status in ('queued', 'waiting', 'sending');