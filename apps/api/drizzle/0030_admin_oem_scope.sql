ALTER TABLE "users" ADD COLUMN "oem_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_oem_id_oems_id_fk" FOREIGN KEY ("oem_id") REFERENCES "public"."oems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oems_one_default_idx" ON "oems" USING btree ("is_default") WHERE "oems"."is_default";--> statement-breakpoint
-- Existing admins become platform admins: of the default OEM, made (with placeholder branding) if there is none.
INSERT INTO "oems" ("name", "service_name", "domain", "is_default", "favicon_url", "primary_color", "header_color", "sider_color")
SELECT 'LinQ', 'LinQ', 'localhost', true, '/favicon.svg', '#06C755', '#ffffff', '#001529'
WHERE EXISTS (SELECT 1 FROM "users" WHERE "role" = 'admin')
  AND NOT EXISTS (SELECT 1 FROM "oems" WHERE "is_default");--> statement-breakpoint
UPDATE "users" SET "oem_id" = (SELECT "id" FROM "oems" WHERE "is_default") WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_admin_oem_check" CHECK (("users"."role" = 'admin') = ("users"."oem_id" is not null));--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_id_oem_key" UNIQUE("id","oem_id");--> statement-breakpoint
-- An account's OEM is its agency's: a row that disagreed follows its agency.
UPDATE "accounts" SET "oem_id" = "agencies"."oem_id" FROM "agencies" WHERE "agencies"."id" = "accounts"."agency_id" AND "agencies"."oem_id" <> "accounts"."oem_id";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_agency_oem_fk" FOREIGN KEY ("agency_id","oem_id") REFERENCES "public"."agencies"("id","oem_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_oem_idx" ON "users" USING btree ("oem_id");--> statement-breakpoint
CREATE INDEX "accounts_oem_idx" ON "accounts" USING btree ("oem_id");--> statement-breakpoint
CREATE INDEX "agencies_oem_idx" ON "agencies" USING btree ("oem_id");
