ALTER TABLE "billing_accounts" DROP CONSTRAINT "billing_accounts_pending_plan_id_oem_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_pending_plan_id_oem_plans_id_fk" FOREIGN KEY ("pending_plan_id") REFERENCES "public"."oem_plans"("id") ON DELETE set null ON UPDATE no action;