ALTER TABLE "users" ADD COLUMN "agency_role" text;--> statement-breakpoint
UPDATE "users" SET "agency_role" = 'manager' WHERE "role" = 'agency';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_role_check" CHECK (("users"."role" = 'agency') = ("users"."agency_role" is not null));
--> statement-breakpoint
CREATE TABLE "agency_contract_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"oem_plan_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"monthly_fee_yen" integer DEFAULT 0 NOT NULL,
	"billing_cycle" text DEFAULT 'monthly' NOT NULL,
	"auto_renewal" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_contracts_dates_check" CHECK ("agency_contracts"."end_date" >= "agency_contracts"."start_date")
);
--> statement-breakpoint
ALTER TABLE "agency_contract_changes" ADD CONSTRAINT "agency_contract_changes_contract_id_agency_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agency_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_changes" ADD CONSTRAINT "agency_contract_changes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contract_changes" ADD CONSTRAINT "agency_contract_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contracts" ADD CONSTRAINT "agency_contracts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contracts" ADD CONSTRAINT "agency_contracts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_contracts" ADD CONSTRAINT "agency_contracts_oem_plan_id_oem_plans_id_fk" FOREIGN KEY ("oem_plan_id") REFERENCES "public"."oem_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_contract_changes_contract_idx" ON "agency_contract_changes" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "agency_contracts_agency_idx" ON "agency_contracts" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "agency_contracts_account_idx" ON "agency_contracts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "agency_contracts_plan_idx" ON "agency_contracts" USING btree ("oem_plan_id");