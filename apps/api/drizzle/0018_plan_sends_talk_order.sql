DROP INDEX "plan_sends_friend_idx";--> statement-breakpoint
ALTER TABLE "plan_sends" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "plan_sends_friend_idx" ON "plan_sends" USING btree ("friend_id","recorded_at","id");