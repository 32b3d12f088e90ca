CREATE TABLE "billing_accounts" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"method" text DEFAULT 'invoice' NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"pending_plan_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"grace_until" timestamp with time zone,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_period_check" CHECK ("billing_accounts"."period_end" >= "billing_accounts"."period_start")
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"number" text NOT NULL,
	"method" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"items" jsonb NOT NULL,
	"taxes" jsonb NOT NULL,
	"subtotal_yen" integer NOT NULL,
	"tax_yen" integer NOT NULL,
	"total_yen" integer NOT NULL,
	"issuer_name" text NOT NULL,
	"issuer_registration_number" text NOT NULL,
	"recipient_name" text NOT NULL,
	"provider_invoice_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "billing_invoices_provider_invoice_id_unique" UNIQUE("provider_invoice_id")
);
--> statement-breakpoint
CREATE TABLE "billing_provider_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "invoice_registration_number" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_pending_plan_id_oem_plans_id_fk" FOREIGN KEY ("pending_plan_id") REFERENCES "public"."oem_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_accounts_customer_idx" ON "billing_accounts" USING btree ("provider_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_account_period_idx" ON "billing_invoices" USING btree ("account_id","period_start") WHERE "billing_invoices"."provider_invoice_id" is null;--> statement-breakpoint
CREATE INDEX "billing_invoices_status_idx" ON "billing_invoices" USING btree ("status","due_on");