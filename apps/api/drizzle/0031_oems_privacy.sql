CREATE TABLE "oem_page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"oem_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oem_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"oem_id" integer NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oem_domains_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "company_address" text;--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "company_phone" text;--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "mail_from_name" text;--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "mail_from_address" text;--> statement-breakpoint
ALTER TABLE "oems" ADD COLUMN "landing_text" text;--> statement-breakpoint
ALTER TABLE "oem_page_versions" ADD CONSTRAINT "oem_page_versions_oem_id_oems_id_fk" FOREIGN KEY ("oem_id") REFERENCES "public"."oems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oem_page_versions" ADD CONSTRAINT "oem_page_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oem_domains" ADD CONSTRAINT "oem_domains_oem_id_oems_id_fk" FOREIGN KEY ("oem_id") REFERENCES "public"."oems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oem_page_versions_kind_version_idx" ON "oem_page_versions" USING btree ("oem_id","kind","version");--> statement-breakpoint
CREATE INDEX "oem_domains_oem_idx" ON "oem_domains" USING btree ("oem_id");