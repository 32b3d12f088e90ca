ALTER TABLE "plans" RENAME COLUMN "trigger_tag_id" TO "trigger_ref_id";--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT "plans_trigger_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "profile_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_history" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "plans_channel_trigger_idx" ON "plans" USING btree ("line_account_id","scenario_trigger","trigger_ref_id") WHERE plan_type = 'scenario' and is_active;--> statement-breakpoint
-- History written as Japanese sentences is kept as its text; new entries keep their facts by kind.
UPDATE "plan_history" SET "params" = jsonb_build_object('text', "summary");--> statement-breakpoint
ALTER TABLE "plan_history" DROP COLUMN "summary";--> statement-breakpoint
-- End reasons written as sentences become the codes the console words.
UPDATE "plan_enrolments" SET "end_reason" = CASE "end_reason"
  WHEN 'スタッフが停止' THEN 'stopped_by_staff'
  WHEN '待っていたボックスがプランから削除されました' THEN 'box_removed'
  WHEN '停止中に送信予定だった選択肢付きのメッセージをスキップしました' THEN 'skipped_wait'
  WHEN '新しい自動応答が始まりました' THEN 'replaced_by_new_reply'
  WHEN '送信できませんでした' THEN 'not_sent'
  ELSE "end_reason" END
WHERE "end_reason" IS NOT NULL;