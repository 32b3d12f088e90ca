ALTER TABLE "plan_sends" DROP CONSTRAINT "plan_sends_line_account_id_line_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_sends" DROP CONSTRAINT "plan_sends_plan_id_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_sends" DROP CONSTRAINT "plan_sends_friend_id_friends_id_fk";
--> statement-breakpoint
-- Every recipient row is updated once when its delivery settles: with room left on its page the
-- new version stays there (a HOT update) and no index is written again.
ALTER TABLE "delivery_recipients" SET (fillfactor = 50);
