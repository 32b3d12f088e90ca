CREATE TABLE "oem_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"oem_id" integer NOT NULL,
	"name" text NOT NULL,
	"monthly_price_yen" integer NOT NULL,
	"max_channels" integer NOT NULL,
	"max_staff_users" integer NOT NULL,
	"max_monthly_messages" integer NOT NULL,
	"rich_menu_rules" boolean DEFAULT true NOT NULL,
	"forms" boolean DEFAULT true NOT NULL,
	"inflow_routes" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oem_plans_oem_name_key" UNIQUE("oem_id","name"),
	CONSTRAINT "oem_plans_id_oem_key" UNIQUE("id","oem_id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "oem_plan_id" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "contact_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "contact_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "oem_plans" ADD CONSTRAINT "oem_plans_oem_id_oems_id_fk" FOREIGN KEY ("oem_id") REFERENCES "public"."oems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_oem_plan_fk" FOREIGN KEY ("oem_plan_id","oem_id") REFERENCES "public"."oem_plans"("id","oem_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_oem_plan_idx" ON "accounts" USING btree ("oem_plan_id");