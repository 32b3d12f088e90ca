-- A delivery's recipients move onto the delivery: LINE accepts or refuses a request as a whole, so
-- each recipient's status was always the delivery's, written a second time per friend.
ALTER TABLE "deliveries" ADD COLUMN "friend_ids" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
UPDATE "deliveries" AS d SET "friend_ids" = r.ids
FROM (SELECT "delivery_id", array_agg("friend_id" ORDER BY "friend_id") AS ids FROM "delivery_recipients" GROUP BY "delivery_id") AS r
WHERE r."delivery_id" = d."id";
--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "friend_ids" DROP DEFAULT;
--> statement-breakpoint
DROP TABLE "delivery_recipients" CASCADE;
--> statement-breakpoint
-- Deliveries are removed only with their channel, which takes the plan sends with it; nothing looks
-- plan sends up by delivery.
ALTER TABLE "plan_sends" DROP CONSTRAINT "plan_sends_delivery_id_deliveries_id_fk";
--> statement-breakpoint
DROP INDEX "plan_sends_delivery_idx";
