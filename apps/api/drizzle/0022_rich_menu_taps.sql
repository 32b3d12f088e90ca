-- A deleted friend's taps still count: only friend_id is cleared (SET NULL (col), PostgreSQL 15+).
CREATE TABLE "rich_menu_taps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"rich_menu_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"friend_id" integer,
	"tapped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rich_menu_taps" ADD CONSTRAINT "rich_menu_taps_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_taps" ADD CONSTRAINT "rich_menu_taps_area_fk" FOREIGN KEY ("line_account_id","area_id") REFERENCES "public"."rich_menu_areas"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_menu_taps" ADD CONSTRAINT "rich_menu_taps_friend_fk" FOREIGN KEY ("line_account_id","friend_id") REFERENCES "public"."friends"("line_account_id","id") ON DELETE SET NULL ("friend_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rich_menu_taps_menu_at_idx" ON "rich_menu_taps" USING btree ("line_account_id","rich_menu_id","tapped_at");