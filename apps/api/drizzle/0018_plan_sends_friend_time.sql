DROP INDEX "plan_sends_friend_idx";--> statement-breakpoint
CREATE INDEX "plan_sends_friend_idx" ON "plan_sends" USING btree ("friend_id","sent_at","id");