CREATE TABLE "agency_notice_picks" (
	"notice_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "agency_notice_picks_notice_id_account_id_pk" PRIMARY KEY("notice_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "agency_notice_recipients" (
	"notice_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "agency_notice_recipients_notice_id_account_id_pk" PRIMARY KEY("notice_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "agency_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"audience_plan_id" integer,
	"audience_contract_state" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"news_id" integer,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_notices_contract_state_check" CHECK (("agency_notices"."audience" = 'contract') = ("agency_notices"."audience_contract_state" is not null))
);
--> statement-breakpoint
CREATE TABLE "news_accounts" (
	"news_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "news_accounts_news_id_account_id_pk" PRIMARY KEY("news_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "agency_notice_picks" ADD CONSTRAINT "agency_notice_picks_notice_id_agency_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."agency_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_notice_picks" ADD CONSTRAINT "agency_notice_picks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_notice_recipients" ADD CONSTRAINT "agency_notice_recipients_notice_id_agency_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."agency_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_notice_recipients" ADD CONSTRAINT "agency_notice_recipients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_notices" ADD CONSTRAINT "agency_notices_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_notices" ADD CONSTRAINT "agency_notices_audience_plan_id_oem_plans_id_fk" FOREIGN KEY ("audience_plan_id") REFERENCES "public"."oem_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_notices" ADD CONSTRAINT "agency_notices_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_notices" ADD CONSTRAINT "agency_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_accounts" ADD CONSTRAINT "news_accounts_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_accounts" ADD CONSTRAINT "news_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_notice_picks_account_idx" ON "agency_notice_picks" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "agency_notice_recipients_account_idx" ON "agency_notice_recipients" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "agency_notices_agency_idx" ON "agency_notices" USING btree ("agency_id","send_at");--> statement-breakpoint
CREATE INDEX "agency_notices_due_idx" ON "agency_notices" USING btree ("status","send_at");--> statement-breakpoint
CREATE INDEX "agency_notices_plan_idx" ON "agency_notices" USING btree ("audience_plan_id");--> statement-breakpoint
CREATE INDEX "news_accounts_account_idx" ON "news_accounts" USING btree ("account_id");