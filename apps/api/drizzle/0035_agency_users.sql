ALTER TABLE "users" ADD COLUMN "agency_role" text;--> statement-breakpoint
UPDATE "users" SET "agency_role" = 'manager' WHERE "role" = 'agency';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_role_check" CHECK (("users"."role" = 'agency') = ("users"."agency_role" is not null));
